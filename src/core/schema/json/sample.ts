import {
  ScalarType,
  type DescField,
  type DescMessage,
  type JsonObject,
  type JsonValue,
  type Registry,
} from '@bufbuild/protobuf';
import { FeatureSet_FieldPresence } from '@bufbuild/protobuf/wkt';
import { setMember } from './json-read-context';
import { namedExample } from './sample-names';
import { sampleAny } from './sample-any';
import { minimalWellKnown, sampleScalar, sampleWellKnown } from './sample-wkt';

/** How many times one message type may appear on a path before recursive fields are left out. */
const maxRepeats = 2;
/** How deep a sample may nest at all, so huge schemas (descriptor.proto) give readable samples. */
const maxDepth = 6;

/**
 * A valid request for `message` with every field filled: the first member of each oneof, one list element, one map
 * entry, enums by their first name, well-known types in their JSON form, strings like real data where the field name
 * says what it holds; recursion is cut after a few levels.
 */
export function sampleJson(message: DescMessage, registry: Registry): JsonValue {
  return sampleMessage(message, registry, []) ?? {};
}

/**
 * The smallest valid request for `message`: `{}` unless it has required (proto2 / LEGACY_REQUIRED) fields, which are
 * filled, or is a well-known type whose JSON is not an object. Sent as it is, it asks the server for nothing special.
 */
export function minimalSampleJson(message: DescMessage, registry: Registry): JsonValue {
  return minimalMessage(message, registry, 0);
}

function minimalMessage(desc: DescMessage, registry: Registry, depth: number): JsonValue {
  const special = minimalWellKnown(desc);
  if (special !== undefined) return special;
  const out: JsonObject = {};
  if (depth >= maxDepth) return out;
  for (const field of desc.fields) {
    if (field.presence !== FeatureSet_FieldPresence.LEGACY_REQUIRED) continue;
    const value = field.message
      ? minimalMessage(field.message, registry, depth + 1)
      : sampleValue(field, registry, []);
    if (value !== undefined) setMember(out, field.jsonName, value);
  }
  return out;
}

/** undefined when the message may not be expanded here (too deep, or too recursive). */
function sampleMessage(desc: DescMessage, registry: Registry, stack: DescMessage[]): JsonValue | undefined {
  if (desc.typeName === 'google.protobuf.Any') {
    const near = stack[0]?.file.proto.package ?? '';
    return sampleAny(registry, near, (packed) => sampleFields(packed, registry, stack));
  }
  const special = sampleWellKnown(desc);
  if (special !== undefined) return special;
  return sampleFields(desc, registry, stack);
}

/** An ordinary message's fields; undefined when it may not be expanded here (too deep, or too recursive). */
function sampleFields(desc: DescMessage, registry: Registry, stack: DescMessage[]): JsonObject | undefined {
  if (stack.length >= maxDepth || stack.filter((m) => m === desc).length >= maxRepeats) return undefined;
  const inner = [...stack, desc];
  const out: JsonObject = {};
  for (const field of desc.fields) {
    if (field.oneof && field.oneof.fields[0] !== field) continue;
    const value = sampleField(field, registry, inner);
    if (value !== undefined) setMember(out, field.jsonName, value);
  }
  return out;
}

function sampleField(field: DescField, registry: Registry, stack: DescMessage[]): JsonValue | undefined {
  const value = sampleValue(field, registry, stack);
  if (value === undefined) return undefined;
  switch (field.fieldKind) {
    case 'list':
      return [value];
    case 'map': {
      const entry: JsonObject = {};
      setMember(entry, sampleMapKey(field.mapKey), value);
      return entry;
    }
    default:
      return value;
  }
}

function sampleValue(field: DescField, registry: Registry, stack: DescMessage[]): JsonValue | undefined {
  if (field.message) return sampleMessage(field.message, registry, stack);
  if (field.enum)
    return field.enum.typeName === 'google.protobuf.NullValue' ? null : (field.enum.values[0]?.name ?? 0);
  const scalar = field.scalar ?? ScalarType.STRING;
  return namedExample(field, scalar) ?? sampleScalar(scalar, field.name);
}

function sampleMapKey(scalar: ScalarType): string {
  if (scalar === ScalarType.STRING) return 'key';
  return scalar === ScalarType.BOOL ? 'true' : '1';
}
