import type { JsonValue } from '@bufbuild/protobuf';
import { indexPath, JsonInputError, memberPath, type JsonTextPosition } from './json-errors';

/** Deeper requests are refused: the protobuf library stops at 100 levels, and so does a stack of sane size. */
export const maxDepth = 100;

/** One member of a JSON object, in the order written; duplicates are kept so they can be reported. */
export interface JsonMember {
  key: string;
  keyPosition: JsonTextPosition | undefined;
  value: JsonNode;
}

/** A JSON value with where it was written; numbers keep their text so 64-bit integers stay exact. */
export type JsonNode = { position: JsonTextPosition | undefined } & (
  | { kind: 'null' }
  | { kind: 'bool'; value: boolean }
  | { kind: 'number'; value: number; raw: string }
  | { kind: 'string'; value: string }
  | { kind: 'array'; items: JsonNode[] }
  | { kind: 'object'; members: JsonMember[] }
);

/** Wraps an already parsed value as nodes without positions. */
export function nodeFromValue(value: JsonValue): JsonNode {
  const position = undefined;
  if (value === null) return { kind: 'null', position };
  if (typeof value === 'boolean') return { kind: 'bool', value, position };
  if (typeof value === 'number') return { kind: 'number', value, raw: String(value), position };
  if (typeof value === 'string') return { kind: 'string', value, position };
  if (Array.isArray(value)) return { kind: 'array', items: value.map(nodeFromValue), position };
  return {
    kind: 'object',
    members: Object.keys(value).map((key) => ({
      key,
      keyPosition: undefined,
      value: nodeFromValue(value[key] as JsonValue),
    })),
    position,
  };
}

/** Parses strict JSON (RFC 8259), reporting the first syntax error as `Invalid JSON at line L, column C: ...`. */
export function parseJsonText(text: string): JsonNode {
  const parser = new Parser(text);
  parser.skipSpace();
  const node = parser.value();
  parser.skipSpace();
  if (!parser.atEnd()) parser.fail('the JSON value', 'end of input', 'unexpected text after the JSON value');
  return node;
}

const escapes: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/** Characters a string holds as they are: everything but the closing quote, a backslash and control characters. */
// eslint-disable-next-line no-control-regex -- JSON strings must escape control characters: a run stops at one
const plainRun = /[^"\\\u0000-\u001f]+/y;
const numberPattern = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

/** A recursive-descent parser that tracks line and column. */
class Parser {
  private offset = 0;
  private line = 1;
  private lineStart = 0;
  /** The member names and element indexes leading to the value being parsed, for the too-deep message. */
  private readonly trail: (string | number)[] = [];

  constructor(private readonly text: string) {}

  atEnd(): boolean {
    return this.offset >= this.text.length;
  }

  position(): JsonTextPosition {
    return { line: this.line, column: this.offset - this.lineStart + 1 };
  }

  skipSpace(): void {
    while (!this.atEnd()) {
      const c = this.text[this.offset];
      if (c === '\n' || (c === '\r' && this.text[this.offset + 1] !== '\n')) {
        this.offset++;
        this.line++;
        this.lineStart = this.offset;
      } else if (c === ' ' || c === '\t' || c === '\r') {
        this.offset++;
      } else {
        return;
      }
    }
  }

  /** Describes what is at the cursor, for "got ..." in messages. */
  private found(): string {
    if (this.atEnd()) return 'end of input';
    const word = /^[A-Za-z_$][\w$]*/.exec(this.text.slice(this.offset, this.offset + 40));
    return JSON.stringify(word ? word[0] : (this.text[this.offset] as string));
  }

  fail(expected: string, actual: string, detail: string, at: JsonTextPosition = this.position()): never {
    throw new JsonInputError({
      path: '',
      expected,
      actual,
      detail: `Invalid JSON at line ${at.line}, column ${at.column}: ${detail}`,
      position: at,
    });
  }

  private expectedGot(expected: string): never {
    const actual = this.found();
    this.fail(expected, actual, `expected ${expected}, got ${actual}`);
  }

  value(): JsonNode {
    const position = this.position();
    const c = this.text[this.offset];
    if (c === '{' || c === '[') return this.compound(c, position);
    if (c === '"') return { kind: 'string', value: this.string(), position };
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number(position);
    for (const [word, node] of [
      ['true', { kind: 'bool', value: true, position }],
      ['false', { kind: 'bool', value: false, position }],
      ['null', { kind: 'null', position }],
    ] as const) {
      if (this.text.startsWith(word, this.offset)) {
        this.offset += word.length;
        return node;
      }
    }
    if (c === "'") this.fail('a value', "'", 'strings must be in double quotes');
    return this.expectedGot('a value');
  }

  /** An object or array; refused past maxDepth levels (the walker's limit) before the recursion exhausts the stack. */
  private compound(open: '{' | '[', position: JsonTextPosition): JsonNode {
    if (this.trail.length >= maxDepth) {
      throw new JsonInputError({
        path: this.trail.reduce<string>(
          (path, step) => (typeof step === 'number' ? indexPath(path, step) : memberPath(path, step)),
          '',
        ),
        expected: `at most ${maxDepth} levels of nesting`,
        actual: 'deeper nesting',
        detail: `the request nests deeper than ${maxDepth} levels`,
        position,
      });
    }
    return open === '{' ? this.object(position) : this.array(position);
  }

  private object(position: JsonTextPosition): JsonNode {
    this.offset++;
    const members: JsonMember[] = [];
    this.skipSpace();
    if (this.text[this.offset] === '}') {
      this.offset++;
      return { kind: 'object', members, position };
    }
    for (;;) {
      this.skipSpace();
      const keyPosition = this.position();
      const c = this.text[this.offset];
      if (c !== '"') {
        if (c === '}' && members.length > 0)
          this.fail('a property name', '"}"', 'trailing comma before "}" is not allowed');
        if (c === "'" || (c !== undefined && /[A-Za-z_$]/.test(c))) {
          this.fail(
            'a property name in double quotes',
            this.found(),
            `property names must be in double quotes, got ${this.found()}`,
          );
        }
        this.expectedGot('a property name in double quotes');
      }
      const key = this.string();
      this.skipSpace();
      if (this.text[this.offset] !== ':') this.expectedGot(`":" after property name ${JSON.stringify(key)}`);
      this.offset++;
      this.skipSpace();
      this.trail.push(key);
      members.push({ key, keyPosition, value: this.value() });
      this.trail.pop();
      this.skipSpace();
      const next = this.text[this.offset];
      this.offset++;
      if (next === '}') return { kind: 'object', members, position };
      if (next !== ',') {
        this.offset--;
        this.expectedGot('"," or "}" after a property');
      }
    }
  }

  private array(position: JsonTextPosition): JsonNode {
    this.offset++;
    const items: JsonNode[] = [];
    this.skipSpace();
    if (this.text[this.offset] === ']') {
      this.offset++;
      return { kind: 'array', items, position };
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.offset] === ']' && items.length > 0)
        this.fail('a value', '"]"', 'trailing comma before "]" is not allowed');
      this.trail.push(items.length);
      items.push(this.value());
      this.trail.pop();
      this.skipSpace();
      const next = this.text[this.offset];
      this.offset++;
      if (next === ']') return { kind: 'array', items, position };
      if (next !== ',') {
        this.offset--;
        this.expectedGot('"," or "]" after an array element');
      }
    }
  }

  private string(): string {
    const start = this.position();
    this.offset++;
    let out = '';
    for (;;) {
      const c = this.text[this.offset];
      if (c === undefined) this.fail('"\\""', 'end of input', 'unterminated string', start);
      if (c === '"') {
        this.offset++;
        return out;
      }
      if (c < ' ') {
        this.fail(
          'a string character',
          JSON.stringify(c),
          'line breaks and control characters must be escaped in strings',
        );
      }
      if (c !== '\\') {
        // A run of plain characters in one slice: adding them one by one made a 70 MB string cost seconds and gigabytes.
        plainRun.lastIndex = this.offset;
        plainRun.test(this.text);
        out += this.text.slice(this.offset, plainRun.lastIndex);
        this.offset = plainRun.lastIndex;
        continue;
      }
      const e = this.text[this.offset + 1];
      if (e === 'u') {
        const hex = this.text.slice(this.offset + 2, this.offset + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex))
          this.fail('four hex digits', JSON.stringify(hex), 'invalid \\u escape in string');
        out += String.fromCharCode(parseInt(hex, 16));
        this.offset += 6;
      } else if (e !== undefined && escapes[e] !== undefined) {
        out += escapes[e];
        this.offset += 2;
      } else {
        this.fail(
          'an escape',
          JSON.stringify(`\\${e ?? ''}`),
          `invalid escape ${JSON.stringify(`\\${e ?? ''}`)} in string`,
        );
      }
    }
  }

  private number(position: JsonTextPosition): JsonNode {
    numberPattern.lastIndex = this.offset;
    const match = numberPattern.exec(this.text);
    const end = match ? this.offset + match[0].length : this.offset;
    const following = this.text[end];
    if (!match || (following !== undefined && /[0-9A-Za-z.+-]/.test(following))) {
      const token = /^[-+0-9A-Za-z.]+/.exec(this.text.slice(this.offset))?.[0] ?? '-';
      this.fail('a number', JSON.stringify(token), `invalid number ${token}`);
    }
    this.offset = end;
    const raw = match[0];
    return { kind: 'number', value: Number(raw), raw, position };
  }
}
