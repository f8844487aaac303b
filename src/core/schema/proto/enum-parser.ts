/** `enum Name { VALUE = 1 [options]; option ...; reserved ...; }` */
import type { EnumAst, EnumValueAst, OptionAst, ReservedAst } from './ast';
import { describe, tokenSpan, type Cursor } from './cursor';
import type { ParseContext } from './parse-context';
import { integerValue, parseBracketOptions } from './option-values';
import { parseReserved } from './ranges';
import { parseOptionStatement } from './statements';

const INT32_MIN = -2_147_483_648n;
const INT32_MAX = 2_147_483_647n;

/** Parses an enum declaration (the current token is `enum`). */
export function parseEnum(ctx: ParseContext): EnumAst {
  const { c } = ctx;
  const start = c.start();
  c.advance();
  const nameToken = c.identifier('an enum name');
  const comments = c.endDeclaration('{', () => `after the enum name "${nameToken.text}"`, true);
  const values: EnumValueAst[] = [];
  const options: OptionAst[] = [];
  const reserved: ReservedAst[] = [];
  while (!c.is('}')) {
    if (c.tok.kind === 'eof') c.fail(`Expected "}" to close the enum "${nameToken.text}", found end of file`);
    if (c.is(';')) c.endDeclaration(';', '', false);
    else if (c.is('option')) options.push(parseOptionStatement(c));
    else if (c.is('reserved')) reserved.push(parseReserved(c, ctx.syntax, 'enum'));
    else values.push(parseEnumValue(c));
  }
  c.endDeclaration('}', '', false);
  return {
    kind: 'enum',
    name: nameToken.text,
    span: c.spanFrom(start),
    nameSpan: tokenSpan(nameToken),
    comments,
    values,
    options,
    reserved,
  };
}

/** `NAME = -1 [options];` */
function parseEnumValue(c: Cursor): EnumValueAst {
  const start = c.start();
  const nameToken = c.identifier('an enum value name');
  c.expect('=', () => `after the enum value name "${nameToken.text}"`);
  const numberAt = c.start();
  const negative = c.tryConsume('-');
  if (c.tok.kind !== 'int') c.fail(`Expected an enum value number, found ${describe(c.tok)}`);
  const magnitude = integerValue(c.advance().text);
  const value = negative ? -magnitude : magnitude;
  if (value < INT32_MIN || value > INT32_MAX)
    c.fail(`Enum value ${value} is out of range (-2147483648 to 2147483647)`, numberAt);
  const options = c.is('[') ? parseBracketOptions(c) : [];
  const comments = c.endDeclaration(';', 'after the enum value', true);
  return {
    name: nameToken.text,
    span: c.spanFrom(start),
    nameSpan: tokenSpan(nameToken),
    comments,
    number: Number(value),
    options,
  };
}
