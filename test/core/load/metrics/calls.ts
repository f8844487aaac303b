import type { RecordedCall } from '../../../../src/core/load/metrics/recorder';

/** A finished call for the recorder, started when due: OK unless a status is given, 10 bytes out and 20 back (1 message). */
export function call(latencyUs: number, endedAtMs: number, status = 'OK', message = ''): RecordedCall {
  return {
    latencyUs,
    fromStartUs: latencyUs,
    status,
    message,
    bytesSent: 10,
    bytesReceived: 20,
    messagesReceived: 1,
    endedAtMs,
  };
}

/** The same pseudo-random sequence in [0, 1) every run (mulberry32), so a failure reproduces. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32;
  };
}
