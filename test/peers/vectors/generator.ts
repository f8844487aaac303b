/** A point of the seed workload, as vectors.proto's Point. */
export interface Point {
  x: number;
  y: number;
  z: number;
}

/** A vector of the seed workload, as vectors.proto's Vector. */
export interface Vector {
  start: Point;
  end: Point;
}

/** murmur3's 32-bit finaliser: every input bit reaches every output bit. */
function mix32(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** 32 bits that depend only on (seed, index, slot). */
function hash(seed: bigint, index: number, slot: number): number {
  const low = Number(BigInt.asUintN(32, seed));
  const high = Number(BigInt.asUintN(32, seed >> 32n));
  let h = mix32(low ^ 0x9e3779b9);
  h = mix32(h ^ high);
  h = mix32(h ^ index);
  return mix32(h ^ slot);
}

/**
 * Coordinate `k` (0-2: start x, y, z; 3-5: end x, y, z) of vector `index` for `seed`: a double in (0, 1].
 * Never 0, so every field appears in canonical JSON.
 */
export function coordinate(seed: bigint, index: number, k: number): number {
  const high = hash(seed, index, 2 * k) >>> 5; // 27 bits
  const low = hash(seed, index, 2 * k + 1) >>> 6; // 26 bits
  return (high * 67108864 + low + 1) / 9007199254740992;
}

/** Vector `index` of the list the server returns for `seed`. */
export function vectorAt(seed: bigint, index: number): Vector {
  const c = (k: number) => coordinate(seed, index, k);
  return { start: { x: c(0), y: c(1), z: c(2) }, end: { x: c(3), y: c(4), z: c(5) } };
}
