/**
 * Turns parser and schema errors into the words a person editing a workspace file by hand needs. Nothing here quotes
 * the file: V8's JSON.parse messages can (`Unexpected token 'D', "DECOY_TOKE"... is not valid JSON`), so the position
 * and reason come from our own scan of the text instead.
 */
import type { z } from 'zod';

/** Where JSON text first breaks the grammar (1-based line and column), and why, in words that quote nothing. */
export interface JsonSyntaxProblem {
  reason: string;
  line: number;
  column: number;
}

/** The first line (1-based) that is a git conflict marker (`<<<<<<< `, `=======`, `>>>>>>> `); undefined when none. */
export function conflictMarkerLine(text: string): number | undefined {
  const index = text.split('\n').findIndex((line) => /^(<{7} |>{7} |={7}\r?$)/.test(line));
  return index < 0 ? undefined : index + 1;
}

/** Where and why text that JSON.parse rejected is not JSON. */
export function describeJsonSyntax(text: string): JsonSyntaxProblem {
  const { offset, reason } = firstSyntaxError(text);
  const before = text.slice(0, offset);
  return { reason, line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

/** `metadata[0].key: expected string, received number` — the field first, as a person looks for it. */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
    .join('');
  return field === '' ? issue.message : `${field}: ${issue.message}`;
}

type Expected = 'value' | 'valueOrEnd' | 'key' | 'keyOrEnd' | 'colon' | 'separator';

const expectedWords: Record<Expected, string> = {
  value: 'a value was expected here',
  valueOrEnd: 'a value or ] was expected here',
  key: 'a property name in double quotes was expected here',
  keyOrEnd: 'a property name in double quotes or } was expected here',
  colon: 'a : was expected here',
  separator: 'a , or the end of the object or list was expected here',
};

const literal = /true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const endsEarly = 'the file ends too early';

/** Scans JSON without recursion (a deeply nested file cannot overflow the stack) up to its first error. */
function firstSyntaxError(text: string): { offset: number; reason: string } {
  const open: string[] = [];
  let expected: Expected = 'value';
  let i = 0;
  for (;;) {
    while (i < text.length && ' \t\n\r'.includes(text[i] ?? '')) i++;
    if (i >= text.length) {
      const complete = expected === 'separator' && open.length === 0;
      return { offset: text.length, reason: complete ? 'it is not valid JSON' : endsEarly };
    }
    const char = text[i];
    const top = open[open.length - 1];
    const closer = top === '{' ? '}' : ']';
    const isKey: boolean = expected === 'key' || expected === 'keyOrEnd';
    const mayClose = expected === 'separator' || expected === (top === '{' ? 'keyOrEnd' : 'valueOrEnd');
    if (top !== undefined && mayClose && char === closer) {
      open.pop();
      i++;
      expected = 'separator';
    } else if (expected === 'separator') {
      if (top === undefined) return { offset: i, reason: 'there is more after the end of the JSON value' };
      if (char !== ',') return { offset: i, reason: expectedWords.separator };
      i++;
      expected = top === '{' ? 'key' : 'value';
    } else if (expected === 'colon') {
      if (char !== ':') return { offset: i, reason: expectedWords.colon };
      i++;
      expected = 'value';
    } else if (char === '"') {
      const end = stringEnd(text, i);
      if (typeof end !== 'number') return end;
      i = end;
      expected = isKey ? 'colon' : 'separator';
    } else if (isKey) {
      return { offset: i, reason: expectedWords[expected] };
    } else if (char === '{' || char === '[') {
      open.push(char);
      i++;
      expected = char === '{' ? 'keyOrEnd' : 'valueOrEnd';
    } else {
      literal.lastIndex = i;
      const match = literal.exec(text);
      if (!match) return { offset: i, reason: expectedWords[expected] };
      i += match[0].length;
      expected = 'separator';
    }
  }
}

/** The index after the string starting at `start`, or where and why it is broken. */
function stringEnd(text: string, start: number): number | { offset: number; reason: string } {
  for (let i = start + 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22) return i + 1;
    if (code < 0x20)
      return { offset: i, reason: 'a string is not closed on its line (or holds a control character)' };
    if (code === 0x5c) {
      const escape = text[i + 1] ?? '';
      if (
        escape === 'u' ? !/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)) : !'"\\/bfnrt'.includes(escape)
      ) {
        return { offset: i, reason: 'a string holds a bad escape sequence' };
      }
      i += escape === 'u' ? 5 : 1;
    }
  }
  return { offset: text.length, reason: endsEarly };
}
