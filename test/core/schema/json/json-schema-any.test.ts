import { beforeAll, describe, expect, test } from 'vitest';
import type { Ajv } from 'ajv';
import type { DescMessage, FileRegistry, JsonValue } from '@bufbuild/protobuf';
import { encodeJson } from '../../../../src/core/schema/json/codec';
import { toJsonSchema } from '../../../../src/core/schema/json/json-schema';
import { withPackedTypes } from '../../../../src/core/schema/json/json-schema-any';
import type { JsonSchema } from '../../../../src/core/schema/json/json-schema-types';
import { makeAjv, schemaErrors } from './ajv';
import { kitchenRegistry, message } from './registries';

// An Any's fields are known once its "@type" is: the schema gets one if/then branch per type the request names.
let registry: FileRegistry;
let wellKnown: DescMessage;
let ajv: Ajv;

const url = (name: string) => `type.googleapis.com/${name}`;
const scalarsUrl = url('protodesk.test.json.Scalars');
const durationUrl = url('google.protobuf.Duration');

beforeAll(async () => {
  registry = await kitchenRegistry();
  wellKnown = message(registry, 'protodesk.test.json.WellKnown');
  ajv = makeAjv();
});

const schemaFor = (typeUrls: string[]): JsonSchema =>
  withPackedTypes(toJsonSchema(wellKnown), registry, typeUrls);
const errorsOf = (schema: JsonSchema, any: JsonValue) =>
  schemaErrors(ajv, schema, { any }).map((e) => e.message ?? '');

describe('withPackedTypes', () => {
  test('a chosen message type brings its fields: known fields pass and encode, unknown ones are flagged', () => {
    const schema = schemaFor([scalarsUrl]);
    const good = { '@type': scalarsUrl, fString: 'hello', fInt32: 7, fBytes: 'AQID' };
    expect(errorsOf(schema, good)).toEqual([]);
    // The engine's own encoder agrees: what the schema accepts is a request that encodes.
    expect(encodeJson(registry, wellKnown, { any: good }).length).toBeGreaterThan(0);
    expect(errorsOf(schema, { '@type': scalarsUrl, fStrin: 'typo' })).toContain(
      'property name must be valid',
    );
    expect(errorsOf(schema, { '@type': scalarsUrl, fInt32: 'seven' })).not.toEqual([]);
  });

  test('a well-known type with a JSON form of its own packs under "value"', () => {
    const schema = schemaFor([durationUrl]);
    const good = { '@type': durationUrl, value: '1.5s' };
    expect(errorsOf(schema, good)).toEqual([]);
    expect(encodeJson(registry, wellKnown, { any: good }).length).toBeGreaterThan(0);
    expect(errorsOf(schema, { '@type': durationUrl, value: 5 })).not.toEqual([]);
    expect(errorsOf(schema, { '@type': durationUrl, seconds: 5 })).not.toEqual([]);
  });

  test('types not named get no branch, so the schema stays the size of what the request uses', () => {
    const plain = toJsonSchema(wellKnown);
    expect(schemaFor([])).toEqual(plain);
    const withScalars = schemaFor([scalarsUrl, scalarsUrl]);
    expect(withScalars.definitions?.['google.protobuf.Any']?.allOf).toHaveLength(1);
    expect(Object.keys(withScalars.definitions ?? {})).toContain('protodesk.test.json.Scalars');
    expect(Object.keys(withScalars.definitions ?? {})).not.toContain('protodesk.test.json.Tree');
    // Another Any type still validates as an open object until its type is named too.
    expect(errorsOf(withScalars, { '@type': url('protodesk.test.json.Tree'), anything: 1 })).toEqual([]);
  });

  test('a type the schema lacks marks "@type" with what to do', () => {
    const missing = url('acme.Missing');
    const schema = schemaFor([missing]);
    const errors = schemaErrors(ajv, schema, { any: { '@type': missing } });
    expect(errors.map((e) => e.instancePath)).toContain('/any/@type');
    const branch = schema.definitions?.['google.protobuf.Any']?.allOf?.[0];
    expect((branch?.then?.properties?.['@type'] as JsonSchema | undefined)?.errorMessage).toBe(
      'acme.Missing is not a message of this schema. Choose a type from the list (Ctrl+Space after "type.googleapis.com/"), or load the .proto file that defines it.',
    );
  });

  test('a schema without Any fields is returned as it is', () => {
    const scalars = toJsonSchema(message(registry, 'protodesk.test.json.Scalars'));
    expect(withPackedTypes(scalars, registry, [scalarsUrl])).toBe(scalars);
  });
});
