/** Pretty-printing of JSON text without parsing it: as fast as parse + stringify on huge payloads, and exact. */

/** Pretty-printed JSON as UTF-16 code units and where each of its lines starts (what the worker transfers). */
export interface FormattedUnits {
  units: Uint16Array;
  /** Offset in `units` of the first unit of each line; line `i` ends before `lineStarts[i + 1] - 1`. */
  lineStarts: Int32Array;
}

// Uint16Array holds platform-endian units: little-endian on every platform Electron and Chromium run on.
const utf16 = new TextDecoder('utf-16le');

/**
 * Pretty-printed JSON text and where each of its lines starts. The whole text is made from the units on first use, so
 * a huge message's lines show (one at a time) without the page ever holding or copying its full text until it is
 * copied or saved.
 */
export class FormattedJson {
  private whole?: string;

  constructor(
    private readonly units: Uint16Array,
    readonly lineStarts: Int32Array,
  ) {}

  /** The whole pretty text. */
  get text(): string {
    this.whole ??= utf16.decode(this.units);
    return this.whole;
  }

  /** Line `i`, without its newline. */
  line(i: number): string {
    const start = this.lineStarts[i] ?? 0;
    const next = this.lineStarts[i + 1];
    const end = next === undefined ? this.units.length : next - 1;
    return this.whole !== undefined
      ? this.whole.slice(start, end)
      : utf16.decode(this.units.subarray(start, end));
  }
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

  finish(): FormattedUnits {
    return { units: this.units.slice(0, this.length), lineStarts: this.starts.slice(0, this.lines) };
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
export function formatJsonUnits(json: string): FormattedUnits {
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

/** `json` pretty-printed (formatJsonUnits), as text and lines. */
export function formatJson(json: string): FormattedJson {
  const { units, lineStarts } = formatJsonUnits(json);
  return new FormattedJson(units, lineStarts);
}

/** Lines of a cut-off text that may still change when the rest comes: the last token's and the indentation after it. */
const unsettledLines = 2;

/**
 * The first lines of `json` pretty-printed, exactly as formatJson(json) has them, from its first `chars` characters
 * alone: a first view of a huge message in a few milliseconds. Empty when those characters hold no whole line.
 */
export function formatJsonPrefix(json: string, chars: number): FormattedJson {
  if (json.length <= chars) return formatJson(json);
  const { units, lineStarts } = formatJsonUnits(json.slice(0, chars));
  // A cut string, number or `{` whose `}` was cut off lays out differently only on the last lines: leave them out.
  const kept = Math.max(0, lineStarts.length - unsettledLines);
  const end = kept === 0 ? 0 : (lineStarts[kept] ?? 0) - 1;
  return new FormattedJson(units.slice(0, end), lineStarts.slice(0, kept));
}
