/** Messages and everything inside them: fields, maps, groups, oneofs, extend blocks, nested types, ranges. */
import { Edition } from '@bufbuild/protobuf/wkt';
import type {
  EnumAst,
  ExtendAst,
  FieldAst,
  GroupAst,
  Label,
  MapFieldAst,
  MessageAst,
  MessageElement,
  OneofAst,
  OptionAst,
  Position,
  Span,
  Visibility,
} from './ast';
import { describe, tokenSpan, type Cursor } from './cursor';
import { editionText } from './editions';
import { parseEnum } from './enum-parser';
import type { ParseContext } from './parse-context';
import { integerValue, parseBracketOptions } from './option-values';
import { MAX_FIELD_NUMBER, parseExtensions, parseReserved } from './ranges';
import { parseOptionStatement, parseTypeName } from './statements';

/** Where a field is declared: its rules (labels, maps, numbers) differ. */
type FieldPlace = 'message' | 'oneof' | 'extend';

const LABELS: ReadonlySet<string> = new Set(['optional', 'required', 'repeated']);
const INT32_MAX = 2_147_483_647;

/** `message Name { ... }` */
export function parseMessage(ctx: ParseContext): MessageAst {
  const { c } = ctx;
  const start = c.start();
  c.advance();
  const nameToken = c.identifier('a message name');
  const comments = c.endDeclaration('{', () => `after the message name "${nameToken.text}"`, true);
  const body = parseMessageBody(ctx, `message "${nameToken.text}"`, start);
  return {
    kind: 'message',
    name: nameToken.text,
    span: c.spanFrom(start),
    nameSpan: tokenSpan(nameToken),
    comments,
    body,
  };
}

/** `export message ...` or `local enum ...` (edition 2024): the declaration, with its visibility. */
export function parseVisibleType(ctx: ParseContext): MessageAst | EnumAst {
  const { c } = ctx;
  const visibility = c.tok.text as Visibility;
  if (ctx.edition < Edition.EDITION_2024) {
    const written = ctx.syntax === 'editions' ? `edition ${editionText(ctx.edition)}` : ctx.syntax;
    c.fail(`"${visibility}" needs edition 2024 or later (this file is ${written})`);
  }
  c.advance();
  if (!c.is('message') && !c.is('enum'))
    c.fail(`"${visibility}" applies only to a message or an enum, found ${describe(c.tok)}`);
  const node = c.is('message') ? parseMessage(ctx) : parseEnum(ctx);
  node.visibility = visibility;
  return node;
}

/** Statements up to and including the closing `}` (the `{` is already consumed); `start` is the declaration's. */
function parseMessageBody(ctx: ParseContext, what: string, start: Position): MessageElement[] {
  const { c } = ctx;
  c.enter(start);
  const body: MessageElement[] = [];
  while (!c.is('}')) {
    if (c.tok.kind === 'eof') c.fail(`Expected "}" to close the ${what}, found end of file`);
    const element = parseMessageStatement(ctx);
    if (element) body.push(element);
  }
  c.endDeclaration('}', () => `to close the ${what}`, false);
  c.leave();
  return body;
}

/** One statement in a message body; undefined for an empty statement. */
function parseMessageStatement(ctx: ParseContext): MessageElement | undefined {
  const { c } = ctx;
  if (c.is(';')) {
    c.endDeclaration(';', '', false);
    return undefined;
  }
  if (c.tok.kind === 'identifier') {
    switch (c.tok.text) {
      case 'export':
      case 'local':
        // In older files these are type names, as protoc reads them (`local x = 1;`); 2024 makes them modifiers.
        if (ctx.edition >= Edition.EDITION_2024) return parseVisibleType(ctx);
        break;
      case 'message':
        return parseMessage(ctx);
      case 'enum':
        return parseEnum(ctx);
      case 'extensions':
        return parseExtensions(c);
      case 'reserved':
        return parseReserved(c, ctx.syntax, 'field');
      case 'extend':
        return parseExtend(ctx);
      case 'option':
        return { kind: 'option', option: parseOptionStatement(c) };
      case 'oneof':
        return parseOneof(ctx);
    }
  }
  return parseField(ctx, 'message');
}

/** `extend Type { fields }`, at top level or inside a message. */
export function parseExtend(ctx: ParseContext): ExtendAst {
  const { c } = ctx;
  const start = c.start();
  c.advance();
  const extendee = parseTypeName(c, 'a message type after "extend"', false);
  const comments = c.endDeclaration('{', () => `after "extend ${extendee.name}"`, true);
  const fields: (FieldAst | GroupAst)[] = [];
  do {
    if (c.is('}') && fields.length === 0) c.fail(`Expected a field in "extend ${extendee.name}", found "}"`);
    fields.push(parseField(ctx, 'extend'));
  } while (!c.is('}'));
  c.endDeclaration('}', '', false);
  return {
    kind: 'extend',
    extendee: extendee.name,
    extendeeSpan: extendee.span,
    fields,
    span: c.spanFrom(start),
    comments,
  };
}

/** `oneof name { option ...; fields }` */
function parseOneof(ctx: ParseContext): OneofAst {
  const { c } = ctx;
  const start = c.start();
  c.advance();
  const nameToken = c.identifier('a oneof name');
  const comments = c.endDeclaration('{', () => `after the oneof name "${nameToken.text}"`, true);
  const options: OptionAst[] = [];
  const fields: (FieldAst | GroupAst)[] = [];
  // protoc's loop: at least one statement, options allowed, no empty statements.
  do {
    if (c.tok.kind === 'eof')
      c.fail(`Expected "}" to close the oneof "${nameToken.text}", found end of file`);
    if (c.is('}')) c.fail(`Expected a field in the oneof "${nameToken.text}", found "}"`);
    if (c.is('option')) options.push(parseOptionStatement(c));
    else fields.push(parseField(ctx, 'oneof'));
  } while (!c.is('}'));
  c.endDeclaration('}', '', false);
  return {
    kind: 'oneof',
    name: nameToken.text,
    span: c.spanFrom(start),
    nameSpan: tokenSpan(nameToken),
    comments,
    options,
    fields,
  };
}

/** A field, map field or group, with its label when it has one. */
function parseField(ctx: ParseContext, place: 'message'): FieldAst | MapFieldAst | GroupAst;
function parseField(ctx: ParseContext, place: 'oneof' | 'extend'): FieldAst | GroupAst;
function parseField(ctx: ParseContext, place: FieldPlace): FieldAst | MapFieldAst | GroupAst {
  const { c } = ctx;
  const start = c.start();
  let label: Label | undefined;
  if (c.tok.kind === 'identifier' && LABELS.has(c.tok.text)) {
    if (place === 'oneof') c.fail(`Fields in a oneof cannot have a label, found "${c.tok.text}"`);
    if (ctx.syntax === 'editions' && c.tok.text === 'optional') {
      c.fail(
        'Label "optional" is not allowed in editions: singular fields have presence by default (features.field_presence changes that)',
      );
    }
    if (ctx.syntax === 'editions' && c.tok.text === 'required')
      c.fail('Label "required" is not allowed in editions; use [features.field_presence = LEGACY_REQUIRED]');
    label = c.advance().text as Label;
  }
  if (c.is('map')) {
    const mapToken = c.advance();
    if (c.is('<')) return parseMapField(ctx, place, label, mapToken.line, mapToken.column);
    return finishField(ctx, place, start, label, { name: 'map', span: tokenSpan(mapToken) });
  }
  if (!label && place !== 'oneof' && ctx.syntax === 'proto2') {
    c.fail(
      `Expected "optional", "required" or "repeated" before the field type (proto2 fields need a label), found ${describe(c.tok)}`,
    );
  }
  const groupToken = c.is('group') ? c.tok : undefined;
  const type = parseTypeName(c, 'a field type', true);
  if (groupToken && type.name === 'group') return parseGroup(ctx, place, start, label, groupToken);
  return finishField(ctx, place, start, label, type);
}

/** The part of a field after its type: `name = number [options];` */
function finishField(
  ctx: ParseContext,
  place: FieldPlace,
  start: Position,
  label: Label | undefined,
  type: { name: string; span: Span },
): FieldAst {
  const { c } = ctx;
  const nameToken = c.identifier('a field name');
  c.expect('=', () => `after the field name "${nameToken.text}"`);
  const number = parseFieldNumber(c, place);
  const options = c.is('[') ? parseBracketOptions(c) : [];
  const comments = c.endDeclaration(';', 'after the field declaration', true);
  const field: FieldAst = {
    kind: 'field',
    name: nameToken.text,
    span: c.spanFrom(start),
    nameSpan: tokenSpan(nameToken),
    comments,
    type: type.name,
    typeSpan: type.span,
    number,
    options,
  };
  if (label) field.label = label;
  return field;
}

/** `map<K, V> name = number [options];` (the `map` keyword is consumed, `<` is current). */
function parseMapField(
  ctx: ParseContext,
  place: FieldPlace,
  label: Label | undefined,
  line: number,
  column: number,
): MapFieldAst {
  const { c } = ctx;
  const start = { line, column };
  if (label) c.fail(`Map fields cannot have a label ("${label}")`, start);
  if (place !== 'message')
    c.fail(
      place === 'oneof' ? 'Map fields are not allowed in a oneof' : 'Map fields cannot be extensions',
      start,
    );
  c.advance();
  const keyType = parseTypeName(c, 'a map key type', true).name;
  c.expect(',', 'after the map key type');
  const valueType = parseTypeName(c, 'a map value type', true).name;
  c.expect('>', 'after the map value type');
  const typeSpan = c.spanFrom(start);
  const nameToken = c.identifier('a field name');
  c.expect('=', () => `after the field name "${nameToken.text}"`);
  const number = parseFieldNumber(c, place);
  const options = c.is('[') ? parseBracketOptions(c) : [];
  const comments = c.endDeclaration(';', 'after the field declaration', true);
  return {
    kind: 'map',
    name: nameToken.text,
    span: c.spanFrom(start),
    nameSpan: tokenSpan(nameToken),
    comments,
    keyType,
    valueType,
    typeSpan,
    number,
    options,
  };
}

/** `group Name = number [options] { body }` (the `group` keyword is consumed). */
function parseGroup(
  ctx: ParseContext,
  place: FieldPlace,
  start: Position,
  label: Label | undefined,
  groupToken: { line: number; column: number },
): GroupAst {
  const { c } = ctx;
  if (ctx.syntax === 'proto3')
    c.fail('Groups are not supported in proto3 files; use a nested message field', groupToken);
  if (ctx.syntax === 'editions') {
    c.fail(
      'Groups are not supported in editions files; use a message field with features.message_encoding = DELIMITED',
      groupToken,
    );
  }
  const nameToken = c.identifier('a group name');
  const first = nameToken.text.charCodeAt(0);
  if (first < 65 || first > 90)
    c.fail(`Group names must start with a capital letter, found "${nameToken.text}"`, nameToken);
  c.expect('=', () => `after the group name "${nameToken.text}"`);
  const number = parseFieldNumber(c, place);
  const options = c.is('[') ? parseBracketOptions(c) : [];
  if (!c.is('{'))
    c.fail(`Expected "{" to start the body of group "${nameToken.text}", found ${describe(c.tok)}`);
  const comments = c.endDeclaration('{', '', true);
  const body = parseMessageBody(ctx, `group "${nameToken.text}"`, start);
  const group: GroupAst = {
    kind: 'group',
    name: nameToken.text,
    span: c.spanFrom(start),
    nameSpan: tokenSpan(nameToken),
    comments,
    number,
    options,
    body,
  };
  if (label) group.label = label;
  return group;
}

/** A field number: 1 to 536870911 (extensions may go higher for MessageSet; the linker checks those). */
function parseFieldNumber(c: Cursor, place: FieldPlace): number {
  if (c.tok.kind !== 'int') c.fail(`Expected a field number, found ${describe(c.tok)}`);
  const at = c.start();
  const value = integerValue(c.advance().text);
  const max = place === 'extend' ? INT32_MAX : MAX_FIELD_NUMBER;
  if (value < 1n || value > BigInt(max)) c.fail(`Field number ${value} is out of range (1 to ${max})`, at);
  return Number(value);
}
