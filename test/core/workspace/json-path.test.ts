import { describe, expect, it } from 'vitest';
import { readJsonPath } from '../../../src/core/workspace/json-path';

const value = {
  user: { id: '42', 'full name': 'Ann', tags: ['a', 'b', 'c'] },
  items: [{ name: 'x' }],
  "it's": 1,
};

describe('readJsonPath', () => {
  it.each([
    ['$', value],
    ['$.user.id', '42'],
    ["$.user['full name']", 'Ann'],
    ['$["user"]["tags"][0]', 'a'],
    ['$.user.tags[-1]', 'c'],
    ['$.items[0].name', 'x'],
    ["$['it\\'s']", 1],
  ])('reads %s', (path, expected) => {
    expect(readJsonPath(value, path)).toEqual({ found: true, value: expected });
  });

  it.each([
    ['$.user.email', '$.user has no field email'],
    ['$.user.tags[3]', '$.user.tags has no element [3] (it has 3)'],
    ['$.user.tags[-4]', '$.user.tags has no element [-4] (it has 3)'],
    ['$.user.id.x', '$.user.id is a string, not an object'],
    ['$.user[0]', '$.user is an object, not a list'],
    ["$.user['full name'].x", "$.user['full name'] is a string, not an object"],
    ['user.id', 'The JSON path "user.id" must start with $, like $.user.id.'],
    ['$.user[x]', 'The JSON path "$.user[x]" is malformed at "[x]": use .name, [\'name\'] or [0].'],
  ])('explains why %s is not there', (path, problem) => {
    expect(readJsonPath(value, path)).toEqual({ found: false, problem });
  });
});
