import { describe, expect, test } from 'vitest';
import { JsonValueSplitter } from '../../src/cli/request-data';

/** Feeds the chunks one by one; returns what each push completed, then what finish gave. */
function split(...chunks: string[]): { pushes: string[][]; finished: string[] } {
  const splitter = new JsonValueSplitter();
  const pushes = chunks.map((chunk) => splitter.push(chunk).map((v) => v.text));
  return { pushes, finished: splitter.finish().map((v) => v.text) };
}

describe('JsonValueSplitter', () => {
  test('cuts concatenated and newline-separated objects', () => {
    expect(split('{"a":1}{"b":2}\n{"c":3}\n').pushes).toEqual([['{"a":1}', '{"b":2}', '{"c":3}']]);
  });

  test('hands over each object as soon as its closing brace arrives, not at the end of input', () => {
    const { pushes, finished } = split('{"a":', '{"b":[1,2]}', '}\n{', '"c":3}', '  ');
    expect(pushes).toEqual([[], [], ['{"a":{"b":[1,2]}}'], ['{"c":3}'], []]);
    expect(finished).toEqual([]);
  });

  test('ignores brackets and escaped quotes inside strings', () => {
    expect(split('{"s":"}{\\"]"}{"t":"\\\\"}').pushes).toEqual([['{"s":"}{\\"]"}', '{"t":"\\\\"}']]);
  });

  test('cuts top-level strings, arrays, numbers and literals (requests of well-known types)', () => {
    const { pushes, finished } = split('"1.5s" [1] 42 true', '\n{"x":1}null');
    expect(pushes).toEqual([
      ['"1.5s"', '[1]', '42'],
      ['true', '{"x":1}'],
    ]);
    expect(finished).toEqual(['null']);
  });

  test('gives an unfinished value at the end, so the JSON parser can say where it stops', () => {
    expect(split('{"a":1}\n{"b":').finished).toEqual(['{"b":']);
  });

  test('numbers the values and says where each starts in the whole input', () => {
    const splitter = new JsonValueSplitter();
    const values = [...splitter.push('{"a":1}\n  {"b":\n2}'), ...splitter.push(' {}')];
    expect(values).toEqual([
      { text: '{"a":1}', number: 1, line: 1, column: 1 },
      { text: '{"b":\n2}', number: 2, line: 2, column: 3 },
      { text: '{}', number: 3, line: 3, column: 4 },
    ]);
  });
});
