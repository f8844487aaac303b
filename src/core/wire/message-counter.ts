import { gunzipSync, inflateSync } from 'node:zlib';
import { status as grpcStatus } from '@grpc/grpc-js';
import type { WireStatus } from './http-status';

/**
 * Counts the length-prefixed messages of a response body across DATA chunks, never decoding them: their number and
 * bytes (decompressed, as grpc-js hands them over), or the status that ends the call when a message is unusable.
 */
export class MessageCounter {
  count = 0;
  bytes = 0;
  /** Header bytes of the message being read (a prefix can be split across chunks). */
  private readonly prefix = Buffer.alloc(5);
  private prefixRead = 0;
  /** Body bytes of the message being read (kept only when it must be decompressed). */
  private body: Buffer[] = [];
  private remaining = -1;
  private compressed = false;

  /** The response's grpc-encoding, once its headers arrived (Node can emit the first DATA before them). */
  encoding: string | undefined;

  constructor(private readonly maxBytes: number) {}

  /** Reads a chunk; answers the failure that ends the call, if any. */
  write(chunk: Buffer): WireStatus | undefined {
    let at = 0;
    while (at < chunk.byteLength) {
      if (this.remaining < 0) {
        const take = Math.min(5 - this.prefixRead, chunk.byteLength - at);
        chunk.copy(this.prefix, this.prefixRead, at, at + take);
        this.prefixRead += take;
        at += take;
        if (this.prefixRead < 5) return undefined;
        this.prefixRead = 0;
        this.compressed = this.prefix.readUInt8(0) === 1;
        this.remaining = this.prefix.readUInt32BE(1);
        if (this.remaining > this.maxBytes) {
          return {
            code: grpcStatus.RESOURCE_EXHAUSTED,
            details: `Received message larger than max (${this.remaining} vs ${this.maxBytes})`,
          };
        }
      }
      const take = Math.min(this.remaining, chunk.byteLength - at);
      if (this.compressed) this.body.push(chunk.subarray(at, at + take));
      at += take;
      this.remaining -= take;
      if (this.remaining === 0) {
        const failed = this.messageEnded();
        if (failed) return failed;
      }
    }
    return undefined;
  }

  private messageEnded(): WireStatus | undefined {
    this.remaining = -1;
    if (!this.compressed) {
      this.count += 1;
      this.bytes += this.prefix.readUInt32BE(1);
      return undefined;
    }
    const body = Buffer.concat(this.body);
    this.body = [];
    try {
      this.bytes += this.decompressedLength(body);
      this.count += 1;
      return undefined;
    } catch (error) {
      return { code: grpcStatus.INTERNAL, details: (error as Error).message };
    }
  }

  /** grpc-js's compression filter: gzip and deflate are read, identity (or none) must not flag a message. */
  private decompressedLength(body: Buffer): number {
    switch (this.encoding ?? 'identity') {
      case 'identity':
        throw new Error('Received compressed message but "grpc-encoding" header was identity');
      case 'gzip':
        return gunzipSync(body).byteLength;
      case 'deflate':
        return inflateSync(body).byteLength;
      default:
        throw new Error(`Compression method not supported: ${this.encoding}`);
    }
  }
}
