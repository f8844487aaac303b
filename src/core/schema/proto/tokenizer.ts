/**
 * The .proto tokenizer: one pass over the text with character-code comparisons, following protoc's
 * io::Tokenizer (same token kinds, number and string rules, comment placement).
 */
import { SchemaError } from '../errors';
import { CommentCollector, type CommentGap } from './comments';
import { hexValue, isSimpleEscape } from './string-literal';

export type TokenKind = 'identifier' | 'int' | 'float' | 'string' | 'symbol' | 'eof';

/** One token. Tokens never span lines, so the end is on `line` too. */
export interface Token {
  kind: TokenKind;
  /** The source text; strings keep their quotes and escapes. Empty at the end of the file. */
  text: string;
  line: number;
  column: number;
  /** Column just after the token's last character. */
  endColumn: number;
  /** Set when the previous token was `;`, `{` or `}` (or this is the first token): the comments before this token. */
  comments: CommentGap | undefined;
}

const NEWLINE = 10;
const SLASH = 47;
const STAR = 42;
const DOT = 46;
/** U+FFFD: what UTF-8 decoding puts where bytes are not UTF-8. */
const REPLACEMENT_CHARACTER = 0xfffd;
const BACKSLASH = 92;

/** Space, tab, carriage return, vertical tab, form feed: whitespace that does not end a line. */
function isBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 13 || code === 11 || code === 12;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isLetter(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95;
}

/** Turns .proto text into tokens, one `next()` at a time; the first problem throws a SchemaError. */
export class Tokenizer {
  private pos = 0;
  private line = 1;
  private lineStart = 0;
  /** Whether the previous token ends a declaration, so the next gap's comments are collected. */
  private collect = true;
  private started = false;
  private readonly length: number;

  constructor(
    private readonly text: string,
    private readonly file: string,
  ) {
    this.length = text.length;
    if (text.charCodeAt(0) === 0xfeff) this.pos = this.lineStart = 1;
  }

  /** The next token; at the end of the text, an `eof` token (repeatedly). */
  next(): Token {
    const token = this.collect ? this.nextWithComments(!this.started) : this.nextPlain();
    this.started = true;
    this.collect =
      token.kind === 'symbol' && (token.text === ';' || token.text === '{' || token.text === '}');
    return token;
  }

  /** Skips whitespace and comments without keeping them, then reads a token. */
  private nextPlain(): Token {
    for (;;) {
      this.skipBlanks();
      const code = this.text.charCodeAt(this.pos);
      if (code === NEWLINE) {
        this.newline();
      } else if (code === SLASH && this.text.charCodeAt(this.pos + 1) === SLASH) {
        this.pos += 2;
        this.readLineComment();
      } else if (code === SLASH && this.text.charCodeAt(this.pos + 1) === STAR) {
        this.pos += 2;
        this.readBlockComment();
      } else {
        return this.readToken();
      }
    }
  }

  /** protoc's Tokenizer::NextWithComments: reads the next token and sorts the comments before it. */
  private nextWithComments(atStart: boolean): Token {
    const collector = new CommentCollector();
    const prevLine = this.line;
    let trailingEndLine = -1;
    if (atStart) {
      collector.detachFromPrev();
    } else {
      this.skipBlanks();
      const kind = this.commentStart();
      if (kind === 'line') {
        trailingEndLine = this.line;
        collector.addLineComment(this.readLineComment());
        collector.flush();
      } else if (kind === 'block') {
        collector.addBlockComment(this.readBlockComment());
        trailingEndLine = this.line;
        this.skipBlanks();
        if (this.text.charCodeAt(this.pos) !== NEWLINE) {
          collector.clearBuffer();
          return this.withComments(this.nextPlain(), collector);
        }
        this.newline();
        collector.flush();
      } else if (this.text.charCodeAt(this.pos) === NEWLINE) {
        this.newline();
      } else {
        return this.withComments(this.nextPlain(), collector);
      }
    }
    for (;;) {
      this.skipBlanks();
      const kind = this.commentStart();
      if (kind === 'line') {
        collector.addLineComment(this.readLineComment());
      } else if (kind === 'block') {
        collector.addBlockComment(this.readBlockComment());
        this.skipBlanks();
        if (this.text.charCodeAt(this.pos) === NEWLINE) this.newline();
      } else if (this.text.charCodeAt(this.pos) === NEWLINE) {
        this.newline();
        collector.flush();
        collector.detachFromPrev();
      } else {
        const token = this.readToken();
        const eof = token.kind === 'eof';
        if (eof || token.text === '}' || token.text === ']' || token.text === ')') collector.flush();
        if (!eof && (prevLine === token.line || trailingEndLine === token.line)) collector.maybeDetach();
        return this.withComments(token, collector);
      }
    }
  }

  private withComments(token: Token, collector: CommentCollector): Token {
    token.comments = collector.result();
    return token;
  }

  /** Consumes `//` or `/*` and says which, or consumes nothing. */
  private commentStart(): 'line' | 'block' | undefined {
    if (this.text.charCodeAt(this.pos) !== SLASH) return undefined;
    const second = this.text.charCodeAt(this.pos + 1);
    if (second === SLASH) {
      this.pos += 2;
      return 'line';
    }
    if (second === STAR) {
      this.pos += 2;
      return 'block';
    }
    return undefined;
  }

  private skipBlanks(): void {
    while (isBlank(this.text.charCodeAt(this.pos))) this.pos++;
  }

  /** Consumes a `\n` at the current position. */
  private newline(): void {
    this.pos++;
    this.line++;
    this.lineStart = this.pos;
  }

  /** After `//`: the text up to and including the newline. */
  private readLineComment(): string {
    const start = this.pos;
    const end = this.text.indexOf('\n', start);
    if (end < 0) {
      this.pos = this.length;
      return this.text.slice(start);
    }
    this.pos = end;
    this.newline();
    return this.text.slice(start, this.pos);
  }

  /** After `/*`: the text up to `*\/`, without the `*` that starts continuation lines (as protoc strips it). */
  private readBlockComment(): string {
    const startLine = this.line;
    const startColumn = this.pos - this.lineStart - 1;
    const text = this.text;
    let content = '';
    let from = this.pos;
    for (;;) {
      let code = text.charCodeAt(this.pos);
      while (this.pos < this.length && code !== STAR && code !== SLASH && code !== NEWLINE)
        code = text.charCodeAt(++this.pos);
      if (code === NEWLINE) {
        this.newline();
        content += text.slice(from, this.pos);
        this.skipBlanks();
        if (text.charCodeAt(this.pos) === STAR) {
          this.pos++;
          if (text.charCodeAt(this.pos) === SLASH) {
            this.pos++;
            return content;
          }
        }
        from = this.pos;
      } else if (code === STAR) {
        this.pos++;
        if (text.charCodeAt(this.pos) === SLASH) {
          this.pos++;
          return content + text.slice(from, this.pos - 2);
        }
      } else if (code === SLASH) {
        this.pos++;
        if (text.charCodeAt(this.pos) === STAR) {
          this.fail(
            '"/*" inside a block comment: block comments cannot be nested',
            this.line,
            this.pos - this.lineStart,
          );
        }
      } else {
        this.fail('Unterminated block comment: expected "*/"', startLine, startColumn);
      }
    }
  }

  /** Reads one token at the current position (whitespace and comments already skipped). */
  private readToken(): Token {
    const start = this.pos;
    const column = start - this.lineStart + 1;
    if (start >= this.length)
      return { kind: 'eof', text: '', line: this.line, column, endColumn: column, comments: undefined };
    const text = this.text;
    const code = text.charCodeAt(start);
    let kind: TokenKind;
    if (isLetter(code)) {
      let c = text.charCodeAt(++this.pos);
      while (isLetter(c) || isDigit(c)) c = text.charCodeAt(++this.pos);
      kind = 'identifier';
    } else if (isDigit(code) || (code === DOT && isDigit(text.charCodeAt(start + 1)))) {
      kind = this.readNumber(column);
    } else if (code === 34 || code === 39) {
      this.readString(code, column);
      kind = 'string';
    } else if (code < 32 || code === 127) {
      this.fail(`Unexpected control character (code ${code}); a .proto file must be text`, this.line, column);
    } else if (code === REPLACEMENT_CHARACTER) {
      // What decoding left of bytes that are not UTF-8: there is no character to show.
      this.fail(
        'Unexpected bytes that are not UTF-8 text (binary data?); a .proto file must be text',
        this.line,
        column,
      );
    } else if (code >= 128) {
      const shown = String.fromCodePoint(text.codePointAt(start) ?? code);
      this.fail(
        `Unexpected character "${shown}"; outside strings and comments a .proto file must be ASCII`,
        this.line,
        column,
      );
    } else {
      this.pos++;
      kind = 'symbol';
    }
    return {
      kind,
      text: text.slice(start, this.pos),
      line: this.line,
      column,
      endColumn: this.pos - this.lineStart + 1,
      comments: undefined,
    };
  }

  /** Reads an integer or float literal with protoc's rules (hex `0x1F`, octal `017`, `.5`, `1e10`). */
  private readNumber(column: number): 'int' | 'float' {
    const text = this.text;
    const start = this.pos;
    const first = text.charCodeAt(start);
    let isFloat = false;
    let c = text.charCodeAt(++this.pos);
    if (first === 48 && (c === 120 || c === 88)) {
      c = text.charCodeAt(++this.pos);
      if (hexValue(c) < 0)
        this.fail(
          `Invalid number "${text.slice(start, this.pos)}": expected hex digits after "0x"`,
          this.line,
          column,
        );
      while (hexValue(c) >= 0) c = text.charCodeAt(++this.pos);
      this.checkNumberEnd(start, column, 'Hex');
      return 'int';
    }
    if (first === 48 && isDigit(c)) {
      let octal = true;
      for (; isDigit(c); c = text.charCodeAt(++this.pos)) octal &&= c < 56;
      if (!octal)
        this.fail(
          `Invalid number "${text.slice(start, this.pos)}": numbers starting with 0 are octal`,
          this.line,
          column,
        );
      this.checkNumberEnd(start, column, 'Octal');
      return 'int';
    }
    if (first === DOT) {
      isFloat = true;
      while (isDigit(c)) c = text.charCodeAt(++this.pos);
    } else {
      while (isDigit(c)) c = text.charCodeAt(++this.pos);
      if (c === DOT) {
        isFloat = true;
        c = text.charCodeAt(++this.pos);
        while (isDigit(c)) c = text.charCodeAt(++this.pos);
      }
    }
    if (c === 101 || c === 69) {
      isFloat = true;
      c = text.charCodeAt(++this.pos);
      if (c === 43 || c === 45) c = text.charCodeAt(++this.pos);
      if (!isDigit(c))
        this.fail(
          `Invalid number "${text.slice(start, this.pos)}": expected digits in the exponent`,
          this.line,
          column,
        );
      while (isDigit(c)) c = text.charCodeAt(++this.pos);
    }
    this.checkNumberEnd(start, column, isFloat ? 'Float' : undefined);
    return isFloat ? 'float' : 'int';
  }

  /** A number must not run into a letter or a second decimal point. */
  private checkNumberEnd(start: number, column: number, form: 'Hex' | 'Octal' | 'Float' | undefined): void {
    const c = this.text.charCodeAt(this.pos);
    const literal = this.text.slice(start, this.pos);
    if (isLetter(c)) {
      this.fail(
        `Invalid number "${literal}${this.text[this.pos]}": put a space between a number and a name`,
        this.line,
        column,
      );
    }
    if (c === DOT && form) {
      const why =
        form === 'Float'
          ? 'it already has a decimal point or exponent'
          : `${form.toLowerCase()} numbers must be integers`;
      this.fail(`Invalid number "${literal}.": ${why}`, this.line, column);
    }
  }

  /** Reads a quoted literal, checking every escape; the value is decoded later by string-literal.ts. */
  private readString(quote: number, column: number): void {
    const text = this.text;
    this.pos++;
    for (;;) {
      const c = text.charCodeAt(this.pos);
      if (c === quote) {
        this.pos++;
        return;
      }
      if (this.pos >= this.length || c === NEWLINE) {
        this.fail(
          `Unterminated string: expected a closing ${String.fromCharCode(quote)} before the end of the line`,
          this.line,
          column,
        );
      }
      if (c === BACKSLASH) this.readEscape();
      else this.pos++;
    }
  }

  /** Validates the escape at the current backslash and moves past it. */
  private readEscape(): void {
    const text = this.text;
    const at = this.pos;
    const column = at - this.lineStart + 1;
    const c = text.charCodeAt(at + 1);
    if (isSimpleEscape(c) || (c >= 48 && c <= 55)) {
      this.pos += 2;
      return;
    }
    if (c === 120 || c === 88) {
      if (hexValue(text.charCodeAt(at + 2)) < 0)
        this.fail(
          `Invalid escape "\\${text[at + 1]}" in string: expected a hex digit after it`,
          this.line,
          column,
        );
      this.pos += 3;
      return;
    }
    if (c === 117 || c === 85) {
      const count = c === 117 ? 4 : 8;
      let n = 0;
      while (n < count && hexValue(text.charCodeAt(at + 2 + n)) >= 0) n++;
      const digits = text.slice(at + 2, at + 2 + n);
      if (n < count || (count === 8 && parseInt(digits, 16) > 0x10ffff)) {
        const expected = count === 4 ? 'four hex digits' : 'eight hex digits up to 0010ffff';
        this.fail(
          `Invalid escape "\\${text[at + 1]}${digits}" in string: expected ${expected}`,
          this.line,
          column,
        );
      }
      this.pos += 2 + count;
      return;
    }
    if (at + 1 >= this.length || c === NEWLINE)
      this.fail('Unterminated string: it ends with a backslash', this.line, column);
    const shown = String.fromCodePoint(text.codePointAt(at + 1) ?? c);
    this.fail(`Invalid escape "\\${shown}" in string`, this.line, column);
  }

  private fail(message: string, line: number, column: number): never {
    throw new SchemaError([{ message, location: { file: this.file, line, column } }]);
  }
}
