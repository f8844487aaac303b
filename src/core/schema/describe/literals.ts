/** Literal values as proto source spells them, matching grpcurl's printer byte for byte where it is valid syntax. */

/** Escapes one byte the way protoc's text format does (`\n`, `\"`, octal for the rest). */
function escapeByte(c: number): string {
  switch (c) {
    case 0x0a:
      return '\\n';
    case 0x0d:
      return '\\r';
    case 0x09:
      return '\\t';
    case 0x22:
      return '\\"';
    case 0x5c:
      return '\\\\';
    default:
      return c >= 0x20 && c < 0x7f ? String.fromCharCode(c) : `\\${c.toString(8).padStart(3, '0')}`;
  }
}

/** A quoted bytes literal: printable ASCII as is, everything else as octal escapes. */
export function quotedBytes(bytes: Uint8Array): string {
  let out = '"';
  for (const c of bytes) out += escapeByte(c);
  return `${out}"`;
}

/** A quoted string literal: printable Unicode kept, control characters escaped. */
export function quotedString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x80) out += escapeByte(code);
    // Go's unicode.IsPrint: letters, marks, numbers, punctuation and symbols (the only printable space is ASCII).
    else if (/^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u.test(ch)) out += ch;
    else if (code > 0xffff) out += `\\U${code.toString(16).toUpperCase().padStart(8, '0')}`;
    else out += `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return `${out}"`;
}

/** A float or double in Go's `%f` form (six decimals); infinities and NaN in proto spelling, which Go gets wrong. */
export function formatFloat(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (value === Infinity) return 'inf';
  if (value === -Infinity) return '-inf';
  return value.toFixed(6);
}

/** The JSON name protoc derives from a field name: underscores dropped, the following letter upper-cased. */
export function defaultJsonName(name: string): string {
  let out = '';
  let upper = false;
  for (const ch of name) {
    if (ch === '_') {
      upper = true;
      continue;
    }
    out += upper ? ch.toUpperCase() : ch;
    upper = false;
  }
  return out;
}
