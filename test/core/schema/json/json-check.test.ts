import { beforeAll, describe, expect, test } from 'vitest';
import type { DescMessage, FileRegistry } from '@bufbuild/protobuf';
import { encodeJson } from '../../../../src/core/schema/json/codec';
import { JsonInputError } from '../../../../src/core/schema/json/json-errors';
import { interopRegistry, kitchenRegistry, message } from './registries';

let interop: FileRegistry;
let kitchen: FileRegistry;
let simpleRequest: DescMessage;
let sink: DescMessage;

beforeAll(async () => {
  [interop, kitchen] = await Promise.all([interopRegistry(), kitchenRegistry()]);
  simpleRequest = message(interop, 'grpc.testing.SimpleRequest');
  sink = message(kitchen, 'protodesk.test.json.KitchenSink');
});

/** The JsonInputError a request raises. */
function errorOf(registry: FileRegistry, desc: DescMessage, json: string): JsonInputError {
  try {
    encodeJson(registry, desc, json);
  } catch (error) {
    if (error instanceof JsonInputError) return error;
    throw error;
  }
  throw new Error(`accepted: ${json}`);
}

describe('errors name the field path as written, what was expected and what was found', () => {
  test.each([
    ['{"payload": {"body": 12}}', 'payload.body: expected bytes as base64 text, got 12'],
    [
      '{"payload": {"type": "FOO"}}',
      'payload.type: "FOO" is not a value of enum grpc.testing.PayloadType (expected one of COMPRESSABLE)',
    ],
    ['{"response_size": "abc"}', 'response_size: expected int32, got "abc"'],
    ['{"responseSize": 1.5}', 'responseSize: expected int32, got 1.5'],
    [
      '{"respnse_size": 1}',
      'unknown field "respnse_size" in grpc.testing.SimpleRequest (did you mean "response_size"?)',
    ],
    [
      '{"responseSise": 1}',
      'unknown field "responseSise" in grpc.testing.SimpleRequest (did you mean "responseSize"?)',
    ],
    [
      '{"payload": {"bdy": ""}}',
      'payload: unknown field "bdy" in grpc.testing.Payload (did you mean "body"?)',
    ],
    [
      '{"zzz": 1}',
      expect.stringMatching(
        /^unknown field "zzz" in grpc\.testing\.SimpleRequest \(its fields: responseType, responseSize, payload, /,
      ),
    ],
    ['{"fillUsername": "yes"}', 'fillUsername: expected bool (true or false), got "yes"'],
    ['{"payload": 5}', 'payload: expected an object for grpc.testing.Payload, got 5'],
    ['[]', 'expected an object for grpc.testing.SimpleRequest, got an array'],
    [
      '{"responseStatus": {"code": 2147483648}}',
      'responseStatus.code: 2147483648 is out of range for int32 (-2147483648 to 2147483647)',
    ],
  ])('%s', (json, text) => {
    expect(errorOf(interop, simpleRequest, json).message).toEqual(text);
  });

  test.each([
    ['{"lists": {"items": [{}, {}, {"fString": 1}]}}', 'lists.items[2].fString: expected string, got 1'],
    ['{"maps": {"labels": {"k": 5}}}', 'maps.labels["k"]: expected string, got 5'],
    ['{"maps": {"byId": {"x": {}}}}', 'maps.byId["x"]: expected int32 map key, got "x"'],
    [
      '{"maps": {"byId": {"1": {"f_uint32": -1}}}}',
      'maps.byId["1"].f_uint32: -1 is out of range for uint32 (0 to 4294967295)',
    ],
    ['{"maps": {"longKeys": {"1": 1, "01": 2}}}', 'maps.longKeys["01"]: map key "01" is the same key as "1"'],
    [
      '{"maps": {"boolKeys": {"yes": ""}}}',
      'maps.boolKeys["yes"]: expected bool map key ("true" or "false"), got "yes"',
    ],
    [
      '{"scalars": {"fUint64": "-1"}}',
      'scalars.fUint64: -1 is out of range for uint64 (0 to 18446744073709551615)',
    ],
    [
      '{"scalars": {"fInt64": "9223372036854775808"}}',
      'scalars.fInt64: 9223372036854775808 is out of range for int64 (-9223372036854775808 to 9223372036854775807)',
    ],
    ['{"scalars": {"fInt64": " 1"}}', 'scalars.fInt64: expected int64, got " 1"'],
    ['{"scalars": {"fFloat": 1e39}}', 'scalars.fFloat: 1e39 is out of range for float'],
    [
      '{"scalars": {"fDouble": "nan"}}',
      'scalars.fDouble: expected double (a number, "NaN", "Infinity" or "-Infinity"), got "nan"',
    ],
    ['{"scalars": {"fBytes": "a*b="}}', 'scalars.fBytes: expected bytes as base64 text, got "a*b="'],
    [
      '{"scalars": {"priority": "PRIORITY_HIHG"}}',
      'scalars.priority: "PRIORITY_HIHG" is not a value of enum protodesk.test.json.Priority (expected one of PRIORITY_UNSPECIFIED, PRIORITY_LOW, PRIORITY_HIGH; did you mean "PRIORITY_HIGH"?)',
    ],
    [
      '{"scalars": {"priority": true}}',
      'scalars.priority: expected enum protodesk.test.json.Priority (one of PRIORITY_UNSPECIFIED, PRIORITY_LOW, PRIORITY_HIGH), got true',
    ],
    [
      '{"scalars": {"fString": "\\ud800"}}',
      'scalars.fString: expected a string of valid Unicode, got text with an unpaired surrogate (\\uD800-\\uDFFF)',
    ],
    [
      '{"userName": "a", "userId": 5}',
      'userId: oneof target already has "userName" set; set only one of userName, userId, userRecord',
    ],
    [
      '{"scalars": {"fInt32": 1, "f_int32": 2}}',
      'scalars.f_int32: field set twice, as "fInt32" and as "f_int32"',
    ],
    ['{"tree": {"name": "a", "name": "b"}}', 'tree.name: duplicate key "name"'],
    ['{"lists": {"ints": 5}}', 'lists.ints: expected an array of int32, got 5'],
    ['{"lists": {"ints": [1, null]}}', 'lists.ints[1]: expected int32, got null'],
    ['{"maps": {"labels": []}}', 'maps.labels: expected an object for map<string, string>, got an array'],
    [
      '{"wkt": {"at": "2024-02-30T00:00:00Z"}}',
      'wkt.at: "2024-02-30T00:00:00Z" is not a valid date and time',
    ],
    [
      '{"wkt": {"at": "yesterday"}}',
      'wkt.at: expected Timestamp as RFC 3339 text, e.g. "2024-01-31T12:00:00Z", got "yesterday"',
    ],
    ['{"wkt": {"timeout": 5}}', 'wkt.timeout: expected Duration as text like "1.5s", got 5'],
    [
      '{"wkt": {"timeout": "315576000001s"}}',
      'wkt.timeout: "315576000001s" is out of range for Duration (at most 315576000000s either way)',
    ],
    [
      '{"wkt": {"mask": "a,user_name"}}',
      'wkt.mask: FieldMask path "user_name" is not lowerCamelCase dotted names (write "userName")',
    ],
    [
      '{"wkt": {"meta": {"a": {"b": [1e999]}}}}',
      'wkt.meta["a"]["b"][0]: 1e999 is out of range for a JSON number (google.protobuf.Value holds a double)',
    ],
    [
      '{"wkt": {"any": {"value": "1s"}}}',
      'wkt.any: google.protobuf.Any needs "@type", e.g. "type.googleapis.com/google.protobuf.Duration"',
    ],
    [
      '{"wkt": {"any": {"@type": "type.googleapis.com/nope.Nope"}}}',
      'wkt.any["@type"]: "type.googleapis.com/nope.Nope" is not a message type in the loaded schema',
    ],
    [
      '{"wkt": {"any": {"@type": "type.googleapis.com/google.protobuf.Duration", "value": "1m"}}}',
      'wkt.any.value: expected Duration as text like "1.5s", got "1m"',
    ],
    [
      '{"wkt": {"any": {"@type": "type.googleapis.com/google.protobuf.Duration", "seconds": 1}}}',
      'wkt.any.seconds: unknown field "seconds" in google.protobuf.Any holding google.protobuf.Duration (put the Duration in "value")',
    ],
    [
      '{"wkt": {"anys": [{"@type": "type.googleapis.com/protodesk.test.json.Tree", "nme": "x"}]}}',
      'wkt.anys[0]: unknown field "nme" in protodesk.test.json.Tree (did you mean "name"?)',
    ],
    ['{"wkt": {"wInt32": "x"}}', 'wkt.wInt32: expected int32, got "x"'],
    [
      '{"wkt": {"empty": {"x": 1}}}',
      'wkt.empty: unknown field "x" in google.protobuf.Empty (it has no fields: send {})',
    ],
  ])('%s', (json, text) => {
    expect(errorOf(kitchen, sink, json).message).toBe(text);
  });

  test('closed proto2 enums refuse numbers they do not declare', () => {
    const legacy = message(kitchen, 'protodesk.test.json.legacy.Legacy');
    expect(errorOf(kitchen, legacy, '{"id": "", "colors": [1, 3]}').message).toBe(
      'colors[1]: 3 is not a value of enum protodesk.test.json.legacy.Color (expected one of RED, GREEN)',
    );
  });

  test('carries path, expected, actual and the position of the bad value in the text', () => {
    const error = errorOf(interop, simpleRequest, '{\n  "payload": {\n    "body": 12\n  }\n}');
    expect(error).toMatchObject({
      path: 'payload.body',
      expected: 'bytes as base64 text',
      actual: '12',
      position: { line: 3, column: 13 },
    });
  });

  test('points at the key of an unknown field', () => {
    const error = errorOf(interop, simpleRequest, '{"payload": {},\n "respnse_size": 1}');
    expect(error).toMatchObject({ path: '', actual: '"respnse_size"', position: { line: 2, column: 2 } });
  });

  test('refuses requests nested deeper than 100 levels', () => {
    const deep = '{"left":'.repeat(101) + '{}' + '}'.repeat(101);
    const tree = message(kitchen, 'protodesk.test.json.Tree');
    expect(errorOf(kitchen, tree, deep).message).toMatch(
      /^left(\.left){99}: the request nests deeper than 100 levels$/,
    );
  });
});

describe('null means "not set"', () => {
  test('for scalars, messages, lists, maps and oneof members, but is a value for Value and NullValue', () => {
    const json =
      '{"scalars": null, "lists": {"ints": null}, "maps": {"labels": null}, "userName": null, "userId": "1", "wkt": {"value": null, "nullValue": null}}';
    expect(() => encodeJson(kitchen, sink, json)).not.toThrow();
  });
});
