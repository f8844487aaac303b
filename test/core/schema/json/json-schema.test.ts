import { beforeAll, describe, expect, test } from 'vitest';
import type { Ajv } from 'ajv';
import type { DescMessage, FileRegistry, JsonValue } from '@bufbuild/protobuf';
import { toJsonSchema } from '../../../../src/core/schema/json/json-schema';
import type { JsonSchema } from '../../../../src/core/schema/json/json-schema-types';
import { docComment } from '../../../../src/core/schema/docs';
import { makeAjv, schemaErrors } from './ajv';
import { canonical } from './kitchen-json';
import { kitchenRegistry, message } from './registries';

let registry: FileRegistry;
let sink: DescMessage;
let schema: JsonSchema;
let ajv: Ajv;

beforeAll(async () => {
  registry = await kitchenRegistry({ sourceInfo: true });
  sink = message(registry, 'protodesk.test.json.KitchenSink');
  schema = toJsonSchema(sink, (desc) => docComment(desc, true) || undefined);
  ajv = makeAjv();
});

/** The definition of one message type in the schema. */
function definition(typeName: string): JsonSchema {
  const found = schema.definitions?.[typeName];
  if (!found) throw new Error(`no definition for ${typeName}`);
  return found;
}

describe('toJsonSchema', () => {
  test('is draft-07 with one definition per reachable message type, recursion through $ref', () => {
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.$ref).toBe('#/definitions/protodesk.test.json.KitchenSink');
    expect(Object.keys(schema.definitions ?? {}).sort()).toEqual(
      [
        'google.protobuf.Any',
        'google.protobuf.BoolValue',
        'google.protobuf.BytesValue',
        'google.protobuf.DoubleValue',
        'google.protobuf.Duration',
        'google.protobuf.Empty',
        'google.protobuf.FieldMask',
        'google.protobuf.FloatValue',
        'google.protobuf.Int32Value',
        'google.protobuf.Int64Value',
        'google.protobuf.ListValue',
        'google.protobuf.StringValue',
        'google.protobuf.Struct',
        'google.protobuf.Timestamp',
        'google.protobuf.UInt32Value',
        'google.protobuf.UInt64Value',
        'google.protobuf.Value',
        'protodesk.test.json.KitchenSink',
        'protodesk.test.json.KitchenSink.Nested',
        'protodesk.test.json.Lists',
        'protodesk.test.json.Maps',
        'protodesk.test.json.Scalars',
        'protodesk.test.json.Tree',
        'protodesk.test.json.WellKnown',
      ].sort(),
    );
    expect(definition('protodesk.test.json.Tree').properties?.children).toMatchObject({
      type: 'array',
      items: { $ref: '#/definitions/protodesk.test.json.Tree' },
    });
  });

  test('lists JSON names, keeps proto names as unsuggested aliases, and closes messages', () => {
    const scalars = definition('protodesk.test.json.Scalars');
    expect(scalars.additionalProperties).toBe(false);
    expect(scalars.properties?.fInt64).toMatchObject({
      type: ['string', 'integer'],
      pattern: '^-?(0|[1-9][0-9]*)$',
    });
    expect(scalars.properties?.f_int64).toMatchObject({
      doNotSuggest: true,
      description: 'Alias of "fInt64".',
    });
    expect(scalars.properties?.fBytes).toMatchObject({ type: 'string', contentEncoding: 'base64' });
  });

  test('takes documentation from proto comments, enums with a description per value', () => {
    expect(definition('protodesk.test.json.KitchenSink').description).toBe(
      'Everything at once, as a request.',
    );
    const scalars = definition('protodesk.test.json.Scalars');
    expect(scalars.properties?.fFloat?.description).toBe('A 32-bit float.');
    expect(scalars.properties?.fString?.description).toBe('Any UTF-8 text.');
    expect(scalars.properties?.priority).toMatchObject({
      description: 'How urgent a request is.',
      anyOf: [
        {
          type: 'string',
          enum: ['PRIORITY_UNSPECIFIED', 'PRIORITY_LOW', 'PRIORITY_HIGH'],
          enumDescriptions: ['Not set.', '', 'Wake someone up.'],
        },
        { type: 'integer' },
      ],
    });
    expect(definition('protodesk.test.json.KitchenSink').properties?.userName?.description).toBeUndefined();
  });

  test('gives well-known types their JSON forms', () => {
    expect(definition('google.protobuf.Timestamp')).toMatchObject({ type: 'string', format: 'date-time' });
    expect(definition('google.protobuf.Duration')).toMatchObject({
      type: 'string',
      pattern: '^-?[0-9]+(\\.[0-9]{1,9})?s$',
    });
    expect(definition('google.protobuf.Struct')).toMatchObject({
      type: 'object',
      additionalProperties: { $ref: '#/definitions/google.protobuf.Value' },
    });
    expect(definition('google.protobuf.Int64Value')).toMatchObject({ type: ['string', 'integer'] });
  });

  test('accepts the canonical kitchen-sink request', () => {
    expect(schemaErrors(ajv, schema, canonical)).toEqual([]);
  });

  test.each<[string, JsonValue, string, string]>([
    ['wrong scalar type', { scalars: { fInt32: 'abc' } }, '/scalars/fInt32', 'pattern'],
    ['int32 overflow', { scalars: { fInt32: 2147483648 } }, '/scalars/fInt32', 'maximum'],
    ['negative uint', { scalars: { fUint64: '-1' } }, '/scalars/fUint64', 'pattern'],
    ['unknown field', { scalrs: {} }, '', 'additionalProperties'],
    [
      'unknown nested field',
      { tree: { left: { left: { nme: 'x' } } } },
      '/tree/left/left',
      'additionalProperties',
    ],
    ['two oneof members', { userName: 'a', userId: '1' }, '', 'not'],
    ['oneof members by proto and JSON name', { user_name: 'a', userRecord: {} }, '', 'not'],
    ['field by both names', { scalars: { fInt32: 1, f_int32: 2 } }, '/scalars', 'not'],
    ['bad enum name', { scalars: { priority: 'NOPE' } }, '/scalars/priority', 'enum'],
    ['bad map key', { maps: { byId: { x: {} } } }, '/maps/byId', 'propertyNames'],
    ['bad map value', { maps: { labels: { k: 1 } } }, '/maps/labels/k', 'type'],
    ['bad list element', { lists: { ints: [1, 'x'] } }, '/lists/ints/1', 'pattern'],
    ['bad duration', { wkt: { timeout: '5m' } }, '/wkt/timeout', 'pattern'],
    ['bad timestamp', { wkt: { at: '31/01/2024' } }, '/wkt/at', 'format'],
    ['bad base64', { scalars: { fBytes: 'a*b' } }, '/scalars/fBytes', 'pattern'],
    ['bad field mask', { wkt: { mask: 'user_name' } }, '/wkt/mask', 'pattern'],
  ])('rejects %s at its instance path', (_name, value, path, keyword) => {
    const errors = schemaErrors(ajv, schema, value);
    expect(errors.map((e) => [e.instancePath, e.keyword])).toContainEqual([path, keyword]);
  });

  test('explains a oneof clash in words Monaco shows', () => {
    const constraints = definition('protodesk.test.json.KitchenSink').allOf ?? [];
    expect(constraints).toContainEqual({
      not: { required: ['userName', 'userId'] },
      errorMessage: 'Set only one of userName, userId, userRecord (oneof target).',
    });
  });
});
