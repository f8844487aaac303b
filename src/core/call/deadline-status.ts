import { status as grpcStatus, type StatusObject } from '@grpc/grpc-js';

/**
 * A server that gives up at the deadline resets the stream (grpc-go does), which grpc-js reports as CANCELLED when the
 * reset wins the race with its own timer; past the deadline and not cancelled here, it is DEADLINE_EXCEEDED.
 * `deadline` is the Date.now() time the call had to end by, undefined without one.
 */
export function deadlineAware(
  received: StatusObject,
  call: { deadline: number | undefined; deadlineMs: number | undefined; cancelledHere: boolean },
): StatusObject {
  const expired = call.deadline !== undefined && Date.now() >= call.deadline;
  if (received.code !== grpcStatus.CANCELLED || call.cancelledHere || !expired) return received;
  return {
    ...received,
    code: grpcStatus.DEADLINE_EXCEEDED,
    details: `Deadline exceeded after ${(call.deadlineMs ?? 0) / 1000}s (the server reset the stream)`,
  };
}
