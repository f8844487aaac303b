/** `reserved` and `extensions` statements: number ranges and reserved names, for messages and enums. */
import type { ExtensionsAst, Position, ProtoFileAst, RangeAst, ReservedAst } from './ast';
import { describe, type Cursor } from './cursor';
import { integerValue, parseBracketOptions } from './option-values';

/** Highest field number protoc allows. */
export const MAX_FIELD_NUMBER = 536_870_911;
const INT32_MAX = 2_147_483_647;

/**
 * What a range statement numbers: message fields, extensions (MessageSet extensions may go past
 * MAX_FIELD_NUMBER, which the linker checks), or enum values (signed 32-bit).
 */
type RangeTarget = 'field' | 'extension' | 'enum';

/** `reserved 2, 15, 9 to 11;`, `reserved "foo", "bar";` or (editions) `reserved foo, bar;`. */
export function parseReserved(c: Cursor, syntax: ProtoFileAst['syntax'], target: RangeTarget): ReservedAst {
  const start = c.start();
  c.advance();
  const names: string[] = [];
  let ranges: RangeAst[] = [];
  if (c.tok.kind === 'string') {
    if (syntax === 'editions')
      c.fail(
        'Reserved names must be identifiers in editions files, not strings: write reserved foo; not reserved "foo";',
      );
    do names.push(c.string('a reserved name'));
    while (c.tryConsume(','));
  } else if (c.tok.kind === 'identifier') {
    if (syntax !== 'editions')
      c.fail(
        `Reserved names must be strings in ${syntax} files: write reserved "${c.tok.text}"; (bare names need editions)`,
      );
    do names.push(c.identifier('a reserved name').text);
    while (c.tryConsume(','));
  } else {
    ranges = parseRanges(c, target, target === 'field' ? 'a field number or name' : 'an enum number or name');
  }
  c.endDeclaration(';', 'after the reserved statement', true);
  return { kind: 'reserved', ranges, names, span: c.spanFrom(start) };
}

/** `extensions 100 to 199, 500 to max [(opt) = 1];` */
export function parseExtensions(c: Cursor): ExtensionsAst {
  const start = c.start();
  c.advance();
  const ranges = parseRanges(c, 'extension', 'an extension number');
  const options = c.is('[') ? parseBracketOptions(c) : [];
  c.endDeclaration(';', 'after the extensions statement', true);
  return { kind: 'extensions', ranges, options, span: c.spanFrom(start) };
}

/** `a`, `a to b`, `a to max`, separated by commas. */
function parseRanges(c: Cursor, target: RangeTarget, firstWhat: string): RangeAst[] {
  const ranges: RangeAst[] = [];
  do {
    const start = c.start();
    const first = parseRangeNumber(c, target, ranges.length === 0 ? firstWhat : 'a number');
    let end: number | 'max' = first;
    if (c.tryConsume('to')) {
      if (c.tryConsume('max')) {
        end = 'max';
      } else {
        const endAt = c.start();
        end = parseRangeNumber(c, target, 'a number or "max" after "to"');
        if (end < first) c.fail(`Range end ${end} is less than its start ${first}`, endAt);
      }
    }
    ranges.push({ start: first, end, span: c.spanFrom(start) });
  } while (c.tryConsume(','));
  return ranges;
}

function parseRangeNumber(c: Cursor, target: RangeTarget, what: string): number {
  const at: Position = c.start();
  const negative = target === 'enum' && c.tryConsume('-');
  if (c.tok.kind !== 'int') c.fail(`Expected ${what}, found ${describe(c.tok)}`);
  const magnitude = integerValue(c.advance().text);
  const value = negative ? -magnitude : magnitude;
  if (target === 'enum') {
    if (value < -BigInt(INT32_MAX) - 1n || value > BigInt(INT32_MAX)) {
      c.fail(`Enum value ${value} is out of range (-2147483648 to 2147483647)`, at);
    }
  } else {
    const max = target === 'field' ? MAX_FIELD_NUMBER : INT32_MAX;
    if (value < 1n || value > BigInt(max)) c.fail(`Field number ${value} is out of range (1 to ${max})`, at);
  }
  return Number(value);
}
