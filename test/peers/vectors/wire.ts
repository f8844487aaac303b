import { BinaryReader } from '@bufbuild/protobuf/wire';
import { vectorAt, type Point } from './generator';

/** A decoded vectors.VectorsRequest. */
export interface VectorsRequest {
  seed: bigint;
  numberOfVectors: number;
}

/** Wire size of a Point (three tagged doubles), a Vector (two length-prefixed Points) and one Vectors entry. */
const POINT_BYTES = 27;
const VECTOR_BYTES = 2 * (2 + POINT_BYTES);
const ENTRY_BYTES = 2 + VECTOR_BYTES;

/** Bytes of a vectors.Vectors holding `count` vectors: 60 per vector (100,000 vectors: 6,000,000 bytes). */
export const vectorsMessageBytes = (count: number): number => count * ENTRY_BYTES;

function writeDouble(view: DataView, at: number, tag: number, value: number): number {
  view.setUint8(at, tag);
  view.setFloat64(at + 1, value, true);
  return at + 9;
}

function writePoint(view: DataView, at: number, point: Point): number {
  at = writeDouble(view, at, 0x09, point.x); // x = 1, 64-bit
  at = writeDouble(view, at, 0x11, point.y);
  return writeDouble(view, at, 0x19, point.z);
}

function writeVector(view: DataView, at: number, seed: bigint, index: number): number {
  const vector = vectorAt(seed, index);
  view.setUint8(at, 0x0a); // start = 1, length-delimited
  view.setUint8(at + 1, POINT_BYTES);
  at = writePoint(view, at + 2, vector.start);
  view.setUint8(at, 0x12); // end = 2, length-delimited
  view.setUint8(at + 1, POINT_BYTES);
  return writePoint(view, at + 2, vector.end);
}

/** Encodes vector `index` for `seed` as a vectors.Vector. Written by hand so the server costs little next to the client. */
export function encodeVector(seed: bigint, index: number): Buffer {
  const bytes = Buffer.allocUnsafe(VECTOR_BYTES);
  writeVector(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), 0, seed, index);
  return bytes;
}

/** Encodes vectors 0 to count-1 for `seed` as one vectors.Vectors. */
export function encodeVectors(seed: bigint, count: number): Buffer {
  const bytes = Buffer.allocUnsafe(vectorsMessageBytes(count));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  for (let index = 0; index < count; index++) {
    view.setUint8(at, 0x0a); // vectors = 1, length-delimited
    view.setUint8(at + 1, VECTOR_BYTES);
    at = writeVector(view, at + 2, seed, index);
  }
  return bytes;
}

/** Decodes a vectors.VectorsRequest (unknown fields are skipped, as any protobuf parser does). */
export function decodeVectorsRequest(bytes: Uint8Array): VectorsRequest {
  const reader = new BinaryReader(bytes);
  const request: VectorsRequest = { seed: 0n, numberOfVectors: 0 };
  while (reader.pos < reader.len) {
    const [field, wireType] = reader.tag();
    if (field === 1) request.seed = BigInt(reader.int64());
    else if (field === 2) request.numberOfVectors = reader.int32();
    else reader.skip(wireType);
  }
  return request;
}
