/** Option names (`(my.ext).field`), constants, and aggregate text-format values, as protoc's parser reads them. */
import type { AggregateField, OptionAst, OptionNamePart, OptionValue, Position } from './ast';
import { describe, type Cursor } from './cursor';
import type { Token } from './tokenizer';

const UINT64_MAX = (1n << 64n) - 1n;
const INT64_MIN_MAGNITUDE = 1n << 63n;

/** The value of an integer token: decimal, hex (`0x1F`) or octal (`017`). */
export function integerValue(text: string): bigint {
  if (
    text.length > 1 &&
    text.charCodeAt(0) === 48 &&
    text.charCodeAt(1) !== 120 &&
    text.charCodeAt(1) !== 88
  ) {
    return BigInt(`0o${text.slice(1)}`);
  }
  return BigInt(text);
}

/** Parses `name = value` (the part of an option after `option` or inside `[...]`). */
export function parseOptionAssignment(c: Cursor): OptionAst {
  const start = c.start();
  const name = parseOptionName(c);
  c.expect('=', () => `after the option name "${formatOptionName(name)}"`);
  const value = parseOptionValue(c);
  return { name, value, span: c.spanFrom(start) };
}

/** Parses `[a = 1, (b).c = 2]` after a field, enum value or extension range. */
export function parseBracketOptions(c: Cursor): OptionAst[] {
  const options: OptionAst[] = [];
  c.expect('[', 'to start the options');
  do options.push(parseOptionAssignment(c));
  while (c.tryConsume(','));
  c.expect(']', 'after the options');
  return options;
}

/** `java_package`, `(my.ext)`, `(my.ext).sub.field`, `(.fully.qualified)`. */
function parseOptionName(c: Cursor): OptionNamePart[] {
  const parts: OptionNamePart[] = [];
  do {
    if (c.tryConsume('(')) {
      let name = c.tryConsume('.') ? '.' : '';
      name += c.identifier('an extension name inside "(...)"').text;
      while (c.tryConsume('.')) name += `.${c.identifier('a name after "."').text}`;
      c.expect(')', () => `after the extension name "${name}"`);
      parts.push({ name, isExtension: true });
    } else {
      parts.push({ name: c.identifier('an option name').text, isExtension: false });
    }
  } while (c.tryConsume('.'));
  return parts;
}

function formatOptionName(parts: OptionNamePart[]): string {
  return parts.map((p) => (p.isExtension ? `(${p.name})` : p.name)).join('.');
}

/** A constant: identifier, signed number, `-inf`/`-nan`, (concatenated) string, or `{ aggregate }`. */
export function parseOptionValue(c: Cursor): OptionValue {
  if (c.is('{')) return parseAggregate(c, '}');
  return parseScalar(c, 'an option value');
}

/** A scalar constant, as allowed both in option values and inside aggregates. */
function parseScalar(c: Cursor, what: string): OptionValue {
  const start = c.start();
  const negative = c.tryConsume('-');
  const tok = c.tok;
  switch (tok.kind) {
    case 'identifier': {
      c.advance();
      if (!negative) return { kind: 'identifier', value: tok.text, span: c.spanFrom(start) };
      if (tok.text === 'inf' || tok.text === 'nan') {
        return { kind: 'float', value: tok.text === 'inf' ? -Infinity : NaN, span: c.spanFrom(start) };
      }
      return c.fail(`Expected a number, "inf" or "nan" after "-", found ${describe(tok)}`, tok);
    }
    case 'int':
      c.advance();
      return { ...intOrFloat(tok, negative), span: c.spanFrom(start) };
    case 'float':
      c.advance();
      return {
        kind: 'float',
        value: negative ? -Number(tok.text) : Number(tok.text),
        span: c.spanFrom(start),
      };
    case 'string':
      if (negative) c.fail(`Expected a number, "inf" or "nan" after "-", found ${describe(tok)}`);
      return { kind: 'string', value: c.stringBytes('a string'), span: c.spanFrom(start) };
    default:
      return c.fail(`Expected ${what}, found ${describe(tok)}`);
  }
}

/** An integer in the 64-bit range, or (like protoc) a double when it does not fit. */
function intOrFloat(
  tok: Token,
  negative: boolean,
): { kind: 'int'; value: bigint } | { kind: 'float'; value: number } {
  const magnitude = integerValue(tok.text);
  if (magnitude > (negative ? INT64_MIN_MAGNITUDE : UINT64_MAX)) {
    return { kind: 'float', value: negative ? -Number(magnitude) : Number(magnitude) };
  }
  return { kind: 'int', value: negative ? -magnitude : magnitude };
}

/** `{ a: 1 b { c: 2 } d: [1, 2] [ext.name]: 3 }` (or `< ... >`), the text-format message syntax. */
function parseAggregate(c: Cursor, close: '}' | '>'): OptionValue {
  const start = c.start();
  c.enter(start);
  c.advance();
  const fields: AggregateField[] = [];
  while (!c.tryConsume(close)) {
    if (c.tok.kind === 'eof') c.fail(`Expected "${close}" to close the aggregate value, found end of file`);
    fields.push(parseAggregateField(c));
    if (!c.tryConsume(',')) c.tryConsume(';');
  }
  c.leave();
  return { kind: 'aggregate', fields, span: c.spanFrom(start) };
}

/** One `name: value`, `name { ... }`, `name: [a, b]` or `[ext.name]: value`. */
function parseAggregateField(c: Cursor): AggregateField {
  const start = c.start();
  let name: string;
  const isExtension = c.tryConsume('[');
  if (isExtension) {
    name = parseBracketedName(c);
  } else {
    name = c.identifier('a field name in the aggregate value').text;
  }
  const colon = c.tryConsume(':');
  let values: OptionValue[];
  if (c.is('{') || c.is('<')) {
    values = [parseAggregate(c, c.is('{') ? '}' : '>')];
  } else if (c.is('[')) {
    values = parseList(c);
  } else if (!colon) {
    return c.fail(`Expected ":" or "{" after the field name "${name}", found ${describe(c.tok)}`);
  } else {
    values = [parseScalar(c, `a value for "${name}"`)];
  }
  return { name, isExtension, values, span: c.spanFrom(start) };
}

/** After `[`: `pkg.ext` or a type URL `type.googleapis.com/pkg.Type`, then `]`. */
function parseBracketedName(c: Cursor): string {
  let name = c.identifier('an extension name or type URL after "["').text;
  while (c.is('.') || c.is('/')) {
    const separator = c.advance().text;
    name += separator + c.identifier(() => `a name after "${separator}"`).text;
  }
  c.expect(']', () => `after "[${name}"`);
  return name;
}

/** `[a, b]` or `[{...}, {...}]`; `[]` is empty. */
function parseList(c: Cursor): OptionValue[] {
  const start: Position = c.start();
  c.advance();
  const values: OptionValue[] = [];
  if (c.tryConsume(']')) return values;
  do {
    if (c.is('{') || c.is('<')) values.push(parseAggregate(c, c.is('{') ? '}' : '>'));
    else values.push(parseScalar(c, 'a list element'));
  } while (c.tryConsume(','));
  if (!c.is(']'))
    c.fail(
      `Expected "," or "]" in the list started at ${start.line}:${start.column}, found ${describe(c.tok)}`,
    );
  c.advance();
  return values;
}
