import { create, createFileRegistry, createRegistry, fromJson, toBinary } from '@bufbuild/protobuf';
import { AnySchema } from '@bufbuild/protobuf/wkt';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { decodeStatusDetails } from '../../../src/core/call/status-details';
import { loadSchema } from '../../../src/core/schema/load';
import type { Schema } from '../../../src/core/schema/schema';
import { protoc } from '../../helpers/protoc';
import { richFailures, richProtoRoot, richRegistry, type RichFailure } from '../../peers/js-rich/details';

let schema: Schema;
let failures: Map<string, RichFailure>;

beforeAll(async () => {
  schema = await loadSchema({
    kind: 'protoFiles',
    files: [join(richProtoRoot, 'rich/errors.proto')],
    importPaths: [richProtoRoot],
  });
  failures = await richFailures();
});

/** The bytes the test server sends for `kind`. */
function bytesOf(kind: string): Uint8Array {
  const failure = failures.get(kind);
  if (!failure) throw new Error(`no failure kind ${kind}`);
  return failure.details;
}

describe('google/rpc/error_details.proto types are always known', () => {
  test('BadRequest field violations', () => {
    expect(decodeStatusDetails(schema.registry, bytesOf('bad-request'))).toEqual({
      details:
        '{"code":3,"message":"the request has 2 invalid fields","details":[{"@type":"type.googleapis.com/google.rpc.BadRequest",' +
        '"fieldViolations":[{"field":"name","description":"must not be empty"},' +
        '{"field":"pets[1].age","description":"must be at least 0","reason":"NEGATIVE_AGE"}]}]}',
    });
  });

  test('ErrorInfo with its metadata map', () => {
    expect(decodeStatusDetails(schema.registry, bytesOf('error-info'))).toEqual({
      details:
        '{"code":7,"message":"the Errors API is disabled for this project","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo",' +
        '"reason":"API_DISABLED","domain":"rich.example.com","metadata":{"service":"rich.example.com","consumer":"projects/42"}}]}',
    });
  });

  test('RetryInfo prints its delay as a Duration string', () => {
    expect(decodeStatusDetails(schema.registry, bytesOf('retry'))).toEqual({
      details:
        '{"code":14,"message":"try again in a moment","details":[{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"1.500s"}]}',
    });
  });

  test('the other seven types, in the order sent', () => {
    expect(decodeStatusDetails(schema.registry, bytesOf('every'))).toEqual({
      details:
        '{"code":9,"message":"every detail type at once","details":[' +
        '{"@type":"type.googleapis.com/google.rpc.DebugInfo","stackEntries":["main.go:12","fail.go:7"],"detail":"boom"},' +
        '{"@type":"type.googleapis.com/google.rpc.QuotaFailure","violations":[{"subject":"project:42","description":"daily limit",' +
        '"quotaDimensions":{"region":"eu"},"quotaValue":"100"}]},' +
        '{"@type":"type.googleapis.com/google.rpc.PreconditionFailure","violations":[{"type":"TOS","subject":"user:7","description":"terms not accepted"}]},' +
        '{"@type":"type.googleapis.com/google.rpc.RequestInfo","requestId":"req-1","servingData":"shard 3"},' +
        '{"@type":"type.googleapis.com/google.rpc.ResourceInfo","resourceType":"book","resourceName":"shelves/1/books/2","owner":"user:7","description":"not found"},' +
        '{"@type":"type.googleapis.com/google.rpc.Help","links":[{"description":"Docs","url":"https://example.com/help"}]},' +
        '{"@type":"type.googleapis.com/google.rpc.LocalizedMessage","locale":"fr-FR","message":"Échec"}]}',
    });
  });

  test('are known even with an empty schema', () => {
    expect(decodeStatusDetails(createRegistry(), bytesOf('retry')).details).toBe(
      '{"code":14,"message":"try again in a moment","details":[{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"1.500s"}]}',
    );
  });
});

describe("the user's schema", () => {
  test('decodes its own detail types, in the same canonical JSON as responses (int64 as a string, shortest float)', () => {
    expect(decodeStatusDetails(schema.registry, bytesOf('custom'))).toEqual({
      details:
        '{"code":8,"message":"call quota exceeded","details":[{"@type":"type.googleapis.com/rich.QuotaBreach",' +
        '"resource":"calls","used":"9007199254740993","ratio":0.1}]}',
    });
  });

  test('wins over the bundled error_details.proto (a newer ErrorInfo with an extra field)', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'rich-'));
    await writeFile(
      join(folder, 'newer.proto'),
      'syntax = "proto3";\npackage google.rpc;\nmessage ErrorInfo { string reason = 1; string domain = 2; map<string, string> metadata = 3; string region = 4; }\n',
    );
    const newer = await loadSchema({
      kind: 'protoFiles',
      files: [join(folder, 'newer.proto')],
      importPaths: [folder],
    });
    // Encoded by @bufbuild/protobuf with protoc's descriptors of the same file (later registries win).
    const types = createRegistry(
      await richRegistry(),
      createFileRegistry(await protoc(['newer.proto'], [folder])),
    );
    const statusDesc = types.getMessage('google.rpc.Status')!;
    const json = {
      code: 7,
      details: [
        { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'WRONG_REGION', region: 'eu-west' },
      ],
    };
    const bytes = toBinary(statusDesc, fromJson(statusDesc, json, { registry: types }));
    expect(decodeStatusDetails(newer.registry, bytes).details).toBe(
      '{"code":7,"details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"WRONG_REGION","region":"eu-west"}]}',
    );
  });

  test('print options apply: .proto field names, and defaults emitted', () => {
    expect(decodeStatusDetails(schema.registry, bytesOf('retry'), { protoFieldNames: true }).details).toBe(
      '{"code":14,"message":"try again in a moment","details":[{"@type":"type.googleapis.com/google.rpc.RetryInfo","retry_delay":"1.500s"}]}',
    );
    expect(decodeStatusDetails(schema.registry, new Uint8Array(), { emitDefaults: true }).details).toBe(
      '{"code":0,"message":"","details":[]}',
    );
  });
});

describe('what cannot be decoded is kept and explained', () => {
  test('a type no schema defines keeps its bytes as base64; the other details still decode', () => {
    expect(decodeStatusDetails(schema.registry, bytesOf('unknown'))).toEqual({
      details:
        '{"code":10,"message":"the server knows something you do not","details":[' +
        '{"@type":"type.googleapis.com/rich.secret.Hidden","value":"CgpjbGFzc2lmaWVk"},' +
        '{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"SECRET","domain":"rich.example.com"}]}',
      detailsProblem:
        'details[0] is a rich.secret.Hidden, which the schema does not define; its 12 bytes are shown as base64 in "value" ' +
        '(load the .proto that defines it to see its fields).',
    });
  });

  test('a known type whose bytes are cut short', () => {
    expect(decodeStatusDetails(schema.registry, bytesOf('bad-detail'))).toEqual({
      details:
        '{"code":13,"message":"a detail is cut short","details":[{"@type":"type.googleapis.com/google.rpc.BadRequest","value":"CgUKAQ=="}]}',
      detailsProblem:
        'details[0] is a google.rpc.BadRequest whose bytes do not decode (premature EOF); its 4 bytes are shown as base64 in "value".',
    });
  });

  test('a detail without a type URL, one line per problem', async () => {
    const statusDesc = (await richRegistry()).getMessage('google.rpc.Status')!;
    const untyped = create(AnySchema, { value: new Uint8Array([1, 2, 3]) });
    const unknown = create(AnySchema, { typeUrl: 'example.com/x.Y', value: new Uint8Array() });
    const bytes = toBinary(statusDesc, create(statusDesc, { code: 2, details: [untyped, unknown] }));
    expect(decodeStatusDetails(schema.registry, bytes)).toEqual({
      details: '{"code":2,"details":[{"@type":"","value":"AQID"},{"@type":"example.com/x.Y","value":""}]}',
      detailsProblem:
        'details[0] has no type URL; its 3 bytes are shown as base64 in "value".\n' +
        'details[1] is a x.Y, which the schema does not define; its 0 bytes are shown as base64 in "value" (load the .proto that defines it to see its fields).',
    });
  });

  test('bytes that are no google.rpc.Status give only a problem', () => {
    expect(decodeStatusDetails(schema.registry, bytesOf('corrupt'))).toEqual({
      detailsProblem: 'grpc-status-details-bin (5 bytes) is not a google.rpc.Status: premature EOF',
    });
  });
});
