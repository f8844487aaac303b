import {
  ScalarType,
  type DescEnum,
  type DescField,
  type DescMessage,
  type JsonObject,
  type JsonValue,
  type Registry,
} from '@bufbuild/protobuf';
import { isWrapperDesc } from '@bufbuild/protobuf/wkt';
import { timestampExample } from './json-wkt';
import { setMember } from './json-read-context';

/** How many times one message type may appear on a path before recursive fields are left out. */
const maxRepeats = 2;
/** How deep a sample may nest at all, so huge schemas (descriptor.proto) give readable samples. */
const maxDepth = 6;

/**
 * A valid request for `message` with every field filled: the first member of each oneof, one list element, one map
 * entry, enums by their first name, well-known types in their JSON form; recursion is cut after a few levels.
 */
export function sampleJson(message: DescMessage, registry: Registry): JsonValue {
  return sampleMessage(message, registry, []) ?? {};
}

/** undefined when the message may not be expanded here (too deep, or too recursive). */
function sampleMessage(desc: DescMessage, registry: Registry, stack: DescMessage[]): JsonValue | undefined {
  const special = sampleWellKnown(desc, registry);
  if (special !== undefined) return special;
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

function sampleValue(
  field: {
    name: string;
    scalar: DescField['scalar'];
    enum: DescEnum | undefined;
    message: DescMessage | undefined;
  },
  registry: Registry,
  stack: DescMessage[],
): JsonValue | undefined {
  if (field.message) return sampleMessage(field.message, registry, stack);
  if (field.enum)
    return field.enum.typeName === 'google.protobuf.NullValue' ? null : (field.enum.values[0]?.name ?? 0);
  return sampleScalar(field.scalar ?? ScalarType.STRING, field.name);
}

/** A representative value per scalar: strings echo the field name, so the sample reads like documentation. */
function sampleScalar(scalar: ScalarType, name: string): JsonValue {
  switch (scalar) {
    case ScalarType.BOOL:
      return true;
    case ScalarType.STRING:
      return name;
    case ScalarType.BYTES:
      return 'AQID';
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return 1.5;
    case ScalarType.INT64:
    case ScalarType.UINT64:
    case ScalarType.SINT64:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      return '1';
    default:
      return 1;
  }
}

function sampleMapKey(scalar: ScalarType): string {
  if (scalar === ScalarType.STRING) return 'key';
  return scalar === ScalarType.BOOL ? 'true' : '1';
}

function sampleWellKnown(desc: DescMessage, registry: Registry): JsonValue | undefined {
  switch (desc.typeName) {
    case 'google.protobuf.Timestamp':
      return timestampExample;
    case 'google.protobuf.Duration':
      return '1s';
    case 'google.protobuf.FieldMask':
      return 'name';
    case 'google.protobuf.Struct':
      return { key: 'value' };
    case 'google.protobuf.Value':
      return 'value';
    case 'google.protobuf.ListValue':
      return ['value'];
    case 'google.protobuf.Any':
      // A Duration is the smallest readable example; without duration.proto loaded, an empty Any is still valid.
      return registry.getMessage('google.protobuf.Duration')
        ? { '@type': 'type.googleapis.com/google.protobuf.Duration', value: '1s' }
        : {};
    default: {
      if (!isWrapperDesc(desc)) return undefined;
      const [field] = desc.fields;
      return field ? sampleScalar(field.scalar, 'value') : undefined;
    }
  }
}
