/** Request and response bodies as JSON values, without losing int64 precision to JavaScript numbers. */
import type { JsonValue } from './workspace';

/**
 * Parses JSON text like JSON.parse (throwing its SyntaxError), except that integers beyond Number.MAX_SAFE_INTEGER
 * become strings holding their exact digits: proto3 JSON accepts int64 values as strings, so they survive unchanged.
 */
export function parseJsonBody(text: string): JsonValue {
  // Parse the text as written first, so syntax errors point at the user's own positions.
  const value = JSON.parse(text) as JsonValue;
  const quoted = quoteUnsafeIntegers(text);
  return quoted === undefined ? value : (JSON.parse(quoted) as JsonValue);
}

/** Pretty-prints a JSON value with 2-space indentation. */
export function formatJsonBody(value: JsonValue): string {
  return JSON.stringify(value, null, 2);
}

/** The text with every unsafe integer literal outside strings put in quotes; undefined when there is none. */
function quoteUnsafeIntegers(text: string): string | undefined {
  let out = '';
  let copied = 0;
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '"') {
      i = jsonStringEnd(text, i);
    } else if (char === '-' || (char >= '0' && char <= '9')) {
      const start = i;
      while (i < text.length && /[-+0-9.eE]/.test(text[i]!)) i++;
      const token = text.slice(start, i);
      if (/^-?\d+$/.test(token) && !Number.isSafeInteger(Number(token))) {
        out += `${text.slice(copied, start)}"${token}"`;
        copied = i;
      }
    } else {
      i++;
    }
  }
  return copied === 0 ? undefined : out + text.slice(copied);
}

/** Index just past the JSON string literal whose opening quote is at `start` (escapes skipped; text end if unclosed). */
export function jsonStringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const char = text[i];
    if (char === '\\') i += 2;
    else if (char === '"') return i + 1;
    else i++;
  }
  return text.length;
}

/** JSON text without the blanks outside strings; numbers and strings stay exactly as written (int64 digits included). */
export function compactJson(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      const end = jsonStringEnd(text, i);
      out += text.slice(i, end);
      i = end;
    } else {
      if (!/\s/.test(c)) out += c;
      i++;
    }
  }
  return out;
}
