import { describe, expect, it } from 'vitest';
import { formatJson, formatJsonPrefix } from '../../../../src/renderer/features/response/format-json';

const samples = [
  '{}',
  '[]',
  '"text"',
  '42',
  '{"a":1,"b":[1,2,{"c":null}],"d":{},"e":[],"f":true}',
  '{"s":"quote \\" backslash \\\\ brackets {[,:]} unicode é 😀"}',
  '[[[]],[{}],{"x":[{"y":{"z":"deep"}}]}]',
  ' {\n "spaced" : [ 1 , 2 ] ,\t"empty" : { } }\n',
];

/** Line `i` of a formatted result, read through its line starts. */
function lines(text: string, starts: Int32Array): string[] {
  return Array.from(starts, (start, i) =>
    text.slice(start, i + 1 < starts.length ? (starts[i + 1] ?? 0) - 1 : text.length),
  );
}

describe('formatJson', () => {
  it.each(samples)('lays out %j exactly as JSON.stringify(value, null, 2)', (json) => {
    expect(formatJson(json).text).toBe(JSON.stringify(JSON.parse(json), null, 2));
  });

  it('reports where every line starts', () => {
    const { text, lineStarts } = formatJson(samples[4] ?? '');
    expect(lines(text, lineStarts)).toEqual(text.split('\n'));
  });

  it('copies numbers and escapes as written, never through a double', () => {
    const { text } = formatJson('{"big":12345678901234567890,"f":1.0,"e":1E+400,"u":"\\u00e9"}');
    expect(text).toBe('{\n  "big": 12345678901234567890,\n  "f": 1.0,\n  "e": 1E+400,\n  "u": "\\u00e9"\n}');
  });

  it('formats a 15 MB message with a line start per line', () => {
    const vectors = Array.from({ length: 100_000 }, (_, i) => ({
      start: { x: i / 7, y: 1, z: 2 },
      end: { x: 3, y: 4, z: i },
    }));
    const json = JSON.stringify({ vectors });
    const { text, lineStarts } = formatJson(json);
    expect(text).toBe(JSON.stringify({ vectors }, null, 2));
    expect(lineStarts.length).toBe(text.split('\n').length);
  });

  it('re-indents malformed input as far as its brackets go, without throwing', () => {
    expect(formatJson('{"a":[1,2').text).toBe('{\n  "a": [\n    1,\n    2');
    expect(formatJson('"unterminated').text).toBe('"unterminated');
    expect(formatJson(']]').text).toBe('\n]\n]');
  });
});

describe('formatJsonPrefix', () => {
  /** The lines of a formatted result, through line(). */
  const linesOf = (formatted: ReturnType<typeof formatJson>): string[] =>
    Array.from(formatted.lineStarts, (_, i) => formatted.line(i));

  it.each(samples)('cut anywhere, %j gives only lines that formatJson of the whole has, in order', (json) => {
    const whole = formatJson(json).text.split('\n');
    for (let cut = 0; cut < json.length; cut++) {
      const first = formatJsonPrefix(json, cut);
      const lines = linesOf(first);
      expect(lines, `cut at ${cut}`).toEqual(whole.slice(0, lines.length));
      expect(first.text).toBe(lines.join('\n'));
    }
  });

  it('is the whole formatted text when the cut is past the end', () => {
    const json = samples[4] ?? '';
    expect(formatJsonPrefix(json, json.length).text).toBe(formatJson(json).text);
  });

  it('gives hundreds of lines of a big message from its first 64 K characters', () => {
    const vectors = Array.from({ length: 20_000 }, (_, i) => ({
      start: { x: i / 7, y: 1, z: 2 },
      end: { x: 3 },
    }));
    const json = JSON.stringify({ vectors });
    const first = linesOf(formatJsonPrefix(json, 64 * 1024));
    expect(first.length).toBeGreaterThan(500);
    expect(first).toEqual(JSON.stringify({ vectors }, null, 2).split('\n').slice(0, first.length));
  });
});
