import { beforeAll, describe, expect, test } from 'vitest';
import { toJsonSchema } from '../../../../src/core/schema/json/json-schema';
import { monacoJson, type MonacoJson } from './monaco-json';
import { kitchenRegistry, message } from './registries';

let monaco: MonacoJson;

beforeAll(async () => {
  const registry = await kitchenRegistry();
  const schema = toJsonSchema(message(registry, 'protodesk.test.json.KitchenSink'));
  monaco = await monacoJson(schema);
});

// What Monaco's JSON language service says about a request, as the editor shows it (shownProblems): the field, its
// proto type, what it takes and what it got — never a JSON Schema pattern or "Incorrect type".
describe('the request schema’s messages', () => {
  test.each([
    ['{"scalars": {"fInt32": "four"}}', 'fInt32: int32 expects a number, got "four"', '"four"'],
    ['{"scalars": {"fInt32": 4.5}}', 'fInt32: int32 expects a number, got 4.5', '4.5'],
    [
      '{"scalars": {"fInt32": 3000000000}}',
      'fInt32: int32 holds -2147483648 to 2147483647, got 3000000000',
      '3000000000',
    ],
    ['{"scalars": {"fUint32": -1}}', 'fUint32: uint32 holds 0 to 4294967295, got -1', '-1'],
    ['{"scalars": {"fUint64": -3}}', 'fUint64: uint64 holds 0 or more, got -3', '-3'],
    [
      '{"scalars": {"fInt64": "x"}}',
      'fInt64: int64 expects a number or a decimal string such as "-42", got "x"',
      '"x"',
    ],
    [
      '{"scalars": {"fDouble": "nope"}}',
      'fDouble: double expects a number, "NaN", "Infinity" or "-Infinity", got "nope"',
      '"nope"',
    ],
    ['{"scalars": {"fBool": "yes"}}', 'fBool: bool expects true or false, got "yes"', '"yes"'],
    ['{"scalars": {"fString": 3}}', 'fString: string expects text in double quotes, got 3', '3'],
    [
      '{"scalars": {"fBytes": "a*b"}}',
      'fBytes: bytes expects base64 text (standard or URL-safe), e.g. "aGk=", got "a*b"',
      '"a*b"',
    ],
    [
      '{"scalars": {"priority": "NOPE"}}',
      'priority: Priority expects one of PRIORITY_UNSPECIFIED, PRIORITY_LOW, PRIORITY_HIGH, or its number, got "NOPE"',
      '"NOPE"',
    ],
    ['{"scalars": 3}', 'scalars: Scalars expects an object { }, got 3', '3'],
    ['{"lists": {"ints": 3}}', 'ints: repeated int32 expects a list [ ], got 3', '3'],
    ['{"lists": {"ints": [1, "x"]}}', 'ints: int32 expects a number, got "x"', '"x"'],
    [
      '{"maps": {"labels": []}}',
      'labels: map<string, string> expects an object {"key": value}, got a list',
      '[]',
    ],
    ['{"maps": {"byId": {"x": {}}}}', 'byId: the keys of this map are int32, got "x"', '"x"'],
    [
      '{"wkt": {"at": "31/01/2024"}}',
      'at: Timestamp expects an RFC 3339 time such as "2024-01-31T12:00:00Z", got "31/01/2024"',
      '"31/01/2024"',
    ],
    [
      '{"wkt": {"timeout": "5m"}}',
      'timeout: Duration expects seconds ending in "s", such as "1.5s", got "5m"',
      '"5m"',
    ],
    [
      '{"wkt": {"mask": "user_name"}}',
      'mask: FieldMask expects comma-separated lowerCamelCase paths such as "user.displayName,photo", got "user_name"',
      '"user_name"',
    ],
    ['{"wkt": {"meta": 3}}', 'meta: Struct expects an object { }, got 3', '3'],
    ['{"wkt": {"any": 3}}', 'any: Any expects an object with "@type", got 3', '3'],
    ['{"wkt": {"wInt32": "x"}}', 'Int32Value: int32 expects a number, got "x"', '"x"'],
    [
      '{"scalrs": {}}',
      '"scalrs" is not a field of KitchenSink. Its fields: scalars, lists, maps, wkt, userName, userId, userRecord, tree, nested.',
      '"scalrs"',
    ],
    ['{"scalars": {"fInt32": 1, "f_int32": 2}}', 'Set "fInt32" or "f_int32", not both.', '"f_int32"'],
    [
      '{"userName": "a", "userId": "1"}',
      '"userName" and "userId" are both in oneof "target"; set only one.',
      '"userId"',
    ],
    [
      '{"userId": "1", "userName": "a"}',
      '"userId" and "userName" are both in oneof "target"; set only one.',
      '"userName"',
    ],
  ])('%s: %s', async (text, message, at) => {
    expect(await monaco.shown(text)).toEqual([{ message, at }]);
  });

  test('three members of a oneof: the two set after the first are marked, once for each earlier one', async () => {
    const shown = await monaco.shown('{"user_id": "1", "userName": "a", "userRecord": {}}');
    expect(shown.map((s) => s.at)).toEqual(['"userRecord"', '"userName"', '"userRecord"']);
  });
});

describe('completing a field', () => {
  test.each([
    ['{"scalars": {"pr"}}', 16, 'priority', '"priority": $1'],
    ['{"scalars": {"fB"}}', 16, 'fBool', '"fBool": $1'],
    ['{"sc"}', 4, 'scalars', '"scalars": $1'],
    ['{"lists": {"in"}}', 14, 'ints', '"ints": $1'],
    ['{"maps": {"la"}}', 13, 'labels', '"labels": $1'],
    ['{"wkt": {"an"}}', 12, 'any', '"any": $1'],
  ])('%s → %s inserts the key and opens the value list', async (text, offset, label, insertText) => {
    expect(await monaco.completion(text, offset, label)).toEqual({ insertText, suggestsAgain: true });
  });

  test.each([
    ['{"scalars": {"priority": }}', 24, ['"PRIORITY_UNSPECIFIED"', '"PRIORITY_LOW"', '"PRIORITY_HIGH"']],
    ['{"scalars": {"fBool": }}', 21, ['true', 'false']],
    ['{"scalars": }', 12, ['{}']],
    ['{"lists": {"ints": }}', 19, ['[]']],
    ['{"wkt": {"any": {}}}', 17, ['@type']],
  ])('the value list of %s offers %j', async (text, offset, labels) => {
    expect((await monaco.completions(text, offset)).sort()).toEqual([...labels].sort());
  });
});
