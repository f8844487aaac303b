import { status as grpcStatus } from '@grpc/grpc-js';
import { grpcStatusName } from '../../shared/grpc-status';
import type { CallStatus } from '../../shared/call';
import type { MethodKind } from '../../shared/schema';

/**
 * Unary and client-streaming calls must answer OK with exactly one message (grpc-js's own stubs fail them otherwise):
 * the INTERNAL status such a call ends with instead, or undefined when the call kept the rule.
 */
export function cardinalityFailure(kind: MethodKind, code: number, received: number): CallStatus | undefined {
  const single = kind === 'unary' || kind === 'client_stream';
  if (!single || code !== grpcStatus.OK || received === 1) return undefined;
  return {
    code: grpcStatus.INTERNAL,
    name: grpcStatusName(grpcStatus.INTERNAL),
    message: `The server ended a ${kind.replace('_', '-')} call with OK after ${received} responses; exactly one is required.`,
    hint: 'This is a server bug (or the schema marks a streaming method as unary).',
  };
}
