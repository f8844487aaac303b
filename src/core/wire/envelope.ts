/**
 * The 5-byte prefix gRPC-Web and Connect put before every message: one flags byte, then the length (big-endian).
 * gRPC-Web: https://github.com/grpc/grpc/blob/master/doc/PROTOCOL-WEB.md; Connect: https://connectrpc.com/docs/protocol.
 */

/** The message is compressed with the exchange's encoding. */
export const compressedFlag = 0x01;
/** Connect streams: the last envelope, holding the end-of-stream JSON. */
export const connectEndStreamFlag = 0x02;
/** gRPC-Web: the last envelope, holding the trailers as an HTTP/1 header block. */
export const grpcWebTrailersFlag = 0x80;

/** One envelope: its flags and its body (still compressed when the flag says so). */
export interface Envelope {
  flags: number;
  data: Uint8Array;
}

/** An envelope announced a body over the size limit; nothing of it was read. */
export class EnvelopeSizeError extends Error {
  constructor(
    readonly size: number,
    readonly limit: number,
  ) {
    super(`Received message larger than max (${size} vs ${limit})`);
  }
}

/** Prefixes `data` with its flags and length. */
export function writeEnvelope(flags: number, data: Uint8Array): Buffer {
  const frame = Buffer.allocUnsafe(data.byteLength + 5);
  frame.writeUInt8(flags, 0);
  frame.writeUInt32BE(data.byteLength, 1);
  frame.set(data, 5);
  return frame;
}

/** Reads envelopes from body chunks split anywhere (inside the prefix too). */
export class EnvelopeReader {
  private readonly prefix = Buffer.alloc(5);
  private prefixRead = 0;
  private body?: Buffer;
  private bodyRead = 0;

  /** `maxBytes` bounds each body, as grpc-js bounds received messages. */
  constructor(private readonly maxBytes: number) {}

  /** Whether an envelope has begun and not ended: a body that stops here is cut short. */
  get partial(): boolean {
    return this.prefixRead > 0 || this.body !== undefined;
  }

  /** The envelopes `chunk` completes, in order; throws EnvelopeSizeError for one over the limit. */
  push(chunk: Uint8Array): Envelope[] {
    const done: Envelope[] = [];
    let at = 0;
    while (at < chunk.byteLength) {
      if (this.body === undefined) {
        const take = Math.min(5 - this.prefixRead, chunk.byteLength - at);
        this.prefix.set(chunk.subarray(at, at + take), this.prefixRead);
        this.prefixRead += take;
        at += take;
        if (this.prefixRead < 5) break;
        const size = this.prefix.readUInt32BE(1);
        if (size > this.maxBytes) throw new EnvelopeSizeError(size, this.maxBytes);
        this.body = Buffer.allocUnsafe(size);
        this.bodyRead = 0;
      }
      const take = Math.min(this.body.byteLength - this.bodyRead, chunk.byteLength - at);
      this.body.set(chunk.subarray(at, at + take), this.bodyRead);
      this.bodyRead += take;
      at += take;
      if (this.bodyRead === this.body.byteLength) {
        done.push({ flags: this.prefix.readUInt8(0), data: this.body });
        this.body = undefined;
        this.prefixRead = 0;
      }
    }
    return done;
  }
}
