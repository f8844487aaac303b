import { status as grpcStatus, type Metadata, type StatusObject } from '@grpc/grpc-js';
import type { MockCall, MockMetadata, MockReply, MockStatus } from '../handler';
import { fromGrpcMetadata, toGrpcMetadata } from './passed-metadata';
import { rpcStatusDetails } from '../../wire/rpc-status';
import type { UpstreamClient } from './upstream-client';

/** One call as it went through: what the client sent and what the upstream answered. */
export interface Exchange {
  requests: Uint8Array[];
  headers: MockMetadata;
  responses: Uint8Array[];
  status: MockStatus;
  /** The upstream's `grpc-status-details-bin`, for the rule's readable details. */
  statusDetailsBytes?: Uint8Array;
  trailers: MockMetadata;
  /** False when the upstream never answered (unreachable) or the client cancelled: nothing worth replaying. */
  answered: boolean;
}

const toBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const asIs = (bytes: Buffer): Buffer => bytes;

/**
 * Passes one call of any kind to the upstream and its answer back, byte for byte: gRPC's wire format is the same for
 * the four kinds (a unary call is a stream of one message each way), so every call goes as a bidi stream.
 */
export async function forwardCall(
  upstream: UpstreamClient,
  call: MockCall,
  reply: MockReply,
): Promise<Exchange> {
  const path = `/${call.method.parent.typeName}/${call.method.name}`;
  const metadata = toGrpcMetadata(call.metadata);
  try {
    for (const { key, value } of (await upstream.credentials?.()) ?? []) metadata.set(key, value);
  } catch (error) {
    // Nothing reached the upstream: the client hears why, and nothing is recorded.
    const status = {
      code: grpcStatus.UNAUTHENTICATED,
      message: `Record mode has no credential for the upstream ${upstream.display}: ${(error as Error).message}`,
    };
    reply.finish(status);
    return { requests: [], headers: {}, responses: [], status, trailers: {}, answered: false };
  }
  const stream = upstream.client.makeBidiStreamRequest(path, toBuffer, asIs, metadata);
  const requests: Uint8Array[] = [];
  const responses: Uint8Array[] = [];
  let headers: MockMetadata | undefined;
  const cancel = () => stream.cancel();
  call.signal.addEventListener('abort', cancel, { once: true });
  const status = new Promise<StatusObject>((resolve) => stream.once('status', resolve));
  // grpc-js emits the status as soon as it arrives, before buffered messages: 'end' says they have all been read.
  const ended = new Promise<void>((resolve) => stream.once('end', resolve));
  stream.on('error', () => undefined); // the status event carries the error
  stream.on('metadata', (metadata: Metadata) => {
    headers = fromGrpcMetadata(metadata);
    reply.sendHeaders(headers);
  });
  let sending = Promise.resolve();
  stream.on('data', (message: Buffer) => {
    responses.push(message);
    // The upstream waits while the client is slow to read (HTTP/2 flow control does the rest).
    stream.pause();
    sending = sending
      .then(() => reply.sendMessage(message))
      .catch(() => undefined)
      .then(() => void stream.resume());
  });
  void sendRequests(call, stream, requests, status);
  const received = await status;
  await ended;
  await sending;
  call.signal.removeEventListener('abort', cancel);
  const detailsBytes = received.metadata.get('grpc-status-details-bin')[0];
  const unreachable = received.code === grpcStatus.UNAVAILABLE && headers === undefined;
  const finished: MockStatus = unreachable
    ? { code: received.code, message: `The upstream ${upstream.display} is unavailable: ${received.details}` }
    : {
        code: received.code,
        message: received.details,
        ...(typeof detailsBytes === 'object' ? { details: rpcStatusDetails(detailsBytes) } : {}),
      };
  const trailers = fromGrpcMetadata(received.metadata);
  reply.finish(finished, trailers);
  return {
    requests,
    headers: headers ?? {},
    responses,
    status: finished,
    ...(typeof detailsBytes === 'object' ? { statusDetailsBytes: detailsBytes } : {}),
    trailers,
    answered: !unreachable && !call.signal.aborted,
  };
}

/** Sends the client's messages on as they arrive, then half-closes; stops when the upstream has ended the call. */
async function sendRequests(
  call: MockCall,
  stream: {
    write(message: Uint8Array): boolean;
    end(): void;
    once(event: 'drain', listener: () => void): unknown;
  },
  requests: Uint8Array[],
  status: Promise<StatusObject>,
): Promise<void> {
  let over = false;
  void status.then(() => (over = true));
  try {
    for await (const message of call.requests) {
      if (over) return;
      requests.push(message);
      if (!stream.write(message)) {
        await Promise.race([new Promise<void>((resolve) => stream.once('drain', resolve)), status]);
      }
    }
    if (!over) stream.end();
  } catch {
    // The client went away: the abort signal cancels the upstream call.
  }
}
