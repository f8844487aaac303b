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
    // Closed by the names it takes, so Monaco marks a stray key with this message, at the key.
    expect(scalars.propertyNames).toMatchObject({
      doNotSuggest: true,
      errorMessage: expect.stringMatching(
        /^\{got\} is not a field of Scalars\. Its fields: fDouble, fFloat,/,
      ),
    });
    expect(scalars.propertyNames?.enum).toEqual(expect.arrayContaining(['fInt64', 'f_int64']));
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
    const field = (name: string) => scalars.properties?.[name] as JsonSchema | undefined;
    expect(field('fFloat')?.description).toBe('A 32-bit float.');
    expect(field('fString')?.description).toBe('Any UTF-8 text.');
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
    const sinkField = definition('protodesk.test.json.KitchenSink').properties?.userName as JsonSchema;
    expect(sinkField.description).toBeUndefined();
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
    ['int32 overflow', { scalars: { fInt32: 2147483648 } }, '/scalars/fInt32', 'not'],
    ['negative uint', { scalars: { fUint64: '-1' } }, '/scalars/fUint64', 'pattern'],
    ['unknown field', { scalrs: {} }, '', 'propertyNames'],
    ['unknown nested field', { tree: { left: { left: { nme: 'x' } } } }, '/tree/left/left', 'propertyNames'],
    ['two oneof members', { userName: 'a', userId: '1' }, '/userId', 'false schema'],
    [
      'oneof members by proto and JSON name',
      { user_name: 'a', userRecord: {} },
      '/userRecord',
      'false schema',
    ],
    ['field by both names', { scalars: { fInt32: 1, f_int32: 2 } }, '/scalars/f_int32', 'false schema'],
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
      if: { required: ['userName'] },
      then: {
        properties: { userId: false, user_id: false, userRecord: false, user_record: false },
        errorMessage: '"userName" and {got} are both in oneof "target"; set only one.',
      },
    });
  });
});
