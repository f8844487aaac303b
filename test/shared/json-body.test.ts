import { describe, expect, it } from 'vitest';
import { formatJsonBody, parseJsonBody } from '../../src/shared/json-body';

describe('parseJsonBody', () => {
  it('keeps int64 values beyond 2^53 exact as strings, and small numbers as numbers', () => {
    const value = parseJsonBody(
      '{"id": 9223372036854775807, "min": -9223372036854775808, "n": 42, "f": 1.5e300}',
    );
    expect(value).toEqual({ id: '9223372036854775807', min: '-9223372036854775808', n: 42, f: 1.5e300 });
  });

  it('keeps the limits of safe integers as numbers', () => {
    expect(parseJsonBody('[9007199254740991, 9007199254740992]')).toEqual([
      9007199254740991,
      '9007199254740992',
    ]);
  });

  it('never touches digits inside strings, even after escaped quotes', () => {
    const text = '{"note": "id \\" 9223372036854775807", "list": [12345678901234567890]}';
    expect(parseJsonBody(text)).toEqual({ note: 'id " 9223372036854775807', list: ['12345678901234567890'] });
  });

  it('throws a SyntaxError for text that is not JSON', () => {
    expect(() => parseJsonBody('{"a": 1,}')).toThrow(SyntaxError);
    expect(() => parseJsonBody('{"a": 99999999999999999999')).toThrow(SyntaxError);
  });
});

describe('formatJsonBody', () => {
  it('pretty-prints with 2 spaces and round-trips big integers as strings', () => {
    expect(formatJsonBody(parseJsonBody('{"a":{"b":[1,18446744073709551615]}}'))).toBe(
      '{\n  "a": {\n    "b": [\n      1,\n      "18446744073709551615"\n    ]\n  }\n}',
    );
  });
});
