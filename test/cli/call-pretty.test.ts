import { expect, test } from 'vitest';
import { prettyJson } from '../../src/cli/call-pretty';

test('lays compact JSON out like JSON.stringify with two spaces, grpcurl style', () => {
  const value = { a: 1, b: [1, { c: 'x' }], e: {}, f: [], g: { h: null } };
  expect(prettyJson(JSON.stringify(value))).toBe(JSON.stringify(value, null, 2));
  expect(prettyJson('{}')).toBe('{}');
});

test('keeps strings and numbers exactly as written', () => {
  expect(prettyJson('{"s":"a,b:{c}[d]\\"e","n":1e+21,"i":"9007199254740993"}')).toBe(
    '{\n  "s": "a,b:{c}[d]\\"e",\n  "n": 1e+21,\n  "i": "9007199254740993"\n}',
  );
});

test('puts a prefix after every line break', () => {
  expect(prettyJson('{"a":[1]}', '> ')).toBe('{\n>   "a": [\n>     1\n>   ]\n> }');
});
