import { status as grpcStatus, type StatusObject } from '@grpc/grpc-js';
import type { Registry } from '@bufbuild/protobuf';
import type { CallStatus } from '../../shared/call';
import type { JsonOptions } from '../schema/json';
import { connectionFailure, type AttemptContext } from '../connection/failure';
import { sizeLimitHint } from './size-limits';
import { decodeStatusDetails } from './status-details';

/** What shaping a status needs to know about the call it ended. */
export interface StatusContext extends AttemptContext {
  registry: Registry;
  /** How the call prints JSON; details print the same way as responses. */
  json: JsonOptions;
  /** Whether response headers arrived: after that, UNAVAILABLE is the server's word, not a failed connection. */
  sawHeaders: boolean;
}

/** The upper-case name of a status code, e.g. 4 → DEADLINE_EXCEEDED. */
export function statusName(code: number): string {
  return grpcStatus[code] ?? `CODE_${code}`;
}

/** Turns grpc-js's final status into the contract's: named, connection failures explained, rich details decoded. */
export function callStatus(received: StatusObject, context: StatusContext): CallStatus {
  const { code, details } = received;
  const result: CallStatus = { code, name: statusName(code), message: details };
  if (
    code === grpcStatus.UNAVAILABLE &&
    !context.sawHeaders &&
    /Last error:|No connection established/.test(details)
  ) {
    const problem = connectionFailure(details, context);
    result.message = problem.message;
    if (problem.hint) result.hint = problem.hint;
  } else {
    const hint = hintFor(code, details, context.sawHeaders);
    if (hint) result.hint = hint;
  }
  const detailBytes = received.metadata.get('grpc-status-details-bin')[0];
  if (detailBytes instanceof Buffer)
    Object.assign(result, decodeStatusDetails(context.registry, detailBytes, context.json));
  return result;
}

/** Advice for statuses grpc-js produces on the client side. */
function hintFor(code: number, details: string, sawHeaders: boolean): string | undefined {
  if (code === grpcStatus.DEADLINE_EXCEEDED)
    return 'The deadline passed before the call finished: raise the deadline, or check why the server is slow.';
  if (code === grpcStatus.RESOURCE_EXHAUSTED) return sizeLimitHint(details, sawHeaders);
  return undefined;
}
