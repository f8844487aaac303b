/** Escape-sequence handling for .proto string literals, as protoc's tokenizer defines it. */

const BACKSLASH = 92;

/** The byte each single-character escape (`\n`, `\t`, ...) stands for, keyed by the character after the backslash. */
const SIMPLE_ESCAPES: ReadonlyMap<number, number> = new Map([
  [97, 7], // \a
  [98, 8], // \b
  [102, 12], // \f
  [110, 10], // \n
  [114, 13], // \r
  [116, 9], // \t
  [118, 11], // \v
  [92, 92], // \\
  [63, 63], // \?
  [39, 39], // \'
  [34, 34], // \"
]);

/** The value of a hex digit character code, or -1. */
export function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  if (code >= 65 && code <= 70) return code - 55;
  return -1;
}

/** True for a single-character escape letter (`n`, `t`, `"`, ...). */
export function isSimpleEscape(code: number): boolean {
  return SIMPLE_ESCAPES.has(code);
}

/**
 * Appends the bytes of one quoted literal (`raw` includes its quotes, already validated by the tokenizer)
 * to `out`: escapes decoded, other characters as UTF-8.
 */
export function appendStringLiteral(raw: string, out: number[]): void {
  const end = raw.length - 1;
  let i = 1;
  while (i < end) {
    const code = raw.charCodeAt(i);
    if (code !== BACKSLASH) {
      if (code < 0x80) {
        out.push(code);
        i++;
      } else {
        const point = raw.codePointAt(i) ?? code;
        appendUtf8(point, out);
        i += point > 0xffff ? 2 : 1;
      }
      continue;
    }
    i = appendEscape(raw, i + 1, end, out);
  }
}

/** Decodes the escape starting after the backslash at `i`; returns the index after it. */
function appendEscape(raw: string, i: number, end: number, out: number[]): number {
  const code = raw.charCodeAt(i);
  const simple = SIMPLE_ESCAPES.get(code);
  if (simple !== undefined) {
    out.push(simple);
    return i + 1;
  }
  if (code >= 48 && code <= 55) {
    // Up to three octal digits; protoc keeps the low byte.
    let value = 0;
    let n = 0;
    while (n < 3 && i < end && raw.charCodeAt(i) >= 48 && raw.charCodeAt(i) <= 55) {
      value = value * 8 + raw.charCodeAt(i) - 48;
      i++;
      n++;
    }
    out.push(value & 0xff);
    return i;
  }
  if (code === 120 || code === 88) {
    // \x takes one or two hex digits.
    i++;
    let value = 0;
    let n = 0;
    while (n < 2 && i < end && hexValue(raw.charCodeAt(i)) >= 0) {
      value = value * 16 + hexValue(raw.charCodeAt(i));
      i++;
      n++;
    }
    out.push(value);
    return i;
  }
  const digits = code === 117 ? 4 : 8;
  let point = readHex(raw, i + 1, digits);
  i += 1 + digits;
  // A \u high surrogate followed by a \u low surrogate is one code point, as in protoc.
  if (
    code === 117 &&
    point >= 0xd800 &&
    point <= 0xdbff &&
    raw.charCodeAt(i) === BACKSLASH &&
    raw.charCodeAt(i + 1) === 117
  ) {
    const low = readHex(raw, i + 2, 4);
    if (low >= 0xdc00 && low <= 0xdfff) {
      point = 0x10000 + ((point - 0xd800) << 10) + (low - 0xdc00);
      i += 6;
    }
  }
  appendUtf8(point, out);
  return i;
}

/** Reads `count` hex digits at `i` (validated by the tokenizer). */
function readHex(raw: string, i: number, count: number): number {
  let value = 0;
  for (let k = 0; k < count; k++) value = value * 16 + hexValue(raw.charCodeAt(i + k));
  return value;
}

/** Appends a code point as UTF-8 (lone surrogates get their three-byte form, like protoc). */
function appendUtf8(point: number, out: number[]): void {
  if (point < 0x80) {
    out.push(point);
  } else if (point < 0x800) {
    out.push(0xc0 | (point >> 6), 0x80 | (point & 0x3f));
  } else if (point < 0x10000) {
    out.push(0xe0 | (point >> 12), 0x80 | ((point >> 6) & 0x3f), 0x80 | (point & 0x3f));
  } else {
    out.push(
      0xf0 | (point >> 18),
      0x80 | ((point >> 12) & 0x3f),
      0x80 | ((point >> 6) & 0x3f),
      0x80 | (point & 0x3f),
    );
  }
}
