import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  create,
  createFileRegistry,
  toBinary,
  type DescMessage,
  type FileRegistry,
  type JsonObject,
} from '@bufbuild/protobuf';
import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import { FileDescriptorSetSchema, type FileDescriptorSet } from '@bufbuild/protobuf/wkt';
import { binaryToJsonText, compileFastDecoder } from '../../../../src/core/schema/json/binary-json';
import { decodeToJson, encodeJson, type JsonOptions } from '../../../../src/core/schema/json/codec';
import type { JsonSchema } from '../../../../src/core/schema/json/json-schema-types';
import { toJsonSchema } from '../../../../src/core/schema/json/json-schema';
import { sampleJson } from '../../../../src/core/schema/json/sample';
import { compileProtos } from '../../../../src/core/schema/proto/compile';
import { makeAjv, schemaErrors } from './ajv';
import { randomMessage, Rng, type Mode } from './binary-json-wire';
import { jsonFormat } from './oracle';
import { allMessages, message } from './registries';

const fixtures = join(import.meta.dirname, '../../../fixtures/protos');
const editionsFiles = [
  'editions2023.proto',
  'editions2024.proto',
  'lang_features.proto',
  'proto3_user.proto',
];
const optionSets: JsonOptions[] = [
  {},
  { emitDefaults: true },
  { protoFieldNames: true },
  { emitDefaults: true, protoFieldNames: true },
];

let set: FileDescriptorSet;
let registry: FileRegistry;

beforeAll(async () => {
  // Descriptors from our own compiler: what the app decodes with when it loads these .proto files.
  const compiled = await compileProtos({
    files: editionsFiles.map((f) => join(fixtures, 'editions', f)),
    importPaths: [fixtures],
  });
  set = create(FileDescriptorSetSchema, { file: compiled.files });
  registry = createFileRegistry(set);
}, 60_000);

function editionsTypes(): DescMessage[] {
  return allMessages(registry).filter((m) => m.file.proto.name.startsWith('editions/'));
}

/** decodeToJson's text, the compiled decoder's text (it must not fall back) and binaryToJsonText's, which must agree. */
function printed(desc: DescMessage, bytes: Uint8Array, options: JsonOptions): string {
  const text = JSON.stringify(decodeToJson(registry, desc, bytes, options));
  expect({ type: desc.typeName, text: compileFastDecoder(registry, desc, options)(bytes) }).toEqual({
    type: desc.typeName,
    text,
  });
  expect(binaryToJsonText(registry, desc, bytes, options)).toBe(text);
  return text;
}

describe('JSON of editions messages', () => {
  test('prints an explicit-presence field set to its default, and leaves an implicit-presence zero out', async () => {
    const item = message(registry, 'protodesk.editions2023.Item');
    const bytes = toBinary(
      item,
      create(item, { id: '', count: 0, implicitCount: 0, ratio: 0, color: 0, level: 1 }),
    );
    // An implicit-presence zero that is on the wire anyway (another encoder may write it).
    const w = new BinaryWriter();
    w.tag(3, WireType.Varint).int32(0);
    const withZero = new Uint8Array([...bytes, ...w.finish()]);
    const [python] = await jsonFormat(set, item.typeName, [withZero]);
    const ours = JSON.parse(printed(item, withZero, {})) as JsonObject;
    expect(ours).toEqual(python);
    expect(ours).toEqual({ id: '', count: 0, ratio: 0, color: 'COLOR_UNSPECIFIED', level: 'LEVEL_LOW' });
  });

  test('prints proto3 optional zeros next to editions fields, as Python does', async () => {
    const user = message(registry, 'protodesk.editions2023.proto3user.User');
    const bytes = toBinary(user, create(user, { maybe: 0, plain: 0, color: 0 }));
    const [python] = await jsonFormat(set, user.typeName, [bytes]);
    expect(JSON.parse(printed(user, bytes, {}))).toEqual(python);
    expect(python).toEqual({ maybe: 0 });
  });

  test('reads delimited messages, and repeated scalars packed or expanded whatever the field prefers', async () => {
    const item = message(registry, 'protodesk.editions2023.Item');
    const w = new BinaryWriter();
    w.tag(1, WireType.LengthDelimited).string('x');
    // delimited_detail = 13 as a group, details = 14 twice.
    for (const no of [13, 14, 14])
      w.tag(no, WireType.StartGroup)
        .tag(1, WireType.LengthDelimited)
        .string(`n${no}`)
        .tag(no, WireType.EndGroup);
    // packed_values = 9 written expanded, expanded_values = 10 written packed.
    w.tag(9, WireType.Varint).int32(7).tag(9, WireType.Varint).int32(8);
    w.tag(10, WireType.LengthDelimited).fork().int32(1).int32(-2).join();
    // level = 8 (closed enum): the unknown 9 is not a value, so it is kept out of the field.
    w.tag(8, WireType.Varint).int32(9);
    w.tag(11, WireType.LengthDelimited).fork().int32(2).int32(3).join();
    const bytes = w.finish();
    const [python] = await jsonFormat(set, item.typeName, [bytes]);
    expect(JSON.parse(printed(item, bytes, {}))).toEqual(python);
    expect(python).toMatchObject({
      delimitedDetail: { note: 'n13' },
      packedValues: [7, 8],
      expandedValues: [1, -2],
      levels: ['LEVEL_HIGH', 'LEVEL_HIGHEST'],
    });
  });

  test.each(['plain', 'wild'] as Mode[])(
    'prints random %s messages of every editions type the same on both decoders',
    (mode) => {
      let compared = 0;
      for (const [index, desc] of editionsTypes().entries()) {
        for (let round = 0; round < 16; round++) {
          const bytes = randomMessage(new Rng(index * 100 + round), registry, desc, mode);
          const options = optionSets[round % optionSets.length] as JsonOptions;
          let want: string;
          try {
            want = JSON.stringify(decodeToJson(registry, desc, bytes, options));
          } catch (error) {
            expect(() => binaryToJsonText(registry, desc, bytes, options)).toThrow((error as Error).message);
            continue;
          }
          expect({ type: desc.typeName, text: binaryToJsonText(registry, desc, bytes, options) }).toEqual({
            type: desc.typeName,
            text: want,
          });
          if (mode === 'plain') expect(compileFastDecoder(registry, desc, options)(bytes)).toBe(want);
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(editionsTypes().length * 8);
    },
  );

  test('prints random messages of every editions type as grpcio json_format does', async () => {
    for (const [index, desc] of editionsTypes().entries()) {
      const messages = Array.from({ length: 8 }, (_, round) =>
        randomMessage(new Rng(index * 31 + round), registry, desc, 'plain'),
      );
      for (const options of [optionSets[0], optionSets[3]] as JsonOptions[]) {
        const python = await jsonFormat(set, desc.typeName, messages, {
          protoNames: options.protoFieldNames,
          emitDefaults: options.emitDefaults,
        });
        expect({
          type: desc.typeName,
          json: messages.map((bytes) => JSON.parse(printed(desc, bytes, options)) as unknown),
        }).toEqual({ type: desc.typeName, json: python });
      }
    }
  }, 120_000);
});

describe('samples and JSON Schema of editions messages', () => {
  test('every sample satisfies the schema, encodes and decodes back to itself', () => {
    const ajv = makeAjv();
    for (const desc of editionsTypes()) {
      const sample = sampleJson(desc, registry);
      expect({ type: desc.typeName, errors: schemaErrors(ajv, toJsonSchema(desc), sample) }).toEqual({
        type: desc.typeName,
        errors: [],
      });
      // Printed with defaults: a sample value at its default is left out otherwise, where presence is implicit.
      expect(
        decodeToJson(registry, desc, encodeJson(registry, desc, sample), { emitDefaults: true }),
      ).toMatchObject(sample as JsonObject);
    }
  });

  test('requires a LEGACY_REQUIRED field, as encoding does', () => {
    const ajv = makeAjv();
    for (const [typeName, field] of [
      ['protodesk.editions2023.Item', 'id'],
      ['protodesk.editions2024.Task', 'id'],
    ] as const) {
      const desc = message(registry, typeName);
      const schema = toJsonSchema(desc);
      expect(schema.definitions?.[typeName]?.required).toEqual([field]);
      const sample = sampleJson(desc, registry) as JsonObject;
      const { [field]: _, ...missing } = sample;
      expect(schemaErrors(ajv, schema, missing).map((e) => e.params)).toContainEqual({
        missingProperty: field,
      });
      expect(() => encodeJson(registry, desc, missing)).toThrow(/required/);
    }
  });

  test('offers only the known numbers of a closed enum, any number of an open one', () => {
    const item = toJsonSchema(message(registry, 'protodesk.editions2023.Item')).definitions?.[
      'protodesk.editions2023.Item'
    ];
    const field = (name: string) => item?.properties?.[name] as JsonSchema | undefined;
    expect(field('level')?.anyOf?.[1]).toMatchObject({ enum: [1, 2, 3] });
    expect(field('color')?.anyOf?.[1]).toMatchObject({ type: 'integer' });
    expect(field('color')?.anyOf?.[1]).not.toHaveProperty('enum');
  });
});
