import { beforeAll, describe, expect, test } from 'vitest';
import { clone, isFieldSet } from '@bufbuild/protobuf';
import {
  FieldDescriptorProtoSchema,
  FileDescriptorSetSchema,
  type FileDescriptorProto,
  type FileDescriptorSet,
} from '@bufbuild/protobuf/wkt';
import { describeSymbol } from '../../../src/core/schema/describe';
import { compileJsonDecoder } from '../../../src/core/schema/json/binary-json';
import { decodeToJson, encodeJson } from '../../../src/core/schema/json/codec';
import { toJsonSchema } from '../../../src/core/schema/json/json-schema';
import { sampleJson } from '../../../src/core/schema/json/sample';
import { Schema } from '../../../src/core/schema/schema';
import { withoutJsonNames } from '../../helpers/descriptor-fields';
import { protoc } from '../../helpers/protoc';
import { canonical } from './json/kitchen-json';
import { jsonFormat } from './json/oracle';
import { bundledDir, jsonFixtures } from './json/registries';

const protodeskFixtures = new URL('../../fixtures/protos/protodesk', import.meta.url).pathname;

/** The one field of these fixtures with an explicit `json_name` option (scalars.proto). */
const explicit = 'with_json';

/** What protoc's C++/Java/Python/C# generators embed, and their servers' reflection serves. */
const asEmbedded = (set: FileDescriptorSet): FileDescriptorProto[] =>
  set.file.map((file) => withoutJsonNames(file, (field) => field.name === explicit));

let set: FileDescriptorSet;
let bare: FileDescriptorProto[];
let full: Schema;
let stripped: Schema;

beforeAll(async () => {
  set = await protoc(
    ['kitchen.proto', 'legacy.proto', 'scalars.proto'],
    [jsonFixtures, protodeskFixtures, bundledDir],
  );
  bare = asEmbedded(set);
  const fields = bare.flatMap((f) => f.messageType).flatMap((m) => m.field);
  expect(
    fields.filter((f) => isFieldSet(f, FieldDescriptorProtoSchema.field.jsonName)).map((f) => f.name),
  ).toEqual([explicit]);
  stripped = new Schema(asEmbedded(set));
  full = new Schema(clone(FileDescriptorSetSchema, set).file);
});

const sink = 'protodesk.test.json.KitchenSink';
const scalars = 'protodesk.Scalars';
const both = (): [Schema, Schema] => [full, stripped];
const message = (schema: Schema, name: string) => schema.message(name)!;

describe("descriptors without json_name behave exactly like protoc's with it", () => {
  test("the derived names are protoc's, field by field", () => {
    const names = (schema: Schema) =>
      schema.files.flatMap((f) => f.messageType).flatMap((m) => m.field.map((f) => f.jsonName));
    expect(names(stripped)).toEqual(names(full));
    expect(message(stripped, scalars).fields.map((f) => f.jsonName)).toContain('LeadingUnderscore');
  });

  test('JSON in: the same bytes, from JSON names and from proto names', () => {
    for (const name of [sink, scalars]) {
      const text = JSON.stringify(
        name === sink ? canonical : { fInt64: '5', mixedCaseDouble: 2, customJson: 'x' },
      );
      expect(encodeJson(stripped.registry, message(stripped, name), text)).toEqual(
        encodeJson(full.registry, message(full, name), text),
      );
    }
    const byProtoName = encodeJson(
      stripped.registry,
      message(stripped, scalars),
      '{"f_int64": "5", "mixed_Case__double": 2, "with_json": "x"}',
    );
    expect(decodeToJson(stripped.registry, message(stripped, scalars), byProtoName)).toEqual({
      fInt64: '5',
      customJson: 'x',
      mixedCaseDouble: 2,
    });
  });

  test("JSON out: the library printer and the compiled decoder print what Python's json_format prints from the same bare descriptors", async () => {
    const bytes = encodeJson(full.registry, message(full, sink), JSON.stringify(canonical));
    const [python] = await jsonFormat({ ...set, file: bare } as FileDescriptorSet, sink, [bytes]);
    expect(python).toEqual(canonical);
    for (const schema of both()) {
      expect(decodeToJson(schema.registry, message(schema, sink), bytes)).toEqual(canonical);
      expect(compileJsonDecoder(schema.registry, message(schema, sink))(bytes)).toBe(
        JSON.stringify(canonical),
      );
    }
    const withDefaults = compileJsonDecoder(stripped.registry, message(stripped, scalars), {
      emitDefaults: true,
    })(new Uint8Array());
    expect(Object.keys(JSON.parse(withDefaults) as object)).not.toContain('');
  });

  test('proto names when asked', () => {
    const bytes = encodeJson(full.registry, message(full, scalars), '{"fInt64": "5", "customJson": "x"}');
    expect(
      decodeToJson(stripped.registry, message(stripped, scalars), bytes, { protoFieldNames: true }),
    ).toEqual({ f_int64: '5', with_json: 'x' });
  });

  test('samples, JSON Schema (completion) and describe are the same', () => {
    for (const name of [sink, scalars]) {
      expect(sampleJson(message(stripped, name), stripped.registry)).toEqual(
        sampleJson(message(full, name), full.registry),
      );
      expect(toJsonSchema(message(stripped, name))).toEqual(toJsonSchema(message(full, name)));
      expect(describeSymbol(stripped.registry, name)).toBe(describeSymbol(full.registry, name));
    }
    expect(JSON.stringify(sampleJson(message(stripped, scalars), stripped.registry))).not.toContain('"":');
  });
});
