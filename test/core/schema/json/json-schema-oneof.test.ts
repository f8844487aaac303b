import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { create, createFileRegistry, type FileRegistry } from '@bufbuild/protobuf';
import { FileDescriptorSetSchema } from '@bufbuild/protobuf/wkt';
import { encodeJson } from '../../../../src/core/schema/json/codec';
import { toJsonSchema } from '../../../../src/core/schema/json/json-schema';
import { PAIRWISE_ONEOF_LIMIT } from '../../../../src/core/schema/json/json-schema-oneof';
import type { JsonSchema } from '../../../../src/core/schema/json/json-schema-types';
import { compileProtos } from '../../../../src/core/schema/proto/compile';
import { makeAjv, schemaErrors } from './ajv';
import { monacoJson, type MonacoJson } from './monaco-json';
import { message } from './registries';

const googleapisRoot = join(createRequire(import.meta.url).resolve('google-proto-files/package.json'), '..');

/** `count` string members named `<prefix>_1`…, numbered from `first`. */
function members(prefix: string, count: number, first = 1): string {
  return Array.from({ length: count }, (_, i) => `    string ${prefix}_${i + 1} = ${first + i};`).join('\n');
}

const wideProto = `syntax = "proto3";
package protodesk.test.oneof;

message Wide200 {
  oneof choice {
${members('choice', 200)}
  }
  oneof small {
    string small_a = 201;
    int32 small_b = 202;
  }
}

message Wide100 {
  oneof choice {
${members('choice', 100)}
  }
}

message AtLimit {
  oneof pick {
${members('pick', PAIRWISE_ONEOF_LIMIT)}
  }
}
`;

let dir: string;
let registry: FileRegistry;
let wide: JsonSchema;
let monaco: MonacoJson;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'protodesk-oneof-'));
  await writeFile(join(dir, 'wide.proto'), wideProto);
  const compiled = await compileProtos({ files: [join(dir, 'wide.proto')], importPaths: [dir] });
  registry = createFileRegistry(create(FileDescriptorSetSchema, { file: compiled.files }));
  wide = toJsonSchema(message(registry, 'protodesk.test.oneof.Wide200'));
  monaco = await monacoJson(wide);
}, 60_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

const choiceNames = Array.from({ length: 200 }, (_, i) => `choice${i + 1}`);
/** What Monaco shows at `second` when `first` is set before it. */
const clash = (first: string, second: string) => ({
  message: `"${first}" and "${second}" are both in oneof "choice"; set only one.`,
  at: `"${second}"`,
});

describe('the request schema of a message with a big oneof', () => {
  test('grows linearly with the members: kilobytes for 200, not the megabytes of a rule per pair', () => {
    const size200 = JSON.stringify(wide).length;
    const size100 = JSON.stringify(toJsonSchema(message(registry, 'protodesk.test.oneof.Wide100'))).length;
    console.log(`request schema: ${size100} bytes for a 100-member oneof, ${size200} bytes for 200`);
    // A rule per pair of the 400 names, each listing the members, was about 160 MB; doubling quadrupled it. (Each
    // member's messages, naming the field and its type, make up most of today's size.)
    expect(size200).toBeLessThan(300_000);
    expect(size200 / size100).toBeLessThan(2.5);
  });

  test('Monaco marks the member set second, by JSON or proto name, and accepts one', async () => {
    expect(await monaco.shown('{"choice1": "a", "choice200": "b"}')).toEqual([clash('choice1', 'choice200')]);
    expect(await monaco.shown('{"choice_7": "a", "choice150": "b"}')).toEqual([
      clash('choice_7', 'choice150'),
    ]);
    expect(await monaco.problems('{"choice150": "a", "smallB": 1}')).toEqual([]);
    expect(await monaco.problems('{"choice_150": "a"}')).toEqual([]);
    expect(await monaco.problems('{}')).toEqual([]);
  });

  test('one member by both names is the alias message only, not the oneof one', async () => {
    expect(await monaco.problems('{"choice9": "a", "choice_9": "b"}')).toEqual([
      'Set "choice9" or "choice_9", not both.',
    ]);
  });

  test('Monaco still offers every member of the big oneof, by JSON name', async () => {
    const labels = await monaco.completions('{"smallA": "x", }', 16);
    expect(labels.sort()).toEqual([...choiceNames, 'smallB'].sort());
  });

  test('a strict draft-07 validator agrees: one member passes, two fail at the request', () => {
    const ajv = makeAjv();
    expect(schemaErrors(ajv, wide, { choice3: 'a', small_a: 'b' })).toEqual([]);
    const errors = schemaErrors(ajv, wide, { choice3: 'a', choice4: 'b' });
    expect(errors.map((e) => [e.instancePath, e.keyword])).toContainEqual(['', 'propertyNames']);
  });

  test('small oneofs keep a rule per member name, marking the other members at their keys', () => {
    const small = wide.definitions?.['protodesk.test.oneof.Wide200']?.allOf ?? [];
    for (const [name, others] of [
      ['smallA', ['smallB', 'small_b']],
      ['small_a', ['smallB', 'small_b']],
      ['smallB', ['smallA', 'small_a']],
    ] as const) {
      expect(small).toContainEqual({
        if: { required: [name] },
        then: {
          properties: Object.fromEntries(others.map((other) => [other, false])),
          errorMessage: `"${name}" and {got} are both in oneof "small"; set only one.`,
        },
      });
    }
    const atLimit = toJsonSchema(message(registry, 'protodesk.test.oneof.AtLimit'));
    const rules = atLimit.definitions?.['protodesk.test.oneof.AtLimit']?.allOf ?? [];
    expect(rules).toContainEqual(expect.objectContaining({ if: { required: ['pick1'] } }));
    expect(rules.filter((rule) => rule.not?.not)).toEqual([]);
  });

  test('Monaco marks the member set second, at its key, naming the first and the oneof', async () => {
    const text = '{"smallB": 1, "choice1": "a", "small_a": "x"}';
    expect(await monaco.shown(text)).toEqual([
      { message: '"smallB" and "small_a" are both in oneof "small"; set only one.', at: '"small_a"' },
    ]);
  });
});

describe('sending two members of a big oneof', () => {
  test('is refused by the engine when it encodes the request, naming both members', () => {
    expect(() =>
      encodeJson(
        registry,
        message(registry, 'protodesk.test.oneof.Wide200'),
        '{"choice1": "a", "choice200": "b"}',
      ),
    ).toThrow(
      `choice200: oneof choice already has "choice1" set; set only one of ${choiceNames.slice(0, 12).join(', ')}, ...`,
    );
  });
});

describe("googleapis' Google Ads ErrorCode (a oneof of 167 enums)", () => {
  test('has a request schema under a megabyte, built in well under a second, that still completes values', async () => {
    const errors = join(googleapisRoot, 'google/ads/googleads/v25/errors/errors.proto');
    const compiled = await compileProtos({ files: [errors], importPaths: [googleapisRoot] });
    const ads = createFileRegistry(create(FileDescriptorSetSchema, { file: compiled.files }));
    const errorCode = message(ads, 'google.ads.googleads.v25.errors.ErrorCode');
    const start = performance.now();
    const schema = toJsonSchema(errorCode);
    const size = JSON.stringify(schema).length;
    const ms = performance.now() - start;
    console.log(`ErrorCode request schema: ${size} bytes in ${ms.toFixed(0)} ms (it was 198 MB)`);
    expect(size).toBeLessThan(1_000_000);
    expect(ms).toBeLessThan(1_000);
    const adsMonaco = await monacoJson(schema);
    const problems = await adsMonaco.shown('{"requestError": "UNKNOWN", "biddingError": "UNKNOWN"}');
    expect(problems).toEqual([
      {
        message: '"requestError" and "biddingError" are both in oneof "error_code"; set only one.',
        at: '"biddingError"',
      },
    ]);
    const values = await adsMonaco.completions('{"requestError": }', 17);
    expect(values).toContain('"RESOURCE_NAME_MISSING"');
  }, 60_000);
});
