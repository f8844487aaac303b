/** The parser's view of the token stream: one token of lookahead, expectations with clear errors, comment bookkeeping. */
import { SchemaError } from '../errors';
import type { Comments, Position, Span } from './ast';
import { appendStringLiteral } from './string-literal';
import { Tokenizer, type Token } from './tokenizer';

/** Deepest nesting of messages and aggregate values; deeper input gets an error instead of exhausting the stack. */
export const MAX_DEPTH = 100;

/** Reads tokens for the parser and keeps protoc's "upcoming comments" state between declarations. */
export class Cursor {
  private readonly tokenizer: Tokenizer;
  /** The current (not yet consumed) token. */
  tok: Token;
  /** End of the last consumed token. */
  private lastLine = 1;
  private lastColumn = 1;
  private upcomingLeading: string | undefined;
  private upcomingDetached: string[];
  private depth = 0;

  constructor(
    text: string,
    readonly file: string,
  ) {
    this.tokenizer = new Tokenizer(text, file);
    this.tok = this.tokenizer.next();
    this.upcomingLeading = this.tok.comments?.leading;
    this.upcomingDetached = this.tok.comments?.detached ?? [];
  }

  /** Consumes the current token and returns it. */
  advance(): Token {
    const token = this.tok;
    this.lastLine = token.line;
    this.lastColumn = token.endColumn;
    this.tok = this.tokenizer.next();
    return token;
  }

  /** Whether the current token is the symbol or keyword `text` (never a string literal). */
  is(text: string): boolean {
    return this.tok.text === text && this.tok.kind !== 'string';
  }

  /** Consumes the current token if it is `text`. */
  tryConsume(text: string): boolean {
    if (!this.is(text)) return false;
    this.advance();
    return true;
  }

  /** Consumes `text` or fails with `Expected "text" <context>, found ...`. */
  expect(text: string, context: Lazy): Token {
    if (!this.is(text)) this.fail(`Expected "${text}" ${lazy(context)}, found ${describe(this.tok)}`);
    return this.advance();
  }

  /** Consumes an identifier or fails with `Expected <what>, found ...`. */
  identifier(what: Lazy): Token {
    if (this.tok.kind !== 'identifier') this.fail(`Expected ${lazy(what)}, found ${describe(this.tok)}`);
    return this.advance();
  }

  /** Consumes one or more adjacent string literals and returns their bytes, or fails with `Expected <what>, found ...`. */
  stringBytes(what: Lazy): Uint8Array {
    if (this.tok.kind !== 'string') this.fail(`Expected ${lazy(what)}, found ${describe(this.tok)}`);
    const bytes: number[] = [];
    while (this.tok.kind === 'string') appendStringLiteral(this.advance().text, bytes);
    return Uint8Array.from(bytes);
  }

  /** Like `stringBytes`, decoded as UTF-8 text (file names, syntax, reserved names). */
  string(what: Lazy): string {
    return textDecoder.decode(this.stringBytes(what));
  }

  /**
   * Consumes the `;`, `{` or `}` that ends a declaration and hands out comments the way protoc's
   * Parser::TryConsumeEndOfDeclaration does. With `attach`, returns the declaration's comments.
   */
  endDeclaration(text: ';' | '{' | '}', context: Lazy, attach: boolean): Comments {
    this.expect(text, context);
    const gap = this.tok.comments;
    const leading = this.upcomingLeading;
    this.upcomingLeading = gap?.leading;
    const detached = gap?.detached ?? [];
    if (attach) {
      const comments: Comments = { detached: this.upcomingDetached };
      if (leading) comments.leading = leading;
      if (gap?.trailing) comments.trailing = gap.trailing;
      this.upcomingDetached = detached;
      return comments;
    }
    if (text === '}') this.upcomingDetached = detached;
    else this.upcomingDetached = this.upcomingDetached.concat(detached);
    return { detached: [] };
  }

  /** Start of the current token. */
  start(): Position {
    return { line: this.tok.line, column: this.tok.column };
  }

  /** A span from `start` to the end of the last consumed token. */
  spanFrom(start: Position): Span {
    return { start, end: { line: this.lastLine, column: this.lastColumn } };
  }

  /** Enters a nested block (message, group, aggregate value) that starts at `at`, failing past MAX_DEPTH. */
  enter(at: Position): void {
    if (++this.depth > MAX_DEPTH) this.fail(`Nesting is too deep (more than ${MAX_DEPTH} levels)`, at);
  }

  /** Leaves a nested block. */
  leave(): void {
    this.depth--;
  }

  /** Throws a SchemaError at `at` (the current token by default). */
  fail(message: string, at: Position = this.tok): never {
    throw new SchemaError([{ message, location: { file: this.file, line: at.line, column: at.column } }]);
  }
}

const textDecoder = new TextDecoder();

/** Error-message text, built only when an error is thrown (the parser's hot path stays allocation-light). */
export type Lazy = string | (() => string);

function lazy(text: Lazy): string {
  return typeof text === 'string' ? text : text();
}

/** Names a token in an error message: `"abc"`, `the string "abc"`, `end of file`. */
export function describe(token: Token): string {
  if (token.kind === 'eof') return 'end of file';
  const text = token.text.length > 40 ? `${token.text.slice(0, 40)}...` : token.text;
  if (token.kind === 'string') return `the string ${text}`;
  return `"${text}"`;
}

/** The span of a single token. */
export function tokenSpan(token: Token): Span {
  return {
    start: { line: token.line, column: token.column },
    end: { line: token.line, column: token.endColumn },
  };
}
