/** A message a stub answers with: its JSON checked against the output type when the stub loads, templates filled per call. */
import {
  fromJson,
  ScalarType,
  toBinary,
  type DescField,
  type DescMessage,
  type JsonValue,
  type Registry,
} from '@bufbuild/protobuf';
import { JsonInputError, type JsonTextPosition } from '../../schema/json';
import { checkRequestJson } from '../../schema/json/json-check';
import type { JsonMember, JsonNode } from '../../schema/json/json-text';
import { hasSpecialJson } from '../../schema/json/json-wkt';
import { StubError } from './stub-error';
import { compileTemplate, type TemplateContext } from './template';

/** A message ready to send: fixed bytes when it has no templates, otherwise encoded per answer. */
export interface StubBody {
  /** Protobuf binary; throws JsonInputError when a template's value does not fit the message. */
  bytes(ctx: TemplateContext): Uint8Array;
  /** The bytes when it has no templates (the same every time). */
  fixed: Uint8Array | undefined;
}

/** What a JSON value is written into: decides whether a template's value is turned into text. */
type Target =
  | { kind: 'message'; desc: DescMessage }
  | { kind: 'list' | 'map'; of: Target }
  | { kind: 'string' }
  | { kind: 'other' };

/** The body with its templates filled from `ctx`; without a context, with templated values left out. */
type Render = (ctx: TemplateContext | undefined) => JsonNode | undefined;

/**
 * Compiles `node` (JSON for `desc`, from a stub file) once: a body without templates is encoded now. One with
 * templates is checked now without its templated values (whether those fit depends on the request), and encoded per
 * answer. A string that is exactly one template takes its value's JSON type, except in a string field, which gets the
 * value as text.
 */
export function compileBody(
  registry: Registry,
  desc: DescMessage,
  input: DescMessage,
  node: JsonNode,
  where: string,
): StubBody {
  const compileNode = (at: JsonNode, target: Target): Render | undefined => {
    if (at.kind === 'string') {
      const template = compileTemplate(at.value, input, where, at.position);
      if (!template) return undefined;
      const value = target.kind === 'string' ? template.text : template.value;
      return (ctx) => (ctx ? withPosition(value(ctx), at.position) : undefined);
    }
    if (at.kind === 'array') {
      const element = target.kind === 'list' ? target.of : { kind: 'other' as const };
      const items = at.items.map((item) => compileNode(item, element));
      if (items.every((item) => item === undefined)) return undefined;
      return (ctx) => ({
        ...at,
        items: at.items.flatMap((item, i) => {
          const render = items[i];
          const rendered = render ? render(ctx) : item;
          return rendered ? [rendered] : [];
        }),
      });
    }
    if (at.kind === 'object') {
      const values = at.members.map((member) => compileNode(member.value, memberTarget(target, member)));
      if (values.every((value) => value === undefined)) return undefined;
      return (ctx) => ({
        ...at,
        members: at.members.flatMap((member, i) => {
          const render = values[i];
          if (!render) return [member];
          const rendered = render(ctx);
          return rendered ? [{ ...member, value: rendered }] : [];
        }),
      });
    }
    return undefined;
  };
  const render = compileNode(node, messageTarget(desc));
  const encode = (json: JsonNode): Uint8Array => encodeNode(registry, desc, json);
  if (!render) {
    const bytes = checked(() => encode(node), desc, where);
    return { bytes: () => bytes, fixed: bytes };
  }
  const skeleton = render(undefined);
  if (skeleton) checked(() => encode(skeleton), desc, where);
  return { bytes: (ctx) => encode(render(ctx)!), fixed: undefined };
}

/** Encodes JSON nodes for `desc`, with encodeJson's checks and messages (positions kept from the stub file). */
export function encodeNode(registry: Registry, desc: DescMessage, node: JsonNode): Uint8Array {
  const json = checkRequestJson(registry, desc, node);
  try {
    return toBinary(desc, fromJson(desc, json, { registry, recursionLimit: 200 }));
  } catch (error) {
    throw new JsonInputError({
      path: '',
      expected: `JSON for ${desc.typeName}`,
      actual: 'the answer',
      detail: error instanceof Error ? error.message : String(error),
    });
  }
}

function checked(encode: () => Uint8Array, desc: DescMessage, where: string): Uint8Array {
  try {
    return encode();
  } catch (error) {
    if (!(error instanceof JsonInputError)) throw error;
    throw new StubError(
      `${where} does not fit ${desc.typeName}: ${error.message.replace(/\.$/, '')}.`,
      desc.typeName === 'google.protobuf.Any'
        ? 'Write the fields of the type "@type" names; google.rpc details (BadRequest, ErrorInfo, …) are always known, others need their .proto in the schema.'
        : `Write the answer as canonical JSON for ${desc.typeName}.`,
      error.position,
    );
  }
}

function messageTarget(desc: DescMessage): Target {
  return hasSpecialJson(desc) ? { kind: 'other' } : { kind: 'message', desc };
}

function memberTarget(target: Target, member: JsonMember): Target {
  if (target.kind === 'map') return target.of;
  if (target.kind !== 'message') return { kind: 'other' };
  const field = target.desc.fields.find((f) => f.jsonName === member.key || f.name === member.key);
  return field ? fieldTarget(field) : { kind: 'other' };
}

function fieldTarget(field: DescField): Target {
  switch (field.fieldKind) {
    case 'message':
      return messageTarget(field.message);
    case 'scalar':
      return scalarTarget(field.scalar);
    case 'list':
      return {
        kind: 'list',
        of:
          field.listKind === 'message'
            ? messageTarget(field.message)
            : field.listKind === 'scalar'
              ? scalarTarget(field.scalar)
              : { kind: 'other' },
      };
    case 'map':
      return {
        kind: 'map',
        of:
          field.mapKind === 'message'
            ? messageTarget(field.message)
            : field.mapKind === 'scalar'
              ? scalarTarget(field.scalar)
              : { kind: 'other' },
      };
    default:
      return { kind: 'other' };
  }
}

function scalarTarget(scalar: ScalarType): Target {
  return scalar === ScalarType.STRING ? { kind: 'string' } : { kind: 'other' };
}

/** A template's value as nodes at the template's place, so a value that does not fit is reported there. */
function withPosition(value: JsonValue, position: JsonTextPosition | undefined): JsonNode {
  if (value === null) return { kind: 'null', position };
  if (typeof value === 'boolean') return { kind: 'bool', value, position };
  if (typeof value === 'number') return { kind: 'number', value, raw: String(value), position };
  if (typeof value === 'string') return { kind: 'string', value, position };
  if (Array.isArray(value))
    return { kind: 'array', items: value.map((v) => withPosition(v, position)), position };
  return {
    kind: 'object',
    members: Object.keys(value).map((key) => ({
      key,
      keyPosition: position,
      value: withPosition(value[key] as JsonValue, position),
    })),
    position,
  };
}
