import { describe, expect, test } from 'vitest';
import { parseJsonText } from '../../../../src/core/schema/json/json-text';

/** The message parseJsonText throws for `text`. */
function syntaxError(text: string): string {
  try {
    parseJsonText(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`parsed: ${text}`);
}

describe('parseJsonText', () => {
  test.each([
    [
      '{\n  "a": 1,\n  "b" 2\n}',
      'Invalid JSON at line 3, column 7: expected ":" after property name "b", got "2"',
    ],
    ['{\n  "a": 1,\n    }', 'Invalid JSON at line 3, column 5: trailing comma before "}" is not allowed'],
    ['[1, 2,]', 'Invalid JSON at line 1, column 7: trailing comma before "]" is not allowed'],
    ["{'a': 1}", `Invalid JSON at line 1, column 2: property names must be in double quotes, got "'"`],
    ['{a: 1}', 'Invalid JSON at line 1, column 2: property names must be in double quotes, got "a"'],
    ['{"a": \'x\'}', 'Invalid JSON at line 1, column 7: strings must be in double quotes'],
    ['{"a": 1 "b": 2}', 'Invalid JSON at line 1, column 9: expected "," or "}" after a property, got "\\""'],
    ['{"a": tru}', 'Invalid JSON at line 1, column 7: expected a value, got "tru"'],
    ['{"a": "x', 'Invalid JSON at line 1, column 7: unterminated string'],
    [
      '{"a": "x\ny"}',
      'Invalid JSON at line 1, column 9: line breaks and control characters must be escaped in strings',
    ],
    ['{"a": "\\q"}', 'Invalid JSON at line 1, column 8: invalid escape "\\\\q" in string'],
    ['{"a": 01}', 'Invalid JSON at line 1, column 7: invalid number 01'],
    ['{"a": -}', 'Invalid JSON at line 1, column 7: invalid number -'],
    ['{"a": 1}}', 'Invalid JSON at line 1, column 9: unexpected text after the JSON value'],
    ['', 'Invalid JSON at line 1, column 1: expected a value, got end of input'],
    [
      '{"a": [1',
      'Invalid JSON at line 1, column 9: expected "," or "]" after an array element, got end of input',
    ],
    ['\r\n\r\n  x', 'Invalid JSON at line 3, column 3: expected a value, got "x"'],
  ])('%j', (text, message) => {
    expect(syntaxError(text)).toBe(message);
  });

  test('keeps number text, positions and duplicate keys', () => {
    const node = parseJsonText('{"n": 18446744073709551615,\n "n": "\\u00e9\\n"}');
    expect(node).toEqual({
      kind: 'object',
      position: { line: 1, column: 1 },
      members: [
        {
          key: 'n',
          keyPosition: { line: 1, column: 2 },
          value: {
            kind: 'number',
            raw: '18446744073709551615',
            value: 18446744073709552000,
            position: { line: 1, column: 7 },
          },
        },
        {
          key: 'n',
          keyPosition: { line: 2, column: 2 },
          value: { kind: 'string', value: 'é\n', position: { line: 2, column: 7 } },
        },
      ],
    });
  });

  test('refuses nesting past 100 levels with the path there, at any depth, instead of exhausting the stack', () => {
    expect(syntaxError(`{"a": ${'['.repeat(100_000)}`)).toBe(
      `a${'[0]'.repeat(99)}: the request nests deeper than 100 levels`,
    );
    expect(parseJsonText(`${'['.repeat(100)}${']'.repeat(100)}`).kind).toBe('array');
  });
});
