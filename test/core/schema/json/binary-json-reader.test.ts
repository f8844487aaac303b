import { describe, expect, test } from 'vitest';
import { BinaryReader, BinaryWriter } from '@bufbuild/protobuf/wire';
import { int64Text, WireReader } from '../../../../src/core/schema/json/binary-json-reader';
import { Rng } from './binary-json-wire';

/** What @bufbuild/protobuf's reader gives, or that it throws. */
function reference<T>(read: () => T): T | 'throws' {
  try {
    return read();
  } catch {
    return 'throws';
  }
}

describe('int64Text', () => {
  test('prints every 64-bit pattern as BigInt does, signed and unsigned', () => {
    const rng = new Rng(1);
    const edges = [0, 1, -1, 0x1fffff, 0x200000, 0x7fffffff, -0x80000000, -0x200000, -0x200001];
    for (let i = 0; i < 20000; i++) {
      const lo = i < 81 ? (edges[i % 9] as number) : rng.next() | 0;
      const hi =
        i < 81
          ? (edges[Math.floor(i / 9)] as number)
          : i % 3 === 0
            ? rng.int(0x400000) - 0x200000
            : rng.next() | 0;
      const bits = (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);
      expect(int64Text(lo, hi, false)).toBe(String(bits));
      expect(int64Text(lo, hi, true)).toBe(String(BigInt.asIntN(64, bits)));
    }
  });
});

describe('WireReader', () => {
  test('reads varints like BinaryReader, and refuses what BinaryReader refuses', () => {
    const rng = new Rng(2);
    for (let i = 0; i < 5000; i++) {
      const bytes = Uint8Array.from(
        { length: 1 + rng.int(12) },
        () => (rng.chance(0.7) ? 0x80 : 0) | rng.int(128),
      );
      const theirs = new BinaryReader(bytes);
      const ours = new WireReader(bytes);
      const want = reference(() => [theirs.uint32(), theirs.pos]);
      expect(reference(() => [ours.uint32(), ours.pos])).toEqual(want);
      const theirs64 = new BinaryReader(bytes);
      const ours64 = new WireReader(bytes);
      const want64 = reference(() => [String(theirs64.int64()), theirs64.pos]);
      expect(reference(() => [ours64.int64(), ours64.pos])).toEqual(want64);
      const sint = reference(() => String(new BinaryReader(bytes).sint64()));
      expect(reference(() => new WireReader(bytes).sint64())).toEqual(sint);
      const bool = reference(() => new BinaryReader(bytes).bool());
      expect(reference(() => new WireReader(bytes).bool())).toEqual(bool);
    }
  });

  test('reads fixed-width values and strings written by BinaryWriter', () => {
    const bytes = new BinaryWriter()
      .fixed64(18446744073709551615n)
      .sfixed64(-2n)
      .float(0.1)
      .double(-0)
      .string('\uFEFFtext ✓')
      .bytes(Uint8Array.of(0xfb, 0xff))
      .finish();
    const r = new WireReader(bytes);
    expect([
      r.fixed64(),
      r.sfixed64(),
      r.float(),
      Object.is(r.double(), -0),
      r.string(true),
      r.base64(),
    ]).toEqual(['18446744073709551615', '-2', Math.fround(0.1), true, '\uFEFFtext ✓', '+/8=']);
    expect(r.pos).toBe(bytes.length);
  });

  test('refuses to read past the end', () => {
    expect(() => new WireReader(Uint8Array.of(1, 2, 3)).double()).toThrow('premature EOF');
    expect(() => new WireReader(Uint8Array.of(5, 0x61)).string(true)).toThrow('premature EOF');
  });
});
