/**
 * The one rule for `{{name}}` placeholders, used by the engine to fill them and by the page to show them: what a
 * placeholder looks like, and which parts of a JSON body may hold one (only the inside of string literals).
 */
import { jsonStringEnd } from './json-body';

/** `{{name}}`: letters, digits, `_`, `.` and `-`, no spaces. A fresh global RegExp per use (it has state). */
export function placeholderPattern(): RegExp {
  return /\{\{([A-Za-z0-9_.-]+)\}\}/g;
}

/** One `{{name}}` in a text: `start` at its first `{`, `end` just past its last `}`. */
export interface PlaceholderSpan {
  name: string;
  start: number;
  end: number;
}

/** Every `{{name}}` of a plain text (an address, a metadata value), in order. */
export function placeholderSpans(text: string, offset = 0): PlaceholderSpan[] {
  return Array.from(text.matchAll(placeholderPattern()), (match) => ({
    name: match[1]!,
    start: offset + match.index,
    end: offset + match.index + match[0].length,
  }));
}

/** The inside of each string literal of a JSON text (object keys included): start and end of the characters between the quotes. */
export function jsonStringInsides(json: string): { start: number; end: number }[] {
  const insides: { start: number; end: number }[] = [];
  let i = 0;
  while (i < json.length) {
    if (json[i] !== '"') {
      i++;
      continue;
    }
    const end = jsonStringEnd(json, i);
    const closed = json[end - 1] === '"' && end - 1 > i;
    insides.push({ start: i + 1, end: closed ? end - 1 : end });
    i = end;
  }
  return insides;
}

/** Every `{{name}}` inside the string literals of a JSON text: the only ones a call fills. */
export function jsonPlaceholderSpans(json: string): PlaceholderSpan[] {
  return jsonStringInsides(json).flatMap(({ start, end }) => placeholderSpans(json.slice(start, end), start));
}
