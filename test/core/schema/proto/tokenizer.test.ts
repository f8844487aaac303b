import { describe, expect, it } from 'vitest';
import { SchemaError } from '../../../../src/core/schema/errors';
import { Tokenizer, type Token } from '../../../../src/core/schema/proto/tokenizer';

/** All tokens of `text` up to (not including) the end of file. */
function tokens(text: string): Token[] {
  const tokenizer = new Tokenizer(text, 't.proto');
  const out: Token[] = [];
  for (let t = tokenizer.next(); t.kind !== 'eof'; t = tokenizer.next()) out.push(t);
  return out;
}

/** `line:column message` of the error tokenizing `text`. */
function tokenError(text: string): string {
  try {
    tokens(text);
  } catch (error) {
    if (!(error instanceof SchemaError)) throw error;
    const [problem] = error.problems;
    return `${problem?.location?.line}:${problem?.location?.column} ${problem?.message}`;
  }
  return 'no error';
}

describe('Tokenizer', () => {
  it('splits identifiers, numbers, strings and symbols with 1-based positions', () => {
    expect(
      tokens('foo_1 = 0x1F;\n  .5 "a\\"b" \'c\'').map((t) => [t.kind, t.text, t.line, t.column, t.endColumn]),
    ).toEqual([
      ['identifier', 'foo_1', 1, 1, 6],
      ['symbol', '=', 1, 7, 8],
      ['int', '0x1F', 1, 9, 13],
      ['symbol', ';', 1, 13, 14],
      ['float', '.5', 2, 3, 5],
      ['string', '"a\\"b"', 2, 6, 12],
      ['string', "'c'", 2, 13, 16],
    ]);
  });

  it('classifies numbers as protoc does', () => {
    expect(tokens('0 017 0XfF 12 1. 1.5 1e5 1E-5 2.5e+3 .5e1').map((t) => `${t.kind}:${t.text}`)).toEqual([
      'int:0',
      'int:017',
      'int:0XfF',
      'int:12',
      'float:1.',
      'float:1.5',
      'float:1e5',
      'float:1E-5',
      'float:2.5e+3',
      'float:.5e1',
    ]);
  });

  it('reads a dot before a letter as a symbol', () => {
    expect(tokens('.pkg.Msg').map((t) => t.text)).toEqual(['.', 'pkg', '.', 'Msg']);
  });

  it('skips line and block comments between tokens', () => {
    expect(tokens('a // one\n/* two\n three */ b /**/ c').map((t) => t.text)).toEqual(['a', 'b', 'c']);
  });

  it('reports bad numbers at the number', () => {
    expect(tokenError('x = 0x;')).toBe('1:5 Invalid number "0x": expected hex digits after "0x"');
    expect(tokenError('x = 1e+;')).toBe('1:5 Invalid number "1e+": expected digits in the exponent');
    expect(tokenError('x = 1.5.2;')).toBe(
      '1:5 Invalid number "1.5.": it already has a decimal point or exponent',
    );
    expect(tokenError('x = 0x1.5;')).toBe('1:5 Invalid number "0x1.": hex numbers must be integers');
    expect(tokenError('x = 08;')).toBe('1:5 Invalid number "08": numbers starting with 0 are octal');
  });

  it('reports bad strings at the quote or the backslash', () => {
    expect(tokenError('"abc')).toBe(
      '1:1 Unterminated string: expected a closing " before the end of the line',
    );
    expect(tokenError("x 'abc\n'")).toBe(
      "1:3 Unterminated string: expected a closing ' before the end of the line",
    );
    expect(tokenError('"ab\\')).toBe('1:4 Unterminated string: it ends with a backslash');
    expect(tokenError('"\\U00110000"')).toBe(
      '1:2 Invalid escape "\\U00110000" in string: expected eight hex digits up to 0010ffff',
    );
    expect(tokenError('"\\z"')).toBe('1:2 Invalid escape "\\z" in string');
  });

  it('accepts every protobuf escape', () => {
    expect(
      tokens('"\\a\\b\\f\\n\\r\\t\\v\\\\\\?\\\'\\"\\0\\12\\123\\x1\\xAB\\u00e9\\U0010FFFF"'),
    ).toHaveLength(1);
  });

  it('hands out comments only after a token that ends a declaration', () => {
    const [first, second, third] = tokens('// lead\na; // trail\n\n// detached\n\n// next\nb c');
    expect(first?.comments).toEqual({ trailing: undefined, detached: [], leading: ' lead\n' });
    expect(second?.comments).toBeUndefined();
    expect(third?.comments).toEqual({ trailing: ' trail\n', detached: [' detached\n'], leading: ' next\n' });
  });

  it('strips the star column of block comments', () => {
    const [, next] = tokens(';\n/*\n * one\n * two\n */\nx');
    expect(next?.comments?.leading).toBe('\n one\n two\n');
  });
});
