import { gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import { status as grpcStatus } from '@grpc/grpc-js';
import { WebStatusError } from './web-status-error';

/** Compresses a request message or body (gzip, the one encoding every gRPC-Web and Connect server reads). */
export function gzip(data: Uint8Array): Buffer {
  return gzipSync(data);
}

/**
 * Decompresses a response message or body by its announced encoding, refusing one that grows past `maxBytes` with the
 * words grpc-js uses for the same limit.
 */
export function decompress(encoding: string | undefined, data: Uint8Array, maxBytes: number): Buffer {
  const name = (encoding ?? 'identity').trim().toLowerCase();
  try {
    if (name === 'gzip') return gunzipSync(data, { maxOutputLength: maxBytes });
    if (name === 'deflate') return inflateSync(data, { maxOutputLength: maxBytes });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new WebStatusError(
        grpcStatus.RESOURCE_EXHAUSTED,
        `Received message that decompresses to a size larger than ${maxBytes}`,
      );
    }
    throw new WebStatusError(
      grpcStatus.INTERNAL,
      `A compressed response does not decompress as ${name}: ${(error as Error).message}`,
    );
  }
  throw new WebStatusError(
    grpcStatus.INTERNAL,
    name === 'identity'
      ? 'The server sent a compressed response without naming its encoding.'
      : `The server sent a response compressed with ${name}, which is not supported (gzip and deflate are).`,
  );
}

/** A whole body by its content-encoding: as it is when none (or identity) is named. */
export function decodeContent(encoding: string | undefined, body: Buffer, maxBytes: number): Buffer {
  return encoding === undefined || encoding.trim().toLowerCase() === 'identity'
    ? body
    : decompress(encoding, body, maxBytes);
}
