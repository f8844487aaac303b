/** Pretty-printing of JSON text without parsing it: as fast as parse + stringify on huge payloads, and exact. */

/** Pretty-printed JSON text and where each of its lines starts. */
export interface FormattedJson {
  text: string;
  /** Offset in `text` of the first character of each line; line `i` ends before `lineStarts[i + 1] - 1`. */
  lineStarts: Int32Array;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const SPACE = 0x20;
const NEWLINE = 0x0a;

function isSpace(code: number): boolean {
  return code === SPACE || code === NEWLINE || code === 0x0d || code === 0x09;
}

/** UTF-16 code units written into a growing buffer (one typed-array write per unit beats millions of small strings). */
class Output {
  private units: Uint16Array;
  private length = 0;
  private starts = new Int32Array(1024);
  private lines = 1;

  constructor(expected: number) {
    this.units = new Uint16Array(expected + 1024);
  }

  put(unit: number): void {
    if (this.length === this.units.length) this.grow(1);
    this.units[this.length] = unit;
    this.length += 1;
  }

  newline(depth: number): void {
    if (this.length + 1 + depth * 2 > this.units.length) this.grow(1 + depth * 2);
    if (this.lines === this.starts.length) {
      const grown = new Int32Array(this.starts.length * 2);
      grown.set(this.starts);
      this.starts = grown;
    }
    this.units[this.length] = NEWLINE;
    this.length += 1;
    this.starts[this.lines] = this.length;
    this.lines += 1;
    this.units.fill(SPACE, this.length, this.length + depth * 2);
    this.length += depth * 2;
  }

  finish(): FormattedJson {
    // Uint16Array holds platform-endian units: little-endian on every platform Electron and Chromium run on.
    const text = new TextDecoder('utf-16le').decode(this.units.subarray(0, this.length));
    return { text, lineStarts: this.starts.slice(0, this.lines) };
  }

  private grow(count: number): void {
    const grown = new Uint16Array((this.units.length + count) * 2);
    grown.set(this.units.subarray(0, this.length));
    this.units = grown;
  }
}

/**
 * Re-indents JSON text with two spaces, exactly as `JSON.stringify(JSON.parse(json), null, 2)` lays it out, but
 * copying every token as written (no number loses digits). It does not validate: malformed input comes out
 * re-indented as far as its brackets go.
 */
export function formatJson(json: string): FormattedJson {
  const n = json.length;
  // Pretty JSON of typical messages is 1.5 to 2 times its compact size.
  const out = new Output(n * 2);
  let depth = 0;
  let i = 0;
  while (i < n) {
    const code = json.charCodeAt(i);
    i += 1;
    if (code === QUOTE) {
      out.put(code);
      while (i < n) {
        const unit = json.charCodeAt(i);
        out.put(unit);
        i += 1;
        if (unit === QUOTE) break;
        if (unit === BACKSLASH && i < n) {
          out.put(json.charCodeAt(i));
          i += 1;
        }
      }
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      while (i < n && isSpace(json.charCodeAt(i))) i += 1;
      out.put(code);
      // `}` and `]` are two code units after `{` and `[`: an empty object or array stays on one line.
      if (json.charCodeAt(i) === code + 2) {
        out.put(code + 2);
        i += 1;
      } else {
        depth += 1;
        out.newline(depth);
      }
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth = Math.max(0, depth - 1);
      out.newline(depth);
      out.put(code);
    } else if (code === COMMA) {
      out.put(code);
      out.newline(depth);
    } else if (code === COLON) {
      out.put(code);
      out.put(SPACE);
    } else if (!isSpace(code)) {
      out.put(code);
    }
  }
  return out.finish();
}
