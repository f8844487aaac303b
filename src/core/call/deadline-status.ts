import { status as grpcStatus, type StatusObject } from '@grpc/grpc-js';

/** A status whose message Protodesk rephrased, with the library's own words kept for bug reports. */
export type Rephrased<S> = S & { technical?: string };

/** grpc-js's (and the web engine's) own deadline text: `Deadline exceeded after 0.701s,LB pick: 0.001s,remote_addr=…`. */
const libraryDeadline = /^Deadline exceeded after /;

/** "0.7 s", "30 s", "1.5 s": the deadline as the user set it, in seconds. */
function secondsText(ms: number): string {
  const seconds = ms >= 1000 ? Math.round(ms / 100) / 10 : ms / 1000;
  return `${seconds} s`;
}

/** The sentence for a call that ran out of time, with the deadline the user set when there was one. */
export function deadlineMessage(deadlineMs: number | undefined, how = ''): string {
  const within =
    deadlineMs === undefined ? 'before the deadline' : `within the ${secondsText(deadlineMs)} deadline`;
  return `No response ${within}${how}.`;
}

/**
 * A call's end at its deadline in Protodesk's words. A server that gives up at the deadline resets the stream (grpc-go
 * does), which grpc-js reports as CANCELLED when the reset wins the race with its own timer; past the deadline and not
 * cancelled here, it is DEADLINE_EXCEEDED. grpc-js's own text (elapsed time, LB pick, remote address) is kept as
 * `technical`; a DEADLINE_EXCEEDED the server sent with its own message keeps that message.
 * `deadline` is the Date.now() time the call had to end by, undefined without one.
 */
export function deadlineAware<S extends StatusObject>(
  received: S,
  call: { deadline: number | undefined; deadlineMs: number | undefined; cancelledHere: boolean },
): Rephrased<S> {
  const expired = call.deadline !== undefined && Date.now() >= call.deadline;
  if (received.code === grpcStatus.CANCELLED && !call.cancelledHere && expired) {
    return {
      ...received,
      code: grpcStatus.DEADLINE_EXCEEDED,
      details: deadlineMessage(call.deadlineMs, ' (the server reset the stream at the deadline)'),
      technical: received.details,
    };
  }
  if (received.code === grpcStatus.DEADLINE_EXCEEDED && libraryDeadline.test(received.details)) {
    return { ...received, details: deadlineMessage(call.deadlineMs), technical: received.details };
  }
  return received;
}
