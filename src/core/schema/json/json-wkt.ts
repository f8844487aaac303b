import { ScalarType, type DescMessage, type JsonObject, type JsonValue } from '@bufbuild/protobuf';
import { isWrapperDesc } from '@bufbuild/protobuf/wkt';
import { JsonInputError, keyPath, memberPath } from './json-errors';
import { mismatch, renderNode } from './json-mismatch';
import { nested, setMember, type ReadContext } from './json-read-context';
import { readScalar } from './json-scalars';
import type { JsonMember, JsonNode } from './json-text';

/** Readers for the well-known types whose JSON is not an object of fields. */
const readers: Record<string, (ctx: ReadContext, node: JsonNode, path: string) => JsonValue> = {
  'google.protobuf.Any': readAny,
  'google.protobuf.Timestamp': (_ctx, node, path) => readTimestamp(node, path),
  'google.protobuf.Duration': (_ctx, node, path) => readDuration(node, path),
  'google.protobuf.FieldMask': (_ctx, node, path) => readFieldMask(node, path),
  'google.protobuf.Struct': readStruct,
  'google.protobuf.Value': readValue,
  'google.protobuf.ListValue': readListValue,
};

/** Whether a message type has a JSON form of its own (Timestamp, Any, wrappers, ...). */
export function hasSpecialJson(desc: DescMessage): boolean {
  return readers[desc.typeName] !== undefined || isWrapperDesc(desc);
}

/** The message type an Any's type URL names: what follows the last "/". */
export function typeNameOfUrl(typeUrl: string): string {
  return typeUrl.slice(typeUrl.lastIndexOf('/') + 1);
}

/** Reads a well-known type from its special JSON form; call only when hasSpecialJson(desc). */
export function readWellKnown(ctx: ReadContext, desc: DescMessage, node: JsonNode, path: string): JsonValue {
  const reader = readers[desc.typeName];
  if (reader) return reader(ctx, node, path);
  const [valueField] = desc.fields;
  return readScalar(valueField?.scalar ?? ScalarType.STRING, node, path);
}

/** Examples used in messages, so the fix is one copy away. */
export const timestampExample = '2024-01-31T12:00:00Z';
const timestampPattern =
  /^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.[0-9]{1,9})?(?:Z|[+-]([0-9]{2}):([0-9]{2}))$/;

function readTimestamp(node: JsonNode, path: string): JsonValue {
  const expected = `Timestamp as RFC 3339 text, e.g. "${timestampExample}"`;
  if (node.kind !== 'string') throw mismatch(path, node, expected);
  const m = timestampPattern.exec(node.value);
  const [year, month, day, hour, minute, second, offsetHour = 0, offsetMinute = 0] = (m?.slice(1) ?? []).map(
    (part) => Number(part ?? 0),
  );
  if (m === null || year === undefined || month === undefined || day === undefined)
    throw mismatch(path, node, expected);
  const daysInMonth = [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  const clock = [hour, minute, second].every((n) => n !== undefined && n < 60) && (hour ?? 0) < 24;
  const valid = day >= 1 && day <= daysInMonth && clock && offsetHour < 24 && offsetMinute < 60;
  if (!valid) throw mismatch(path, node, expected, `${renderNode(node)} is not a valid date and time`);
  const ms = Date.parse(node.value);
  if (!(ms >= -62135596800000 && ms <= 253402300799999)) {
    throw mismatch(
      path,
      node,
      expected,
      `${renderNode(node)} is out of range for Timestamp (0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z)`,
    );
  }
  return node.value;
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const durationPattern = /^-?([0-9]+)(?:\.[0-9]{1,9})?s$/;

function readDuration(node: JsonNode, path: string): JsonValue {
  const expected = 'Duration as text like "1.5s"';
  if (node.kind !== 'string') throw mismatch(path, node, expected);
  const m = durationPattern.exec(node.value);
  if (!m) throw mismatch(path, node, expected);
  if (Number(m[1]) > 315576000000) {
    throw mismatch(
      path,
      node,
      expected,
      `${renderNode(node)} is out of range for Duration (at most 315576000000s either way)`,
    );
  }
  return node.value;
}

function readFieldMask(node: JsonNode, path: string): JsonValue {
  const expected = 'FieldMask as comma-separated lowerCamelCase paths, e.g. "user.displayName,photo"';
  if (node.kind !== 'string') throw mismatch(path, node, expected);
  if (node.value === '') return '';
  for (const mask of node.value.split(',')) {
    if (!/^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)*$/.test(mask)) {
      const camel = mask.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
      const hint = camel !== mask && /^[a-z][A-Za-z0-9.]*$/.test(camel) ? ` (write "${camel}")` : '';
      throw mismatch(
        path,
        node,
        expected,
        `FieldMask path ${JSON.stringify(mask)} is not lowerCamelCase dotted names${hint}`,
      );
    }
  }
  return node.value;
}

/** Members of an object node, failing on a key written twice. */
export function uniqueMembers(
  node: JsonNode & { kind: 'object' },
  pathOf: (key: string) => string,
): JsonMember[] {
  const seen = new Set<string>();
  for (const member of node.members) {
    if (seen.has(member.key)) {
      throw new JsonInputError({
        path: pathOf(member.key),
        expected: 'each key once',
        actual: JSON.stringify(member.key),
        detail: `duplicate key ${JSON.stringify(member.key)}`,
        position: member.keyPosition,
      });
    }
    seen.add(member.key);
  }
  return node.members;
}

function readStruct(ctx: ReadContext, node: JsonNode, path: string): JsonValue {
  if (node.kind !== 'object') throw mismatch(path, node, 'an object (google.protobuf.Struct)');
  const out: JsonObject = {};
  for (const member of uniqueMembers(node, (key) => keyPath(path, key))) {
    setMember(out, member.key, readValue(ctx, member.value, keyPath(path, member.key)));
  }
  return out;
}

function readListValue(ctx: ReadContext, node: JsonNode, path: string): JsonValue {
  if (node.kind !== 'array') throw mismatch(path, node, 'an array (google.protobuf.ListValue)');
  return node.items.map((item, i) => readValue(ctx, item, `${path}[${i}]`));
}

/** Any JSON; numbers must fit a double, since Value stores them as one. */
function readValue(ctx: ReadContext, node: JsonNode, path: string): JsonValue {
  return nested(ctx, node, path, () => {
    switch (node.kind) {
      case 'object':
        return readStruct(ctx, node, path);
      case 'array':
        return readListValue(ctx, node, path);
      case 'number':
        if (!Number.isFinite(node.value))
          throw mismatch(
            path,
            node,
            'a finite number',
            `${node.raw} is out of range for a JSON number (google.protobuf.Value holds a double)`,
          );
        return node.value;
      case 'string':
        return readScalar(ScalarType.STRING, node, path);
      case 'bool':
        return node.value;
      case 'null':
        return null;
    }
  });
}

const anyExample = '"type.googleapis.com/google.protobuf.Duration"';

function readAny(ctx: ReadContext, node: JsonNode, path: string): JsonValue {
  if (node.kind !== 'object') throw mismatch(path, node, `an object with "@type" (google.protobuf.Any)`);
  const members = uniqueMembers(node, (key) => memberPath(path, key));
  if (members.length === 0) return {};
  const typeMember = members.find((m) => m.key === '@type');
  if (!typeMember) {
    throw new JsonInputError({
      path,
      expected: 'an object with "@type"',
      actual: 'an object without "@type"',
      detail: `google.protobuf.Any needs "@type", e.g. ${anyExample}`,
      position: node.position,
    });
  }
  const typePath = memberPath(path, '@type');
  const typeUrl = typeMember.value;
  if (typeUrl.kind !== 'string') throw mismatch(typePath, typeUrl, `a type URL like ${anyExample}`);
  const typeName = typeNameOfUrl(typeUrl.value);
  const desc = typeName === '' ? undefined : ctx.registry.getMessage(typeName);
  if (!desc) {
    throw mismatch(
      typePath,
      typeUrl,
      `a type URL like ${anyExample}`,
      `${renderNode(typeUrl)} is not a message type in the loaded schema`,
    );
  }
  const rest = members.filter((m) => m !== typeMember);
  const out: JsonObject = { '@type': typeUrl.value };
  if (hasSpecialJson(desc)) {
    const value = rest.find((m) => m.key === 'value');
    const extra = rest.find((m) => m.key !== 'value');
    if (extra) {
      throw new JsonInputError({
        path: memberPath(path, extra.key),
        expected: '"@type" and "value" only',
        actual: JSON.stringify(extra.key),
        detail: `unknown field ${JSON.stringify(extra.key)} in google.protobuf.Any holding ${desc.typeName} (put the ${desc.name} in "value")`,
        position: extra.keyPosition,
      });
    }
    if (!value) {
      throw new JsonInputError({
        path,
        expected: 'a "value" member',
        actual: 'no "value"',
        detail: `google.protobuf.Any holding ${desc.typeName} needs its JSON in "value"`,
        position: node.position,
      });
    }
    setMember(out, 'value', ctx.readMessage(ctx, desc, value.value, memberPath(path, 'value')));
    return out;
  }
  const inner = ctx.readMessage(
    ctx,
    desc,
    { kind: 'object', members: rest, position: node.position },
    path,
  ) as JsonObject;
  for (const key of Object.keys(inner)) setMember(out, key, inner[key] as JsonValue);
  return out;
}
