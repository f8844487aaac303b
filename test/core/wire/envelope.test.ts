import { describe, expect, it } from 'vitest';
import { trailerSerialize } from '@connectrpc/connect/protocol-grpc-web';
import {
  EnvelopeReader,
  EnvelopeSizeError,
  grpcWebTrailersFlag,
  writeEnvelope,
} from '../../../src/core/wire/envelope';

/** Two messages (one empty) and a gRPC-Web trailer frame as connect-es serializes it. */
function body(): { bytes: Buffer; trailer: Uint8Array } {
  const trailer = trailerSerialize(new Headers({ 'grpc-status': '0', 'grpc-message': '' }));
  const bytes = Buffer.concat([
    writeEnvelope(0, Buffer.from('hello')),
    writeEnvelope(0, new Uint8Array()),
    writeEnvelope(grpcWebTrailersFlag, trailer),
  ]);
  return { bytes, trailer };
}

describe('envelopes', () => {
  it('writes the 5-byte prefix: flags, then the big-endian length', () => {
    expect([...writeEnvelope(0x01, Buffer.from('abc'))]).toEqual([1, 0, 0, 0, 3, 97, 98, 99]);
  });

  it('reads the same envelopes whichever byte the body is split at', () => {
    const { bytes, trailer } = body();
    for (let cut = 0; cut <= bytes.length; cut++) {
      const reader = new EnvelopeReader(1024);
      const read = [...reader.push(bytes.subarray(0, cut)), ...reader.push(bytes.subarray(cut))];
      expect(read.map((e) => [e.flags, Buffer.from(e.data).toString()])).toEqual([
        [0, 'hello'],
        [0, ''],
        [0x80, Buffer.from(trailer).toString()],
      ]);
      expect(reader.partial).toBe(false);
    }
  });

  it('reads a body fed one byte at a time, and knows when it stops inside an envelope', () => {
    const { bytes } = body();
    const reader = new EnvelopeReader(1024);
    const read = [...bytes].flatMap((byte) => reader.push(Uint8Array.of(byte)));
    expect(read).toHaveLength(3);
    reader.push(writeEnvelope(0, Buffer.from('cut short')).subarray(0, 7));
    expect(reader.partial).toBe(true);
  });

  it('refuses an envelope over the limit from its prefix alone, in grpc-js words', () => {
    const reader = new EnvelopeReader(4);
    expect(() => reader.push(writeEnvelope(0, Buffer.from('12345')).subarray(0, 5))).toThrow(
      new EnvelopeSizeError(5, 4),
    );
    expect(new EnvelopeSizeError(5, 4).message).toBe('Received message larger than max (5 vs 4)');
  });
});
