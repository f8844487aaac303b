/** One JSON value cut out of the request data, with where it starts in the whole input (1-based). */
export interface RequestText {
  text: string;
  /** 1-based: the first value is request 1. */
  number: number;
  line: number;
  column: number;
}

type Mode = 'between' | 'compound' | 'string' | 'bare';

const space = /[ \t\r\n\uFEFF]/;

/**
 * Cuts concatenated or newline-separated JSON values into one text per value as characters arrive, so a stream of
 * requests can be sent one by one while the rest is still being typed. Only brackets and strings are tracked;
 * the JSON parser judges each value (an unfinished one is handed over at the end so the parser can say where it stops).
 */
export class JsonValueSplitter {
  private mode: Mode = 'between';
  private pending = '';
  private depth = 0;
  private inString = false;
  private escaped = false;
  private line = 1;
  private column = 1;
  private start = { line: 1, column: 1 };
  private count = 0;

  /** Feeds more text; returns the values it completed. */
  push(chunk: string): RequestText[] {
    const done: RequestText[] = [];
    let from = this.mode === 'between' ? -1 : 0;
    let i = 0;
    while (i < chunk.length) {
      const c = chunk[i] as string;
      if (this.mode === 'between') {
        if (!space.test(c)) {
          this.begin(c);
          from = i;
        }
      } else if (this.mode === 'bare' && (space.test(c) || c === '{' || c === '[' || c === '"')) {
        // A number or literal ends where the next value or whitespace starts; look at this character again.
        done.push(this.emit(chunk.slice(from, i)));
        continue;
      } else if (this.step(c)) {
        done.push(this.emit(chunk.slice(from, i + 1)));
      }
      this.advance(c);
      i++;
    }
    if (this.mode !== 'between') this.pending += chunk.slice(from);
    return done;
  }

  /** The input ended: returns the last value if one was started (complete or not). */
  finish(): RequestText[] {
    return this.mode === 'between' ? [] : [this.emit('')];
  }

  private begin(c: string): void {
    this.start = { line: this.line, column: this.column };
    // The opening bracket or quote is this character: the value is already one level deep.
    this.depth = 1;
    this.inString = false;
    this.escaped = false;
    if (c === '{' || c === '[') this.mode = 'compound';
    else if (c === '"') this.mode = 'string';
    else this.mode = 'bare';
  }

  /** Tracks strings and brackets; true when `c` closes the current value. */
  private step(c: string): boolean {
    if (this.inString || this.mode === 'string') {
      if (this.escaped) this.escaped = false;
      else if (c === '\\') this.escaped = true;
      else if (c === '"') {
        if (this.mode === 'string') return true;
        this.inString = false;
      }
      return false;
    }
    if (this.mode !== 'compound') return false;
    if (c === '"') this.inString = true;
    else if (c === '{' || c === '[') this.depth++;
    else if (c === '}' || c === ']') return --this.depth === 0;
    return false;
  }

  private emit(tail: string): RequestText {
    const text = this.pending + tail;
    this.pending = '';
    this.mode = 'between';
    this.count++;
    return { text, number: this.count, line: this.start.line, column: this.start.column };
  }

  private advance(c: string): void {
    if (c === '\n') {
      this.line++;
      this.column = 1;
    } else {
      this.column++;
    }
  }
}
