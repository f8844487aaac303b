import { describe, expect, test } from 'vitest';
import { resolveCallRequest } from '../../src/core/workspace/variables';
import { jsonPlaceholderSpans, placeholderSpans } from '../../src/shared/variables';

describe('the {{name}} rule shared by the engine and the page', () => {
  test('a plain text: every well-formed placeholder with its place; malformed ones are plain text', () => {
    const text = '{{host}}:{{port}} {{bad name}} {{}} {{a.b-c_1}}';
    expect(placeholderSpans(text)).toEqual([
      { name: 'host', start: 0, end: 8 },
      { name: 'port', start: 9, end: 17 },
      { name: 'a.b-c_1', start: 36, end: 47 },
    ]);
  });

  test('a JSON body: only placeholders inside string literals (keys too), past escaped quotes', () => {
    const json = '{"{{key}}": "a \\"{{quoted}}\\" b", "n": {{outside}}, "open": "{{unclosed}}';
    expect(jsonPlaceholderSpans(json).map((span) => [span.name, json.slice(span.start, span.end)])).toEqual([
      ['key', '{{key}}'],
      ['quoted', '{{quoted}}'],
      ['unclosed', '{{unclosed}}'],
    ]);
  });

  test('the page marks exactly the placeholders the engine fills', () => {
    const json = '{"a": "{{x}}-{{y}}", "b": {{z}}, "{{k}}": ["{{x}}"]}';
    const marked = new Set(jsonPlaceholderSpans(json).map((span) => span.name));
    const filled = resolveCallRequest(
      { target: '', tls: { mode: 'plaintext' }, method: 'p.S/M', metadata: [], requests: [json] },
      new Map([...marked].map((name) => [name, `<${name}>`])),
    ).requests[0];
    expect(filled).toBe('{"a": "<x>-<y>", "b": {{z}}, "<k>": ["<x>"]}');
  });
});
