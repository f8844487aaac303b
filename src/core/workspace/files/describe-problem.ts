/** Turns parser and schema errors into the words a person editing a workspace file by hand needs. */
import type { z } from 'zod';

/** Where a JSON.parse SyntaxError points (1-based), and its reason without V8's `in JSON at position N`. */
export function describeSyntaxError(error: SyntaxError, text: string): { reason: string; line: number; column: number } {
  const position = /at position (\d+)/.exec(error.message);
  const offset = position ? Number(position[1]) : text.length;
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  const reason = error.message.startsWith('Unexpected end of JSON input')
    ? 'The file ends too early'
    : error.message.replace(/ in JSON at position \d+.*$/, '');
  return { reason, line, column };
}

/** `metadata[0].key: expected string, received number` — the field first, as a person looks for it. */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
    .join('');
  return field === '' ? issue.message : `${field}: ${issue.message}`;
}
