import { ScalarType, type DescEnum, type JsonValue } from '@bufbuild/protobuf';
import { Wire, type WireReader } from './binary-json-reader';
import { shortestFloat32 } from './json-float';

/** How one scalar or enum type is read from the wire and printed as canonical JSON. */
export interface ScalarCodec {
  /** The wire type of one unpacked value. */
  readonly wire: number;
  /** Whether a length-delimited record may hold packed values. */
  readonly packable: boolean;
  read(r: WireReader): unknown;
  /** The JSON of a value `read` returned. */
  json(value: unknown): JsonValue;
  /** Whether an implicit-presence field with this value is left out (proto3 zero). */
  isZero(value: unknown): boolean;
  /** The JSON of the zero value, printed with emitDefaults. */
  readonly zeroJson: JsonValue;
}

/** The JSON of a double: NaN and the infinities are strings in proto3 JSON. */
function numberJson(value: number): JsonValue {
  if (Number.isFinite(value)) return value;
  if (Number.isNaN(value)) return 'NaN';
  return value > 0 ? 'Infinity' : '-Infinity';
}

const isZeroNumber = (value: unknown): boolean => value === 0;
const same = (value: unknown): JsonValue => value as JsonValue;

function int32Codec(read: (r: WireReader) => number, wire: number): ScalarCodec {
  return { wire, packable: true, read, json: same, isZero: isZeroNumber, zeroJson: 0 };
}

function int64Codec(read: (r: WireReader) => string, wire: number): ScalarCodec {
  return { wire, packable: true, read, json: same, isZero: (v) => v === '0', zeroJson: '0' };
}

function floatCodec(read: (r: WireReader) => number, wire: number, float32: boolean): ScalarCodec {
  return {
    wire,
    packable: true,
    read,
    // Matches json-float's shortenFloats: a float prints as the shortest double that rounds to the same float32.
    json: float32 ? (v) => numberJson(shortestFloat32(v as number)) : (v) => numberJson(v as number),
    // Object.is: -0 is not the zero value, so it is printed (as 0), like @bufbuild/protobuf does.
    isZero: (v) => Object.is(v, 0),
    zeroJson: 0,
  };
}

const codecs: Record<ScalarType, ScalarCodec> = {
  [ScalarType.DOUBLE]: floatCodec((r) => r.double(), Wire.Bit64, false),
  [ScalarType.FLOAT]: floatCodec((r) => r.float(), Wire.Bit32, true),
  [ScalarType.INT32]: int32Codec((r) => r.uint32() | 0, Wire.Varint),
  [ScalarType.UINT32]: int32Codec((r) => r.uint32(), Wire.Varint),
  [ScalarType.SINT32]: int32Codec((r) => {
    const zz = r.uint32();
    return (zz >>> 1) ^ -(zz & 1);
  }, Wire.Varint),
  [ScalarType.FIXED32]: int32Codec((r) => r.fixed32(), Wire.Bit32),
  [ScalarType.SFIXED32]: int32Codec((r) => r.sfixed32(), Wire.Bit32),
  [ScalarType.INT64]: int64Codec((r) => r.int64(), Wire.Varint),
  [ScalarType.UINT64]: int64Codec((r) => r.uint64(), Wire.Varint),
  [ScalarType.SINT64]: int64Codec((r) => r.sint64(), Wire.Varint),
  [ScalarType.FIXED64]: int64Codec((r) => r.fixed64(), Wire.Bit64),
  [ScalarType.SFIXED64]: int64Codec((r) => r.sfixed64(), Wire.Bit64),
  [ScalarType.BOOL]: {
    wire: Wire.Varint,
    packable: true,
    read: (r) => r.bool(),
    json: same,
    isZero: (v) => v === false,
    zeroJson: false,
  },
  [ScalarType.BYTES]: {
    wire: Wire.Len,
    packable: false,
    read: (r) => r.base64(),
    json: same,
    isZero: (v) => v === '',
    zeroJson: '',
  },
  [ScalarType.STRING]: stringCodec(true),
};

const lenientString = stringCodec(false);

function stringCodec(validate: boolean): ScalarCodec {
  return {
    wire: Wire.Len,
    packable: false,
    read: (r) => r.string(validate),
    json: same,
    isZero: (v) => v === '',
    zeroJson: '',
  };
}

/** The codec of a scalar type; `utf8Validation` says whether malformed UTF-8 in a string is an error. */
export function scalarCodec(type: ScalarType, utf8Validation: boolean): ScalarCodec {
  return type === ScalarType.STRING && !utf8Validation ? lenientString : codecs[type];
}

/** The codec of an enum: values print as their names, unknown numbers as numbers, NullValue as null. */
export function enumCodec(desc: DescEnum): ScalarCodec {
  const zero = desc.values[0]?.number ?? 0;
  const names = new Map<number, string>();
  // desc.value keeps the first declared name of aliased numbers, as toJson prints it.
  for (const [number, value] of Object.entries(desc.value)) names.set(Number(number), value.jsonName);
  const json =
    desc.typeName === 'google.protobuf.NullValue'
      ? () => null
      : (v: unknown) => names.get(v as number) ?? (v as number);
  return {
    wire: Wire.Varint,
    packable: true,
    read: (r) => r.uint32() | 0,
    json,
    isZero: (v) => v === zero,
    zeroJson: json(zero),
  };
}
