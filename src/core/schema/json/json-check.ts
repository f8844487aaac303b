import {
  ScalarType,
  type DescEnum,
  type DescExtension,
  type DescField,
  type DescMessage,
  type JsonObject,
  type JsonValue,
  type Registry,
} from '@bufbuild/protobuf';
import { JsonInputError, closest, indexPath, keyPath, memberPath } from './json-errors';
import { mismatch, renderNode } from './json-mismatch';
import { nested, setMember, type ReadContext } from './json-read-context';
import { expectedScalar, readMapKey, readScalar, scalarName } from './json-scalars';
import type { JsonMember, JsonNode } from './json-text';
import { hasSpecialJson, readWellKnown, uniqueMembers } from './json-wkt';

/**
 * Walks request JSON against `desc` and returns it in the exact form the protobuf library reads
 * (64-bit integers as strings, keys by JSON name); throws JsonInputError naming the path as written.
 */
export function checkRequestJson(registry: Registry, desc: DescMessage, node: JsonNode): JsonValue {
  return readMessage({ registry, depth: 0, readMessage }, desc, node, '');
}

function readMessage(ctx: ReadContext, desc: DescMessage, node: JsonNode, path: string): JsonValue {
  return nested(ctx, node, path, () => {
    if (hasSpecialJson(desc)) return readWellKnown(ctx, desc, node, path);
    if (node.kind !== 'object') throw mismatch(path, node, `an object for ${desc.typeName}`);
    const out: JsonObject = {};
    const seen = new Map<DescField | DescExtension, string>();
    const oneofs = new Map<string, DescField>();
    for (const member of node.members) {
      const field = lookupField(ctx.registry, desc, member, path);
      const fieldPath = memberPath(path, member.key);
      const earlier = seen.get(field);
      if (earlier !== undefined) throw setTwice(fieldPath, member, earlier);
      seen.set(field, member.key);
      if (member.value.kind === 'null' && !acceptsNull(field)) continue;
      if (field.kind === 'field' && field.oneof) {
        const other = oneofs.get(field.oneof.name);
        if (other) throw oneofTwice(fieldPath, member, field, other);
        oneofs.set(field.oneof.name, field);
      }
      const key = field.kind === 'extension' ? member.key : field.jsonName;
      setMember(out, key, readField(ctx, field, member.value, fieldPath));
    }
    return out;
  });
}

/** Finds the field a key names (JSON name, proto name, or `[extension.name]`), or explains the unknown key. */
function lookupField(
  registry: Registry,
  desc: DescMessage,
  member: JsonMember,
  path: string,
): DescField | DescExtension {
  const { key } = member;
  const field = desc.fields.find((f) => f.jsonName === key || f.name === key);
  if (field) return field;
  if (key.startsWith('[') && key.endsWith(']')) {
    const extension = registry.getExtension(key.slice(1, -1));
    if (extension?.extendee.typeName === desc.typeName) return extension;
  }
  // Suggest in the style the user typed: proto names for snake_case, JSON names otherwise.
  const snake = key.includes('_');
  const names = desc.fields.flatMap((f) => (snake ? [f.name, f.jsonName] : [f.jsonName, f.name]));
  const guess = closest(key, names);
  const known = desc.fields.map((f) => f.jsonName);
  const hint =
    guess !== undefined
      ? ` (did you mean ${JSON.stringify(guess)}?)`
      : known.length === 0
        ? ' (it has no fields: send {})'
        : ` (its fields: ${listNames(known)})`;
  throw new JsonInputError({
    path,
    expected: `a field of ${desc.typeName}`,
    actual: JSON.stringify(key),
    detail: `unknown field ${JSON.stringify(key)} in ${desc.typeName}${hint}`,
    position: member.keyPosition,
  });
}

function setTwice(path: string, member: JsonMember, earlier: string): JsonInputError {
  const detail =
    earlier === member.key
      ? `duplicate key ${JSON.stringify(member.key)}`
      : `field set twice, as ${JSON.stringify(earlier)} and as ${JSON.stringify(member.key)}`;
  return new JsonInputError({
    path,
    expected: 'each field once',
    actual: JSON.stringify(member.key),
    detail,
    position: member.keyPosition,
  });
}

function oneofTwice(path: string, member: JsonMember, field: DescField, other: DescField): JsonInputError {
  const oneof = field.oneof;
  const members = oneof ? listNames(oneof.fields.map((f) => f.jsonName)) : field.jsonName;
  return new JsonInputError({
    path,
    expected: `one field of oneof ${oneof?.name ?? ''}`,
    actual: JSON.stringify(member.key),
    detail: `oneof ${oneof?.name ?? ''} already has ${JSON.stringify(other.jsonName)} set; set only one of ${members}`,
    position: member.keyPosition,
  });
}

/** Value and NullValue hold null; everywhere else a null field means "not set". */
function acceptsNull(field: {
  message?: DescMessage | undefined;
  enum?: DescEnum | undefined;
  fieldKind: string;
}): boolean {
  if (field.fieldKind === 'list' || field.fieldKind === 'map') return false;
  return (
    field.message?.typeName === 'google.protobuf.Value' ||
    field.enum?.typeName === 'google.protobuf.NullValue'
  );
}

function readField(
  ctx: ReadContext,
  field: DescField | DescExtension,
  node: JsonNode,
  path: string,
): JsonValue {
  switch (field.fieldKind) {
    case 'list': {
      if (node.kind !== 'array') throw mismatch(path, node, `an array of ${elementName(field)}`);
      return node.items.map((item, i) => readSingular(ctx, field, item, indexPath(path, i)));
    }
    case 'map': {
      const expected = `an object for map<${scalarName(field.mapKey)}, ${elementName(field)}>`;
      if (node.kind !== 'object') throw mismatch(path, node, expected);
      const out: JsonObject = {};
      const canonical = new Map<string, string>();
      for (const member of uniqueMembers(node, (key) => keyPath(path, key))) {
        const entryPath = keyPath(path, member.key);
        const keyNode: JsonNode = { kind: 'string', value: member.key, position: member.keyPosition };
        const key = readMapKey(field.mapKey, member.key, keyNode, entryPath);
        const same = canonical.get(key);
        if (same !== undefined) {
          throw mismatch(
            entryPath,
            keyNode,
            'each map key once',
            `map key ${JSON.stringify(member.key)} is the same key as ${JSON.stringify(same)}`,
          );
        }
        canonical.set(key, member.key);
        setMember(out, key, readSingular(ctx, field, member.value, entryPath));
      }
      return out;
    }
    default:
      return readSingular(ctx, field, node, path);
  }
}

type ValueKind = {
  scalar: DescField['scalar'];
  enum: DescEnum | undefined;
  message: DescMessage | undefined;
};

function readSingular(ctx: ReadContext, kind: ValueKind, node: JsonNode, path: string): JsonValue {
  if (kind.message) return readMessage(ctx, kind.message, node, path);
  if (kind.enum) return readEnum(kind.enum, node, path);
  return readScalar(kind.scalar ?? ScalarType.STRING, node, path);
}

/** The type of one element of a list or map, for messages. */
function elementName(kind: ValueKind): string {
  if (kind.message) return kind.message.typeName;
  if (kind.enum) return kind.enum.typeName;
  return expectedScalar(kind.scalar ?? ScalarType.STRING);
}

function readEnum(desc: DescEnum, node: JsonNode, path: string): JsonValue {
  const names = desc.values.map((v) => v.name);
  const expectedText = `enum ${desc.typeName} (one of ${listNames(names)})`;
  if (node.kind === 'null' && desc.typeName === 'google.protobuf.NullValue') return null;
  if (node.kind === 'string') {
    const value = desc.values.find((v) => v.name === node.value || v.jsonName === node.value);
    if (value) return value.name;
    const guess = closest(node.value, names);
    const hint = guess === undefined ? '' : `; did you mean ${JSON.stringify(guess)}?`;
    throw mismatch(
      path,
      node,
      expectedText,
      `${renderNode(node)} is not a value of enum ${desc.typeName} (expected one of ${listNames(names)}${hint})`,
    );
  }
  if (node.kind === 'number' && Number.isInteger(node.value)) {
    const known = desc.values.some((v) => v.number === node.value);
    // Open (proto3) enums keep unknown numbers; closed (proto2) enums only take declared ones.
    const fits = desc.open ? node.value >= -(2 ** 31) && node.value < 2 ** 31 : known;
    if (fits) return node.value;
    throw mismatch(
      path,
      node,
      expectedText,
      `${node.raw} is not a value of enum ${desc.typeName} (expected one of ${listNames(names)})`,
    );
  }
  throw mismatch(path, node, expectedText);
}

/** A readable list of names, shortened past a dozen. */
export function listNames(names: string[]): string {
  return names.length > 12 ? `${names.slice(0, 12).join(', ')}, ...` : names.join(', ');
}
