import type { StatusObject } from '@grpc/grpc-js';
import { grpcStatusName } from '../../shared/grpc-status';
import type { MethodKind } from '../../shared/schema';
import { cardinalityFailure } from './cardinality';
import { validCode } from './call-status';
import { deadlineAware } from './deadline-status';

/**
 * How a load test's call ended, by the call engine's rules whichever sender carried it (the load engine's grpc-js and
 * node:http2 senders, which run no CallSession): a code outside gRPC's 17 is
 * UNKNOWN, a server's reset past the deadline is DEADLINE_EXCEEDED, a unary answer without exactly one message is
 * INTERNAL.
 */
export function outcomeStatus(
  received: StatusObject,
  call: {
    kind: MethodKind;
    messages: number;
    deadline: number | undefined;
    deadlineMs: number | undefined;
    cancelledHere: boolean;
  },
): { status: string; message: string } {
  const valid = { ...received, ...validCode(received) };
  const { code, details } = deadlineAware(valid, call);
  const broken = cardinalityFailure(call.kind, code, call.messages);
  return { status: broken?.name ?? grpcStatusName(code), message: broken?.message ?? details };
}
