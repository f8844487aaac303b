import { ScalarType, type DescMessage, type JsonValue } from '@bufbuild/protobuf';
import { isWrapperDesc } from '@bufbuild/protobuf/wkt';
import { timestampExample } from './json-wkt';

/** A representative value per scalar: strings echo the field name, so the sample reads like documentation. */
export function sampleScalar(scalar: ScalarType, name: string): JsonValue {
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

/** The JSON form of a scalar's default (zero) value. */
function zeroScalar(scalar: ScalarType): JsonValue {
  if (scalar === ScalarType.BOOL) return false;
  if (scalar === ScalarType.STRING || scalar === ScalarType.BYTES) return '';
  // 64-bit integers are the only other scalars JSON writes as strings.
  return typeof sampleScalar(scalar, '') === 'string' ? '0' : 0;
}

/** A filled-in example of a well-known type in its JSON form; undefined for other messages. */
export function sampleWellKnown(desc: DescMessage): JsonValue | undefined {
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
    default: {
      if (!isWrapperDesc(desc)) return undefined;
      const [field] = desc.fields;
      return field ? sampleScalar(field.scalar, 'value') : undefined;
    }
  }
}

/** The default value of a well-known type in its JSON form (`{}` would not parse for most); undefined for others. */
export function minimalWellKnown(desc: DescMessage): JsonValue | undefined {
  switch (desc.typeName) {
    case 'google.protobuf.Timestamp':
      return '1970-01-01T00:00:00Z';
    case 'google.protobuf.Duration':
      return '0s';
    case 'google.protobuf.FieldMask':
      return '';
    case 'google.protobuf.Value':
      return null;
    case 'google.protobuf.ListValue':
      return [];
    default: {
      if (!isWrapperDesc(desc)) return undefined;
      const [field] = desc.fields;
      return field ? zeroScalar(field.scalar) : undefined;
    }
  }
}
