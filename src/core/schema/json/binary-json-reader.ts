import { Buffer } from 'node:buffer';

/** Protobuf wire types. */
export const Wire = { Varint: 0, Bit64: 1, Len: 2, StartGroup: 3, EndGroup: 4, Bit32: 5 } as const;

/**
 * Thrown by the fast decoder for anything it leaves to @bufbuild/protobuf: malformed bytes, merges of repeated
 * message fields, extensions. The caller then decodes the whole message the slow way, which gives the exact output
 * or the exact error.
 */
export class Bail extends Error {}

const lenient = new TextDecoder('utf-8', { ignoreBOM: true });
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
/** Strings up to this length are checked for ASCII byte by byte; TextDecoder's call costs more than the loop. */
const asciiMax = 32;
const two32 = 4294967296;

// Floats are rebuilt through a scratch buffer: cheaper than a DataView per message (protobufjs does the same).
const scratch = new ArrayBuffer(8);
const scratchInt32 = new Int32Array(scratch);
const scratchFloat32 = new Float32Array(scratch);
const scratchFloat64 = new Float64Array(scratch);
/** Which int32 of the scratch holds a double's low word: 0 on little-endian hosts. */
const lowWord = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1 ? 0 : 1;

/**
 * Reads the protobuf wire format with the same arithmetic as @bufbuild/protobuf's BinaryReader, but refuses
 * (throws Bail) wherever that reader would be lenient about a malformed message, so the slow path decides.
 */
export class WireReader {
  pos = 0;
  /** The low and high 32 bits of the last varint64 read. */
  lo = 0;
  hi = 0;
  readonly len: number;

  constructor(readonly buf: Uint8Array) {
    this.len = buf.length;
  }

  /** A varint as uint32 (the low 32 bits of longer ones), like BinaryReader.uint32. */
  uint32(): number {
    const buf = this.buf;
    let pos = this.pos;
    let b = buf[pos++] ?? 0x100;
    if (b < 0x80) {
      this.pos = pos;
      return b;
    }
    let result = b & 0x7f;
    for (let shift = 7; shift < 28; shift += 7) {
      b = buf[pos++] ?? 0x100;
      result |= (b & 0x7f) << shift;
      if (b < 0x80) {
        this.pos = pos;
        return result >>> 0;
      }
    }
    b = buf[pos++] ?? 0x100;
    result |= (b & 0x0f) << 28;
    for (let read = 5; b >= 0x80 && read < 10; read++) b = buf[pos++] ?? 0x100;
    if (b >= 0x80) throw new Bail('invalid varint');
    this.pos = pos;
    return result >>> 0;
  }

  /** A tag (field number << 3 | wire type), refusing the ones BinaryReader.tag refuses. */
  tag(): number {
    const start = this.pos;
    const tag = this.uint32();
    const read = this.pos - start;
    if (read > 5 || (read === 5 && (this.buf[this.pos - 1] ?? 0) > 0x0f)) throw new Bail('illegal tag');
    if (tag >>> 3 === 0 || (tag & 7) > 5) throw new Bail('illegal tag');
    return tag;
  }

  /** A varint of up to 64 bits into lo/hi, like BinaryReader's varint64. */
  varint64(): void {
    const buf = this.buf;
    let pos = this.pos;
    let lo = 0;
    let hi = 0;
    for (let shift = 0; shift < 28; shift += 7) {
      const b = buf[pos++] ?? 0x100;
      lo |= (b & 0x7f) << shift;
      if (b < 0x80) return this.end64(pos, lo, hi);
    }
    const middle = buf[pos++] ?? 0x100;
    lo |= (middle & 0x0f) << 28;
    hi = (middle & 0x70) >> 4;
    if (middle < 0x80) return this.end64(pos, lo, hi);
    for (let shift = 3; shift <= 31; shift += 7) {
      const b = buf[pos++] ?? 0x100;
      hi |= (b & 0x7f) << shift;
      if (b < 0x80) return this.end64(pos, lo, hi);
    }
    throw new Bail('invalid varint');
  }

  private end64(pos: number, lo: number, hi: number): void {
    this.pos = pos;
    this.lo = lo;
    this.hi = hi;
  }

  /** A bool varint: any non-zero value is true. */
  bool(): boolean {
    this.varint64();
    return this.lo !== 0 || this.hi !== 0;
  }

  /** int64 / uint64 / sint64 varints as decimal text. */
  int64(): string {
    this.varint64();
    return int64Text(this.lo, this.hi, true);
  }

  uint64(): string {
    this.varint64();
    return int64Text(this.lo, this.hi, false);
  }

  sint64(): string {
    this.varint64();
    const sign = -(this.lo & 1);
    const lo = ((this.lo >>> 1) | ((this.hi & 1) << 31)) ^ sign;
    const hi = (this.hi >>> 1) ^ sign;
    return int64Text(lo, hi, true);
  }

  /** Four little-endian bytes. */
  fixed32(): number {
    return this.sfixed32() >>> 0;
  }

  sfixed32(): number {
    return int32At(this.buf, this.advance(4));
  }

  float(): number {
    const at = this.advance(4);
    scratchInt32[0] = int32At(this.buf, at);
    return scratchFloat32[0] as number;
  }

  /** Eight little-endian bytes. */
  double(): number {
    const at = this.advance(8);
    const buf = this.buf;
    scratchInt32[lowWord] = int32At(buf, at);
    scratchInt32[1 - lowWord] = int32At(buf, at + 4);
    return scratchFloat64[0] as number;
  }

  fixed64(): string {
    const at = this.advance(8);
    return int64Text(int32At(this.buf, at), int32At(this.buf, at + 4), false);
  }

  sfixed64(): string {
    const at = this.advance(8);
    return int64Text(int32At(this.buf, at), int32At(this.buf, at + 4), true);
  }

  /** The end of a length-delimited record that starts here (after its length). */
  delimitedEnd(): number {
    const length = this.uint32();
    const end = this.pos + length;
    if (end > this.len) throw new Bail('premature EOF');
    return end;
  }

  /** Bytes of a length-delimited record, as standard base64 with padding. */
  base64(): string {
    const end = this.delimitedEnd();
    const start = this.pos;
    this.pos = end;
    return Buffer.from(this.buf.buffer, this.buf.byteOffset + start, end - start).toString('base64');
  }

  /** A length-delimited UTF-8 string; `validate` throws on malformed UTF-8 instead of substituting U+FFFD. */
  string(validate: boolean): string {
    const end = this.delimitedEnd();
    const start = this.pos;
    this.pos = end;
    const buf = this.buf;
    if (end - start <= asciiMax) {
      let text = '';
      for (let i = start; i < end; i++) {
        const byte = buf[i] ?? 0;
        if (byte > 0x7f) return (validate ? strict : lenient).decode(buf.subarray(start, end));
        text += String.fromCharCode(byte);
      }
      return text;
    }
    return (validate ? strict : lenient).decode(buf.subarray(start, end));
  }

  /** Skips one unknown record of a wire type other than groups. */
  skip(wireType: number): void {
    switch (wireType) {
      case Wire.Varint:
        this.varint64();
        return;
      case Wire.Bit64:
        this.advance(8);
        return;
      case Wire.Bit32:
        this.advance(4);
        return;
      case Wire.Len:
        this.pos = this.delimitedEnd();
        return;
      default:
        throw new Bail('unknown group or stray end-group tag');
    }
  }

  /** Moves past `n` bytes, returning where they start. */
  private advance(n: number): number {
    const at = this.pos;
    if (at + n > this.len) throw new Bail('premature EOF');
    this.pos = at + n;
    return at;
  }
}

/** The type URL of a google.protobuf.Any and where its value lies, read from its body (up to `end`). */
export interface AnyFields {
  typeUrl: string;
  valueStart: number;
  valueEnd: number;
}

/** Reads an Any's body to `end`: its type URL and the bounds of its value (other fields skipped), leaving r at end. */
export function readAnyFields(r: WireReader, end: number): AnyFields {
  let typeUrl = '';
  let valueStart = 0;
  let valueEnd = 0;
  while (r.pos < end) {
    const tag = r.tag();
    const no = tag >>> 3;
    if (no !== 1 && no !== 2) {
      r.skip(tag & 7);
      continue;
    }
    if ((tag & 7) !== Wire.Len) throw new Bail('wire type');
    if (no === 1) typeUrl = r.string(true);
    else {
      valueEnd = r.delimitedEnd();
      valueStart = r.pos;
      r.pos = valueEnd;
    }
  }
  if (r.pos !== end) throw new Bail('message overruns its length');
  return { typeUrl, valueStart, valueEnd };
}

/** A little-endian int32 at `at` (bounds already checked). */
function int32At(buf: Uint8Array, at: number): number {
  return (
    (buf[at] as number) |
    ((buf[at + 1] as number) << 8) |
    ((buf[at + 2] as number) << 16) |
    ((buf[at + 3] as number) << 24)
  );
}

/** Decimal text of a 64-bit integer given as two 32-bit halves. */
export function int64Text(lo: number, hi: number, signed: boolean): string {
  const high = hi >>> 0;
  if (high < 0x200000) return String(high * two32 + (lo >>> 0));
  if (signed && hi < 0) {
    // Negate the two's complement: small magnitudes stay in exact double range.
    const negLo = (~lo + 1) >>> 0;
    const negHi = (~hi + (negLo === 0 ? 1 : 0)) >>> 0;
    if (negHi < 0x200000) return '-' + String(negHi * two32 + negLo);
  }
  const value = (BigInt(high) << 32n) | BigInt(lo >>> 0);
  return String(signed ? BigInt.asIntN(64, value) : value);
}
