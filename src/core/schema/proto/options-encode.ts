import {
  ScalarType,
  type DescEnum,
  type DescExtension,
  type DescField,
  type DescMessage,
} from '@bufbuild/protobuf';
import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import { FieldOptions_OptionRetention } from '@bufbuild/protobuf/wkt';
import type { Span } from './ast';

/** A scalar option value: 64-bit integers as bigint, enums as numbers, strings as their raw bytes. */
export type OptionScalar = number | bigint | boolean | Uint8Array;

/** One field of an options message (or of a message inside one) and the values set on it. */
export interface OptionEntry {
  field: DescField | DescExtension;
  values: (OptionScalar | OptionMessage)[];
  /** Where the field was first set, for problems found once all options are in. */
  span: Span;
}

/** An options message (or a message value inside it) being filled in, keyed by field number. */
export interface OptionMessage {
  desc: DescMessage;
  fields: Map<number, OptionEntry>;
}

/** The `features` field set on an options message (FileOptions.features...), if any. */
export function featuresEntry(options: OptionMessage): OptionEntry | undefined {
  return [...options.fields.values()].find((e) => e.field.kind === 'field' && e.field.name === 'features');
}

/** Element kind of a field: scalar, enum or message (lists report their element kind). */
export function elementKind(
  field: DescField | DescExtension,
):
  | { kind: 'scalar'; scalar: ScalarType }
  | { kind: 'enum'; enumType: DescEnum }
  | { kind: 'message'; message: DescMessage }
  | { kind: 'map' } {
  if (field.fieldKind === 'map') return { kind: 'map' };
  if (field.scalar !== undefined) return { kind: 'scalar', scalar: field.scalar };
  if (field.enum) return { kind: 'enum', enumType: field.enum };
  return { kind: 'message', message: field.message as DescMessage };
}

/** Serializes like protobuf C++ does: fields in number order, repeated values in order, packed where the field is. */
export function encodeOptions(message: OptionMessage): Uint8Array {
  const writer = new BinaryWriter();
  writeMessage(writer, message);
  return writer.finish();
}

function writeMessage(writer: BinaryWriter, message: OptionMessage): void {
  const entries = [...message.fields.values()].sort((a, b) => a.field.number - b.field.number);
  for (const { field, values } of entries) {
    const element = elementKind(field);
    const packed = field.fieldKind === 'list' && field.packed && element.kind !== 'message';
    if (packed) {
      writer.tag(field.number, WireType.LengthDelimited).fork();
      for (const value of values)
        writeScalar(
          writer,
          element.kind === 'scalar' ? element.scalar : ScalarType.INT32,
          value as OptionScalar,
        );
      writer.join();
      continue;
    }
    for (const value of values) {
      if (element.kind === 'message') {
        const delimited = 'delimitedEncoding' in field && field.delimitedEncoding === true;
        if (delimited) {
          writer.tag(field.number, WireType.StartGroup);
          writeMessage(writer, value as OptionMessage);
          writer.tag(field.number, WireType.EndGroup);
        } else {
          writer.tag(field.number, WireType.LengthDelimited).fork();
          writeMessage(writer, value as OptionMessage);
          writer.join();
        }
      } else {
        const scalar = element.kind === 'scalar' ? element.scalar : ScalarType.INT32;
        writer.tag(field.number, wireType(scalar));
        writeScalar(writer, scalar, value as OptionScalar);
      }
    }
  }
}

function wireType(scalar: ScalarType): WireType {
  switch (scalar) {
    case ScalarType.STRING:
    case ScalarType.BYTES:
      return WireType.LengthDelimited;
    case ScalarType.DOUBLE:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      return WireType.Bit64;
    case ScalarType.FLOAT:
    case ScalarType.FIXED32:
    case ScalarType.SFIXED32:
      return WireType.Bit32;
    default:
      return WireType.Varint;
  }
}

function writeScalar(writer: BinaryWriter, scalar: ScalarType, value: OptionScalar): void {
  switch (scalar) {
    case ScalarType.STRING:
    case ScalarType.BYTES:
      writer.bytes(value as Uint8Array);
      break;
    case ScalarType.BOOL:
      writer.bool(value as boolean);
      break;
    case ScalarType.DOUBLE:
      writer.double(value as number);
      break;
    case ScalarType.FLOAT:
      writer.float(value as number);
      break;
    case ScalarType.INT32:
      writer.int32(value as number);
      break;
    case ScalarType.UINT32:
      writer.uint32(value as number);
      break;
    case ScalarType.SINT32:
      writer.sint32(value as number);
      break;
    case ScalarType.FIXED32:
      writer.fixed32(value as number);
      break;
    case ScalarType.SFIXED32:
      writer.sfixed32(value as number);
      break;
    case ScalarType.INT64:
      writer.int64(value as bigint);
      break;
    case ScalarType.UINT64:
      writer.uint64(value as bigint);
      break;
    case ScalarType.SINT64:
      writer.sint64(value as bigint);
      break;
    case ScalarType.FIXED64:
      writer.fixed64(value as bigint);
      break;
    case ScalarType.SFIXED64:
      writer.sfixed64(value as bigint);
      break;
  }
}

/** Drops options declared `retention = RETENTION_SOURCE` (protoc leaves them out of descriptor sets); true if any was. */
export function stripSourceRetention(message: OptionMessage): boolean {
  let stripped = false;
  for (const [number, entry] of message.fields) {
    if (entry.field.proto.options?.retention === FieldOptions_OptionRetention.RETENTION_SOURCE) {
      message.fields.delete(number);
      stripped = true;
      continue;
    }
    for (const value of entry.values) {
      if (typeof value === 'object' && 'desc' in value && stripSourceRetention(value)) stripped = true;
    }
  }
  return stripped;
}
