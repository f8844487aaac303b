import * as grpc from '@grpc/grpc-js';
import { Buffer } from 'node:buffer';
import { unaryCallPath } from './fixed-answer';

/** One UnaryCall's response bytes from `address`, through grpc-js with no codec in the way. */
export function answerOf(address: string, request: Uint8Array): Promise<Buffer> {
  const client = new grpc.Client(address, grpc.credentials.createInsecure());
  const identity = (bytes: Buffer): Buffer => bytes;
  return new Promise<Buffer>((resolve, reject) =>
    client.makeUnaryRequest(unaryCallPath, identity, identity, Buffer.from(request), (error, reply) =>
      error || !reply ? reject(error ?? new Error('no reply')) : resolve(reply),
    ),
  ).finally(() => client.close());
}

/** Refuses to compare servers that do not send the same bytes for the benchmark's request. */
export async function assertSameAnswer(mock: string, reference: string, request: Uint8Array): Promise<void> {
  const [ours, theirs] = await Promise.all([answerOf(mock, request), answerOf(reference, request)]);
  if (!ours.equals(theirs))
    throw new Error(`the mock answered ${ours.toString('hex')}, the reference ${theirs.toString('hex')}`);
}
