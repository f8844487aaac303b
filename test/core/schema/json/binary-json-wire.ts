import { ScalarType, type DescField, type DescMessage, type Registry } from '@bufbuild/protobuf';
import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';

/** A small seeded generator (mulberry32), so a failing case can be replayed from its seed. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A uint32. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return this.next() % n;
  }

  chance(p: number): boolean {
    return this.next() / 4294967296 < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
}

/**
 * `plain`: valid, ordinary messages (the decoder's fast path must take them all). `wild`: also duplicates, shuffled
 * and unknown fields, wrong wire types, invalid UTF-8 and out-of-range well-known values, which the library judges.
 */
export type Mode = 'plain' | 'wild';

const strings = [
  '',
  'a',
  'héllo ✓ 😀',
  '"q"\\\n\t\u0001\u2028',
  '__proto__',
  'constructor',
  '123',
  '-1',
  '0',
  '4294967295',
  '4294967294',
  '01',
  'toString',
];
const doubles = [
  0,
  -0,
  1,
  -1,
  0.1,
  1.5,
  1e300,
  -2.5e-300,
  5e-324,
  123456789.125,
  NaN,
  Infinity,
  -Infinity,
  2 ** 53,
  0.30000000000000004,
];
const floats = [0, -0, 0.1, 1.1, 3.4028234663852886e38, 1e-45, -7.25, 16777217, NaN, Infinity, -Infinity];
const int64s = [
  '0',
  '1',
  '-1',
  '9007199254740993',
  '-9007199254740993',
  '9223372036854775807',
  '-9223372036854775808',
  '4294967296',
  '-4294967296',
  '2097152',
];
const uint64s = [
  '0',
  '1',
  '18446744073709551615',
  '9007199254740993',
  '4294967295',
  '4294967296',
  '9223372036854775808',
];
const int32s = [0, 1, -1, 2147483647, -2147483648, 127, 128, 300];
const uint32s = [0, 1, 4294967295, 2147483648, 127, 16384];

function randomDouble(rng: Rng): number {
  return rng.chance(0.5) ? rng.pick(doubles) : (rng.next() / 4294967296 - 0.5) * 10 ** rng.int(12);
}

/** Writes one scalar value (without its tag). */
export function writeScalar(w: BinaryWriter, type: ScalarType, rng: Rng): void {
  switch (type) {
    case ScalarType.DOUBLE:
      w.double(randomDouble(rng));
      return;
    case ScalarType.FLOAT:
      w.float(rng.chance(0.5) ? rng.pick(floats) : Math.fround(randomDouble(rng)));
      return;
    case ScalarType.INT32:
      w.int32(rng.chance(0.5) ? rng.pick(int32s) : rng.next() | 0);
      return;
    case ScalarType.SINT32:
      w.sint32(rng.chance(0.5) ? rng.pick(int32s) : rng.next() | 0);
      return;
    case ScalarType.SFIXED32:
      w.sfixed32(rng.chance(0.5) ? rng.pick(int32s) : rng.next() | 0);
      return;
    case ScalarType.UINT32:
      w.uint32(rng.chance(0.5) ? rng.pick(uint32s) : rng.next());
      return;
    case ScalarType.FIXED32:
      w.fixed32(rng.chance(0.5) ? rng.pick(uint32s) : rng.next());
      return;
    case ScalarType.INT64:
      w.int64(randomInt64(rng, true));
      return;
    case ScalarType.SINT64:
      w.sint64(randomInt64(rng, true));
      return;
    case ScalarType.SFIXED64:
      w.sfixed64(randomInt64(rng, true));
      return;
    case ScalarType.UINT64:
      w.uint64(randomInt64(rng, false));
      return;
    case ScalarType.FIXED64:
      w.fixed64(randomInt64(rng, false));
      return;
    case ScalarType.BOOL:
      w.bool(rng.chance(0.5));
      return;
    case ScalarType.STRING:
      w.string(rng.pick(strings));
      return;
    case ScalarType.BYTES:
      w.bytes(Uint8Array.from({ length: rng.int(7) }, () => rng.int(256)));
      return;
  }
}

function randomInt64(rng: Rng, signed: boolean): bigint {
  if (rng.chance(0.5)) return BigInt(rng.pick(signed ? int64s : uint64s));
  const value = (BigInt(rng.next()) << 32n) | BigInt(rng.next());
  const bits = rng.int(64) + 1;
  const cut = value & ((1n << BigInt(bits)) - 1n);
  return signed ? BigInt.asIntN(64, cut) : cut;
}

const scalarWire: Record<ScalarType, WireType> = {
  [ScalarType.DOUBLE]: WireType.Bit64,
  [ScalarType.FIXED64]: WireType.Bit64,
  [ScalarType.SFIXED64]: WireType.Bit64,
  [ScalarType.FLOAT]: WireType.Bit32,
  [ScalarType.FIXED32]: WireType.Bit32,
  [ScalarType.SFIXED32]: WireType.Bit32,
  [ScalarType.STRING]: WireType.LengthDelimited,
  [ScalarType.BYTES]: WireType.LengthDelimited,
  [ScalarType.INT32]: WireType.Varint,
  [ScalarType.INT64]: WireType.Varint,
  [ScalarType.UINT32]: WireType.Varint,
  [ScalarType.UINT64]: WireType.Varint,
  [ScalarType.SINT32]: WireType.Varint,
  [ScalarType.SINT64]: WireType.Varint,
  [ScalarType.BOOL]: WireType.Varint,
};

/** Random wire bytes for `desc`. */
export function randomMessage(
  rng: Rng,
  registry: Registry,
  desc: DescMessage,
  mode: Mode,
  depth = 0,
): Uint8Array {
  const w = new BinaryWriter();
  writeBody(w, rng, registry, desc, mode, depth);
  return w.finish();
}

function writeBody(
  w: BinaryWriter,
  rng: Rng,
  registry: Registry,
  desc: DescMessage,
  mode: Mode,
  depth: number,
): void {
  if (writeWellKnown(w, rng, registry, desc, mode, depth)) return;
  const fields = [...desc.fields];
  if (mode === 'wild' && rng.chance(0.3)) fields.sort(() => rng.int(3) - 1);
  const chosenOneofs = new Set<unknown>();
  for (const field of fields) {
    const required = field.presence === 3;
    // Nesting thins out with depth and stops at 5, so recursive types end.
    if (!required && !rng.chance(depth > 3 ? 0.15 : 0.6)) continue;
    if (!required && depth >= 5 && holdsMessages(field)) continue;
    if (field.oneof && mode === 'plain') {
      if (chosenOneofs.has(field.oneof)) continue;
      chosenOneofs.add(field.oneof);
    }
    const times = mode === 'wild' && rng.chance(0.2) ? 2 : 1;
    for (let i = 0; i < times; i++) writeField(w, rng, registry, field, mode, depth);
  }
  if (mode === 'wild' && rng.chance(0.3)) writeUnknown(w, rng);
}

function holdsMessages(field: DescField): boolean {
  return field.message !== undefined;
}

function writeField(
  w: BinaryWriter,
  rng: Rng,
  registry: Registry,
  field: DescField,
  mode: Mode,
  depth: number,
): void {
  const no = field.number;
  if (mode === 'wild' && rng.chance(0.03)) {
    // A wrong wire type for the field.
    w.tag(no, rng.pick([WireType.Varint, WireType.Bit32, WireType.Bit64, WireType.LengthDelimited]));
    writeAnyValue(w, rng);
    return;
  }
  switch (field.fieldKind) {
    case 'scalar':
      if (mode === 'wild' && field.scalar === ScalarType.STRING && rng.chance(0.05)) {
        w.tag(no, WireType.LengthDelimited).bytes(Uint8Array.of(0x61, 0xff, 0xc0));
        return;
      }
      w.tag(no, scalarWire[field.scalar]);
      writeScalar(w, field.scalar, rng);
      return;
    case 'enum':
      w.tag(no, WireType.Varint).int32(
        randomEnum(
          rng,
          field.enum.values.map((v) => v.number),
        ),
      );
      return;
    case 'message':
      writeChild(w, rng, registry, no, field.message, field.delimitedEncoding, mode, depth);
      return;
    case 'list': {
      const count = rng.int(4);
      if (field.listKind === 'message') {
        for (let i = 0; i < count; i++)
          writeChild(w, rng, registry, no, field.message, field.delimitedEncoding, mode, depth);
        return;
      }
      const scalar = field.listKind === 'enum' ? ScalarType.INT32 : field.scalar;
      const one = (): void => {
        if (field.listKind === 'enum')
          w.int32(
            randomEnum(
              rng,
              field.enum.values.map((v) => v.number),
            ),
          );
        else writeScalar(w, scalar, rng);
      };
      const packable = scalar !== ScalarType.STRING && scalar !== ScalarType.BYTES;
      if (packable && rng.chance(0.5)) {
        w.tag(no, WireType.LengthDelimited).fork();
        for (let i = 0; i < count; i++) one();
        w.join();
      } else {
        for (let i = 0; i < count; i++) {
          w.tag(no, scalarWire[scalar]);
          one();
        }
      }
      return;
    }
    case 'map': {
      const count = rng.int(4);
      for (let i = 0; i < count; i++) {
        w.tag(no, WireType.LengthDelimited).fork();
        if (rng.chance(0.9)) {
          w.tag(1, scalarWire[field.mapKey]);
          if (field.mapKey === ScalarType.STRING && rng.chance(0.5)) w.string(rng.pick(strings));
          else writeScalar(w, field.mapKey, rng);
        }
        // A missing value is the zero value; a missing google.protobuf.Value is an error, so plain mode writes them all.
        if (rng.chance(0.9) || (mode === 'plain' && field.mapKind === 'message')) {
          if (field.mapKind === 'message') {
            w.tag(2, WireType.LengthDelimited).fork();
            writeBody(w, rng, registry, field.message, mode, depth + 1);
            w.join();
          } else if (field.mapKind === 'enum') {
            w.tag(2, WireType.Varint).int32(
              randomEnum(
                rng,
                field.enum.values.map((v) => v.number),
              ),
            );
          } else {
            w.tag(2, scalarWire[field.scalar]);
            writeScalar(w, field.scalar, rng);
          }
        }
        w.join();
      }
      return;
    }
  }
}

function randomEnum(rng: Rng, known: number[]): number {
  return rng.chance(0.85) ? rng.pick(known) : rng.pick([99, -5, 1000]);
}

function writeChild(
  w: BinaryWriter,
  rng: Rng,
  registry: Registry,
  no: number,
  desc: DescMessage,
  delimited: boolean,
  mode: Mode,
  depth: number,
): void {
  if (delimited) {
    w.tag(no, WireType.StartGroup);
    writeBody(w, rng, registry, desc, mode, depth + 1);
    w.tag(no, WireType.EndGroup);
    return;
  }
  w.tag(no, WireType.LengthDelimited).fork();
  writeBody(w, rng, registry, desc, mode, depth + 1);
  w.join();
}

/** A random record of any wire type, as the value of a tag already written. */
function writeAnyValue(w: BinaryWriter, rng: Rng): void {
  switch (rng.int(4)) {
    case 0:
      w.uint64(randomInt64(rng, false));
      return;
    case 1:
      w.fixed32(rng.next());
      return;
    case 2:
      w.fixed64(randomInt64(rng, false));
      return;
    default:
      w.bytes(Uint8Array.from({ length: rng.int(5) }, () => rng.int(256)));
  }
}

/** Fields no message in the fixtures declares, of every wire type, groups included. */
function writeUnknown(w: BinaryWriter, rng: Rng): void {
  const no = 5000 + rng.int(1000);
  if (rng.chance(0.2)) {
    w.tag(no, WireType.StartGroup).tag(1, WireType.Varint).uint32(7).tag(no, WireType.EndGroup);
    return;
  }
  w.tag(no, rng.pick([WireType.Varint, WireType.Bit32, WireType.Bit64, WireType.LengthDelimited]));
  writeAnyValue(w, rng);
}

const snakePaths = ['a', 'foo_bar', 'x.y_z', 'user.display_name'];

/** Valid values for the well-known types whose JSON forms have rules (wild mode sometimes breaks them). */
function writeWellKnown(
  w: BinaryWriter,
  rng: Rng,
  registry: Registry,
  desc: DescMessage,
  mode: Mode,
  depth: number,
): boolean {
  const wild = mode === 'wild' && rng.chance(0.2);
  switch (desc.typeName) {
    case 'google.protobuf.Timestamp':
      w.tag(1, WireType.Varint).int64(
        wild ? randomInt64(rng, true) : BigInt(rng.int(2 ** 31)) * (rng.chance(0.5) ? 1n : -1n),
      );
      if (rng.chance(0.7))
        w.tag(2, WireType.Varint).int32(
          wild ? rng.next() | 0 : rng.pick([0, 1, 1000, 1000000, 999999999, rng.int(1e9)]),
        );
      return true;
    case 'google.protobuf.Duration': {
      const negative = rng.chance(0.5) ? -1 : 1;
      w.tag(1, WireType.Varint).int64(wild ? randomInt64(rng, true) : BigInt(negative * rng.int(2 ** 31)));
      if (rng.chance(0.7))
        w.tag(2, WireType.Varint).int32(
          wild ? rng.next() | 0 : negative * rng.pick([0, 1, 1000, 500000000, rng.int(1e9)]),
        );
      return true;
    }
    case 'google.protobuf.FieldMask':
      for (let i = rng.int(3); i > 0; i--)
        w.tag(1, WireType.LengthDelimited).string(wild ? rng.pick(strings) : rng.pick(snakePaths));
      return true;
    case 'google.protobuf.Value':
      writeValue(w, rng, depth, wild);
      return true;
    case 'google.protobuf.ListValue':
      for (let i = rng.int(3); i > 0; i--) {
        w.tag(1, WireType.LengthDelimited).fork();
        writeValue(w, rng, depth + 1, wild);
        w.join();
      }
      return true;
    case 'google.protobuf.Struct':
      writeStructFields(w, rng, depth, wild);
      return true;
    case 'google.protobuf.Any':
      writeAny(w, rng, registry, mode, depth);
      return true;
    default:
      return false;
  }
}

function writeStructFields(w: BinaryWriter, rng: Rng, depth: number, wild: boolean): void {
  for (let i = rng.int(3); i > 0; i--) {
    w.tag(1, WireType.LengthDelimited).fork();
    w.tag(1, WireType.LengthDelimited).string(rng.pick(strings));
    w.tag(2, WireType.LengthDelimited).fork();
    writeValue(w, rng, depth + 1, wild);
    w.join().join();
  }
}

function writeValue(w: BinaryWriter, rng: Rng, depth: number, wild: boolean): void {
  const kind = depth > 4 ? rng.int(4) : rng.int(wild ? 7 : 6);
  switch (kind) {
    case 0:
      w.tag(1, WireType.Varint).int32(0);
      return;
    case 1:
      w.tag(2, WireType.Bit64).double(wild ? rng.pick(doubles) : rng.pick([0, 1.5, -2, 1e21, 5e-324]));
      return;
    case 2:
      w.tag(3, WireType.LengthDelimited).string(rng.pick(strings));
      return;
    case 3:
      w.tag(4, WireType.Varint).bool(rng.chance(0.5));
      return;
    case 4:
      w.tag(5, WireType.LengthDelimited).fork();
      writeStructFields(w, rng, depth + 1, wild);
      w.join();
      return;
    case 5:
      w.tag(6, WireType.LengthDelimited).fork();
      for (let i = rng.int(3); i > 0; i--) {
        w.tag(1, WireType.LengthDelimited).fork();
        writeValue(w, rng, depth + 2, wild);
        w.join();
      }
      w.join();
      return;
    default:
      // No kind at all: toJson refuses it.
      return;
  }
}

function writeAny(w: BinaryWriter, rng: Rng, registry: Registry, mode: Mode, depth: number): void {
  if (depth > 4 || rng.chance(0.15)) return;
  const names = [...registry].filter((t) => t.kind === 'message').map((t) => t.typeName);
  const typeName = mode === 'wild' && rng.chance(0.1) ? 'no.such.Type' : rng.pick(names);
  const prefix = rng.pick(['type.googleapis.com/', 'example.com/x/', '']);
  w.tag(1, WireType.LengthDelimited).string(prefix + typeName);
  const desc = registry.getMessage(typeName);
  if (!desc) return;
  w.tag(2, WireType.LengthDelimited).bytes(randomMessage(rng, registry, desc, mode, depth + 1));
}
