import { beforeAll, describe, expect, test } from 'vitest';
import { createFileRegistry, type DescMessage, type FileRegistry, type JsonValue } from '@bufbuild/protobuf';
import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  binaryToJsonText,
  compileFastDecoder,
  compileJsonDecoder,
} from '../../../../src/core/schema/json/binary-json';
import { decodeToJson, encodeJson, type JsonOptions } from '../../../../src/core/schema/json/codec';
import { protoc } from '../../../helpers/protoc';
import { canonical } from './kitchen-json';
import { bundledDir, kitchenRegistry, message } from './registries';

let kitchen: FileRegistry;
let legacy: FileRegistry;

beforeAll(async () => {
  kitchen = await kitchenRegistry();
  legacy = createFileRegistry(
    await protoc(
      ['protodesk/proto2.proto'],
      [join(import.meta.dirname, '../../../fixtures/protos'), bundledDir],
    ),
  );
}, 120_000);

/** The decoder's text, after checking it is exactly what JSON.stringify(decodeToJson(...)) gives. */
function decode(
  registry: FileRegistry,
  typeName: string,
  bytes: Uint8Array,
  options: JsonOptions = {},
): string {
  const desc = message(registry, typeName);
  const text = binaryToJsonText(registry, desc, bytes, options);
  expect(text).toBe(JSON.stringify(decodeToJson(registry, desc, bytes, options)));
  return text;
}

/** Same as decode, and the bytes must not need the slow path. */
function decodeFast(
  registry: FileRegistry,
  typeName: string,
  bytes: Uint8Array,
  options: JsonOptions = {},
): string {
  const text = decode(registry, typeName, bytes, options);
  expect(compileFastDecoder(registry, message(registry, typeName), options)(bytes)).toBe(text);
  return text;
}

/** The error both decoders throw, after checking they throw the same message. */
function decodeError(registry: FileRegistry, typeName: string, bytes: Uint8Array): string {
  const desc = message(registry, typeName);
  let expected = '';
  try {
    decodeToJson(registry, desc, bytes);
  } catch (error) {
    expected = (error as Error).message;
  }
  expect(expected).not.toBe('');
  expect(() => binaryToJsonText(registry, desc, bytes)).toThrow(expected);
  return expected;
}

const wire = (): BinaryWriter => new BinaryWriter();
const scalars = 'protodesk.test.json.Scalars';

describe('binaryToJsonText', () => {
  test('prints the kitchen sink exactly as decodeToJson does, key order included', () => {
    const sink = message(kitchen, 'protodesk.test.json.KitchenSink');
    const bytes = encodeJson(kitchen, sink, canonical);
    expect(decode(kitchen, sink.typeName, bytes)).toBe(JSON.stringify(canonical));
  });

  test('prints every scalar type in canonical form on the fast path', () => {
    const bytes = wire()
      .tag(1, WireType.Bit64)
      .double(-2.5)
      .tag(2, WireType.Bit32)
      .float(0.1)
      .tag(3, WireType.Varint)
      .int32(-2147483648)
      .tag(4, WireType.Varint)
      .int64(-9223372036854775808n)
      .tag(5, WireType.Varint)
      .uint32(4294967295)
      .tag(6, WireType.Varint)
      .uint64(18446744073709551615n)
      .tag(7, WireType.Varint)
      .sint32(-7)
      .tag(8, WireType.Varint)
      .sint64(9007199254740993n)
      .tag(9, WireType.Bit32)
      .fixed32(7)
      .tag(10, WireType.Bit64)
      .fixed64(7n)
      .tag(11, WireType.Bit32)
      .sfixed32(-7)
      .tag(12, WireType.Bit64)
      .sfixed64(-7n)
      .tag(13, WireType.Varint)
      .bool(true)
      .tag(14, WireType.LengthDelimited)
      .string('héllo "✓"\n')
      .tag(15, WireType.LengthDelimited)
      .bytes(Uint8Array.of(0xfb, 0xff, 0))
      .finish();
    expect(decodeFast(kitchen, scalars, bytes)).toBe(
      '{"fDouble":-2.5,"fFloat":0.1,"fInt32":-2147483648,"fInt64":"-9223372036854775808","fUint32":4294967295,' +
        '"fUint64":"18446744073709551615","fSint32":-7,"fSint64":"9007199254740993","fFixed32":7,"fFixed64":"7",' +
        '"fSfixed32":-7,"fSfixed64":"-7","fBool":true,"fString":"héllo \\"✓\\"\\n","fBytes":"+/8A"}',
    );
  });

  test('prints NaN and the infinities as strings, and -0 as 0 (it is not the zero value)', () => {
    const bytes = wire().tag(1, WireType.Bit64).double(-0).tag(2, WireType.Bit32).float(Number.NaN).finish();
    expect(decodeFast(kitchen, scalars, bytes)).toBe('{"fDouble":0,"fFloat":"NaN"}');
    const lists = wire()
      .tag(7, WireType.LengthDelimited)
      .fork()
      .double(Infinity)
      .double(-Infinity)
      .double(1e21)
      .join()
      .finish();
    expect(decodeFast(kitchen, 'protodesk.test.json.Lists', lists)).toBe(
      '{"doubles":["Infinity","-Infinity",1e+21]}',
    );
  });

  test('keeps the last of repeated singular values and the last member of a oneof', () => {
    const bytes = wire().tag(3, WireType.Varint).int32(1).tag(3, WireType.Varint).int32(2).finish();
    expect(decodeFast(kitchen, scalars, bytes)).toBe('{"fInt32":2}');
    const sink = wire()
      .tag(5, WireType.LengthDelimited)
      .string('ada')
      .tag(6, WireType.Varint)
      .int64(42)
      .finish();
    expect(decodeFast(kitchen, 'protodesk.test.json.KitchenSink', sink)).toBe('{"userId":"42"}');
  });

  test('merges repeated occurrences of a message field', () => {
    const bytes = wire()
      .tag(1, WireType.LengthDelimited)
      .fork()
      .tag(3, WireType.Varint)
      .int32(5)
      .tag(14, WireType.LengthDelimited)
      .string('a')
      .join()
      .tag(1, WireType.LengthDelimited)
      .fork()
      .tag(14, WireType.LengthDelimited)
      .string('b')
      .join()
      .finish();
    expect(decode(kitchen, 'protodesk.test.json.KitchenSink', bytes)).toBe(
      '{"scalars":{"fInt32":5,"fString":"b"}}',
    );
  });

  test('reads repeated scalars packed and unpacked, mixed in one message', () => {
    const bytes = wire()
      .tag(1, WireType.LengthDelimited)
      .fork()
      .int32(1)
      .int32(-1)
      .join()
      .tag(1, WireType.Varint)
      .int32(3)
      .tag(2, WireType.Varint)
      .int64(-2)
      .tag(2, WireType.LengthDelimited)
      .fork()
      .join()
      .finish();
    expect(decodeFast(kitchen, 'protodesk.test.json.Lists', bytes)).toBe('{"ints":[1,-1,3],"longs":["-2"]}');
  });

  test('prints map keys in the order decodeToJson does: integer-like keys first, a repeated key in its first place', () => {
    const entry = (w: BinaryWriter, key: string, value: string): BinaryWriter =>
      w
        .tag(1, WireType.LengthDelimited)
        .fork()
        .tag(1, WireType.LengthDelimited)
        .string(key)
        .tag(2, WireType.LengthDelimited)
        .string(value)
        .join();
    const w = wire();
    for (const [key, value] of [
      ['b', '1'],
      ['10', '2'],
      ['__proto__', '3'],
      ['2', '4'],
      ['b', '5'],
      ['-1', '6'],
    ]) {
      entry(w, key as string, value as string);
    }
    expect(decodeFast(kitchen, 'protodesk.test.json.Maps', w.finish())).toBe(
      '{"labels":{"2":"4","10":"2","b":"5","__proto__":"3","-1":"6"}}',
    );
  });

  test('prints a map entry without key or value as the zero key and value', () => {
    const bytes = wire()
      .tag(2, WireType.LengthDelimited)
      .fork()
      .join()
      .tag(4, WireType.LengthDelimited)
      .fork()
      .tag(1, WireType.Varint)
      .bool(true)
      .join()
      .tag(3, WireType.LengthDelimited)
      .fork()
      .tag(1, WireType.Varint)
      .int64(-5)
      .join()
      .finish();
    expect(decodeFast(kitchen, 'protodesk.test.json.Maps', bytes)).toBe(
      '{"byId":{"0":{}},"longKeys":{"-5":"PRIORITY_UNSPECIFIED"},"boolKeys":{"true":""}}',
    );
  });

  test('prints unknown numbers of open enums as numbers; closed enums drop them unless repeated', () => {
    const open = wire().tag(17, WireType.Varint).int32(99).finish();
    expect(decodeFast(kitchen, scalars, open)).toBe('{"priority":99}');
    const closed = wire()
      .tag(1, WireType.LengthDelimited)
      .string('x')
      .tag(2, WireType.Varint)
      .int32(1)
      .tag(2, WireType.Varint)
      .int32(99)
      .tag(4, WireType.Varint)
      .int32(99)
      .tag(4, WireType.Varint)
      .int32(2)
      .finish();
    expect(decodeFast(kitchen, 'protodesk.test.json.legacy.Legacy', closed)).toBe(
      '{"id":"x","color":"RED","colors":[99,"GREEN"]}',
    );
  });

  test('honours emitDefaults and protoFieldNames', () => {
    const bytes = wire().tag(16, WireType.Varint).int32(0).finish();
    expect(decodeFast(kitchen, scalars, bytes, { emitDefaults: true, protoFieldNames: true })).toBe(
      '{"f_double":0,"f_float":0,"f_int32":0,"f_int64":"0","f_uint32":0,"f_uint64":"0","f_sint32":0,"f_sint64":"0",' +
        '"f_fixed32":0,"f_fixed64":"0","f_sfixed32":0,"f_sfixed64":"0","f_bool":false,"f_string":"","f_bytes":"",' +
        '"opt_int32":0,"priority":"PRIORITY_UNSPECIFIED"}',
    );
    expect(decodeFast(kitchen, 'protodesk.test.json.Lists', new Uint8Array(0), { emitDefaults: true })).toBe(
      '{"ints":[],"longs":[],"strings":[],"blobs":[],"priorities":[],"items":[],"doubles":[],"values":[]}',
    );
    expect(
      decodeFast(
        kitchen,
        'protodesk.test.json.legacy.Legacy',
        wire().tag(1, WireType.LengthDelimited).string('').finish(),
        { emitDefaults: true },
      ),
    ).toBe('{"id":"","colors":[]}');
  });

  test('prints well-known types inside messages as decodeToJson does', () => {
    const wkt = message(kitchen, 'protodesk.test.json.WellKnown');
    const json: JsonValue = {
      at: '2024-01-31T12:00:00.123Z',
      timeout: '-1.500s',
      mask: 'scalars.fInt32,wkt',
      meta: { a: 1, b: [true, null] },
      value: null,
      any: { '@type': 'type.googleapis.com/protodesk.test.json.Scalars', fFloat: 0.3, fInt64: '1' },
      wFloat: 1.1,
      wInt64: '-5',
      wString: '',
      anys: [
        { '@type': 'type.googleapis.com/google.protobuf.FloatValue', value: 0.1 },
        { '@type': 'type.googleapis.com/google.protobuf.Empty' },
        { '@type': 'type.googleapis.com/protodesk.test.json.Tree' },
      ],
    };
    expect(decodeFast(kitchen, wkt.typeName, encodeJson(kitchen, wkt, json))).toBe(JSON.stringify(json));
  });

  test('prints a top-level well-known type as decodeToJson does', () => {
    const floatValue = message(kitchen, 'google.protobuf.FloatValue');
    expect(decode(kitchen, floatValue.typeName, encodeJson(kitchen, floatValue, 0.1))).toBe(
      '0.10000000149011612',
    );
    const timestamp = message(kitchen, 'google.protobuf.Timestamp');
    expect(
      decode(kitchen, timestamp.typeName, encodeJson(kitchen, timestamp, '"1970-01-01T00:00:01Z"')),
    ).toBe('"1970-01-01T00:00:01Z"');
  });

  test('skips unknown fields of every wire type', () => {
    const bytes = wire()
      .tag(900, WireType.Varint)
      .uint64(18446744073709551615n)
      .tag(901, WireType.Bit32)
      .fixed32(1)
      .tag(902, WireType.Bit64)
      .fixed64(1)
      .tag(903, WireType.LengthDelimited)
      .bytes(Uint8Array.of(1, 2))
      .tag(904, WireType.StartGroup)
      .tag(1, WireType.Varint)
      .int32(1)
      .tag(904, WireType.EndGroup)
      .tag(3, WireType.Varint)
      .int32(7)
      .finish();
    expect(decode(kitchen, scalars, bytes)).toBe('{"fInt32":7}');
  });

  test('reads proto2 groups, in a oneof and repeated', () => {
    const bytes = wire()
      .tag(1, WireType.StartGroup)
      .tag(2, WireType.LengthDelimited)
      .string('u')
      .tag(4, WireType.StartGroup)
      .tag(5, WireType.LengthDelimited)
      .string('s')
      .tag(4, WireType.EndGroup)
      .tag(1, WireType.EndGroup)
      .tag(6, WireType.StartGroup)
      .tag(7, WireType.Varint)
      .int32(1)
      .tag(6, WireType.EndGroup)
      .tag(6, WireType.StartGroup)
      .tag(6, WireType.EndGroup)
      .tag(9, WireType.StartGroup)
      .tag(10, WireType.Varint)
      .int32(3)
      .tag(9, WireType.EndGroup)
      .finish();
    expect(decodeFast(legacy, 'protodesk.legacy.WithGroups', bytes)).toBe(
      '{"result":{"url":"u","snippet":[{"text":"s"}]},"item":[{"id":1},{}],"picked":{"index":3}}',
    );
  });

  test('prints extensions known to the registry', () => {
    const bytes = wire()
      .tag(8, WireType.LengthDelimited)
      .string('n')
      .tag(100, WireType.Varint)
      .int32(5)
      .tag(101, WireType.LengthDelimited)
      .string('a')
      .finish();
    expect(decode(legacy, 'protodesk.legacy.WithGroups', bytes)).toBe(
      '{"name":"n","[protodesk.legacy.ext_int]":5,"[protodesk.legacy.ext_strings]":["a"]}',
    );
  });

  test('prints proto2 fields set to their default, and leaves unset ones out even with emitDefaults', () => {
    const bytes = wire().tag(3, WireType.Varint).int32(-42).tag(27, WireType.Varint).int32(0).finish();
    expect(decodeFast(legacy, 'protodesk.legacy.Defaults', bytes, { emitDefaults: true })).toBe(
      '{"dInt32":-42,"must":0,"packedInts":[]}',
    );
  });

  test('refuses a missing required field with the library error', () => {
    expect(decodeError(legacy, 'protodesk.legacy.Defaults', new Uint8Array(0))).toBe(
      'cannot encode field protodesk.legacy.Defaults.must to JSON: required field not set',
    );
  });

  test('refuses malformed bytes with the same message as decodeToJson', () => {
    const truncated = wire().tag(14, WireType.LengthDelimited).string('hello').finish().subarray(0, 4);
    expect(decodeError(kitchen, scalars, truncated)).toBe(
      `cannot decode 4 bytes as ${scalars}: premature EOF`,
    );
    expect(decodeError(kitchen, scalars, Uint8Array.of(0x0f))).toBe(
      `cannot decode 1 bytes as ${scalars}: illegal tag: field no 1 wire type 7`,
    );
    const badUtf8 = wire().tag(14, WireType.LengthDelimited).bytes(Uint8Array.of(0xff)).finish();
    expect(decodeError(kitchen, scalars, badUtf8)).toMatch(
      /^cannot decode 3 bytes as protodesk.test.json.Scalars: /,
    );
  });

  test('shows an Any of a type the schema lacks as its type URL and bytes, like decodeToJson', () => {
    const unknownAny = wire()
      .tag(9, WireType.LengthDelimited)
      .fork()
      .tag(1, WireType.LengthDelimited)
      .string('type.googleapis.com/no.Such')
      .tag(2, WireType.LengthDelimited)
      .bytes(Uint8Array.of(8, 1))
      .join()
      .finish();
    const desc = message(kitchen, 'protodesk.test.json.WellKnown');
    expect(binaryToJsonText(kitchen, desc, unknownAny)).toBe(
      '{"any":{"@type":"type.googleapis.com/no.Such","value":"CAE="}}',
    );
  });

  test('keeps invalid UTF-8 of proto2 strings as replacement characters', () => {
    const bytes = wire()
      .tag(1, WireType.LengthDelimited)
      .bytes(Uint8Array.of(0x61, 0xff, 0xef, 0xbb, 0xbf))
      .finish();
    expect(decodeFast(kitchen, 'protodesk.test.json.legacy.Legacy', bytes)).toBe('{"id":"a\uFFFD\uFEFF"}');
  });

  test('stops at the same nesting depth as the library', () => {
    const nested = (levels: number): Uint8Array => {
      let bytes = new Uint8Array(0);
      for (let i = 1; i < levels; i++) bytes = wire().tag(2, WireType.LengthDelimited).bytes(bytes).finish();
      return bytes;
    };
    expect(decodeFast(kitchen, 'protodesk.test.json.Tree', nested(100))).toMatch(/^(\{"left":){99}\{\}\}+$/);
    const tooDeep = nested(101);
    expect(decodeError(kitchen, 'protodesk.test.json.Tree', tooDeep)).toBe(
      `cannot decode ${tooDeep.length} bytes as protodesk.test.json.Tree: ` +
        'cannot decode message protodesk.test.json.Tree from binary: maximum recursion depth of 100 reached',
    );
  });
  test('stops at the same depth inside google.protobuf.Value nesting, which the library prints', () => {
    // Lists (depth 2) > values: Value > list_value: ListValue > values: Value > ...
    const nestedValue = (levels: number): Uint8Array => {
      let value = wire().tag(3, WireType.LengthDelimited).string('leaf').finish();
      for (let i = 0; i < levels; i++) {
        const list = wire().tag(1, WireType.LengthDelimited).bytes(value).finish();
        value = wire().tag(6, WireType.LengthDelimited).bytes(list).finish();
      }
      return wire().tag(8, WireType.LengthDelimited).bytes(value).finish();
    };
    const lists = 'protodesk.test.json.Lists';
    // The innermost Value of 49 levels sits at depth 100, the library's limit.
    expect(decodeFast(kitchen, lists, nestedValue(49))).toBe(
      `{"values":[${'['.repeat(49)}"leaf"${']'.repeat(49)}]}`,
    );
    expect(decodeError(kitchen, lists, nestedValue(50))).toMatch(/maximum recursion depth of 100 reached$/);
  });

  test('reads a Buffer slice at an offset, as grpc-js hands messages over', () => {
    const bytes = wire()
      .tag(14, WireType.LengthDelimited)
      .string('x')
      .tag(15, WireType.LengthDelimited)
      .bytes(Uint8Array.of(1, 2, 3))
      .tag(12, WireType.Bit64)
      .sfixed64(-3n)
      .finish();
    const pool = Buffer.alloc(bytes.length + 13, 0xff);
    pool.set(bytes, 5);
    const slice = pool.subarray(5, 5 + bytes.length);
    expect(decodeFast(kitchen, scalars, slice)).toBe('{"fSfixed64":"-3","fString":"x","fBytes":"AQID"}');
  });
});

describe('compileJsonDecoder', () => {
  test('returns one cached decoder per registry, type and options', () => {
    const desc: DescMessage = message(kitchen, scalars);
    const decoder = compileJsonDecoder(kitchen, desc, { emitDefaults: true });
    expect(compileJsonDecoder(kitchen, desc, { emitDefaults: true })).toBe(decoder);
    expect(compileJsonDecoder(kitchen, desc)).not.toBe(decoder);
    expect(decoder(new Uint8Array(0))).toContain('"fInt32":0');
  });

  test('decodes the seed workload (Vectors of Points) like decodeToJson, on the fast path', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vectors-'));
    try {
      await writeFile(
        join(dir, 'vectors.proto'),
        'syntax = "proto3"; package vectors;\n' +
          'message Point { double x = 1; double y = 2; double z = 3; }\n' +
          'message Vector { Point start = 1; Point end = 2; }\n' +
          'message Vectors { repeated Vector vectors = 1; }\n',
      );
      const registry = createFileRegistry(await protoc(['vectors.proto'], [dir]));
      const point = (x: number): Uint8Array =>
        wire()
          .tag(1, WireType.Bit64)
          .double(x)
          .tag(2, WireType.Bit64)
          .double(-x / 3)
          .tag(3, WireType.Bit64)
          .double(0)
          .finish();
      const w = wire();
      for (let i = 0; i < 1000; i++) {
        w.tag(1, WireType.LengthDelimited).fork();
        w.tag(1, WireType.LengthDelimited)
          .bytes(point(i * 0.1))
          .tag(2, WireType.LengthDelimited)
          .bytes(point(i));
        w.join();
      }
      const text = decodeFast(registry, 'vectors.Vectors', w.finish());
      // -0 is not the proto3 zero value, so y of the first point prints (as 0).
      expect(text.slice(0, 109)).toBe(
        '{"vectors":[{"start":{"y":0},"end":{"y":0}},{"start":{"x":0.1,"y":-0.03333333333333333},"end":{"x":1,"y":-0.3',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
