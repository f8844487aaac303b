/** Small pieces shared by all declaration parsers: type names and `option ...;` statements. */
import type { OptionAst, Span } from './ast';
import { describe, type Cursor } from './cursor';
import { parseOptionAssignment } from './option-values';

/** protoc's scalar type keywords (plus `group`), which are never message names. */
export const SCALAR_TYPES: ReadonlySet<string> = new Set([
  'double',
  'float',
  'int64',
  'uint64',
  'int32',
  'fixed64',
  'fixed32',
  'bool',
  'string',
  'group',
  'bytes',
  'uint32',
  'sfixed32',
  'sfixed64',
  'sint32',
  'sint64',
]);

/** `option name = value;` — the whole statement; its span covers `option` to `;`. */
export function parseOptionStatement(c: Cursor): OptionAst {
  const start = c.start();
  c.advance();
  const option = parseOptionAssignment(c);
  c.endDeclaration(';', 'after the option', true);
  return { ...option, span: c.spanFrom(start) };
}

/**
 * A type as written: `Name`, `pkg.Name`, `.pkg.Name`, or (with `allowScalars`) a scalar keyword.
 * Where only messages are allowed (rpc types, extend), a scalar keyword is an error.
 */
export function parseTypeName(c: Cursor, what: string, allowScalars: boolean): { name: string; span: Span } {
  const start = c.start();
  if (c.tok.kind === 'identifier' && SCALAR_TYPES.has(c.tok.text)) {
    if (!allowScalars) c.fail(`Expected ${what}, found the scalar type "${c.tok.text}"`);
    const name = c.advance().text;
    return { name, span: c.spanFrom(start) };
  }
  let name = c.tryConsume('.') ? '.' : '';
  if (c.tok.kind !== 'identifier') c.fail(`Expected ${what}, found ${describe(c.tok)}`);
  name += c.advance().text;
  while (c.tryConsume('.')) name += `.${c.identifier('a name after "."').text}`;
  return { name, span: c.spanFrom(start) };
}
