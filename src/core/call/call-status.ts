import { status as grpcStatus, type StatusObject } from '@grpc/grpc-js';
import type { ChannelStatus } from './call-channel';
import type { Registry } from '@bufbuild/protobuf';
import type { CallStatus } from '../../shared/call';
import { grpcStatusName } from '../../shared/grpc-status';
import type { JsonOptions } from '../schema/json';
import { connectionFailure, type AttemptContext } from '../connection/failure';
import type { Rephrased } from './deadline-status';
import { serverReset } from './reset-status';
import { sizeLimitHint } from './size-limits';
import { decodeStatusDetails } from './status-details';

/** What shaping a status needs to know about the call it ended. */
export interface StatusContext extends AttemptContext {
  registry: Registry;
  /** How the call prints JSON; details print the same way as responses. */
  json: JsonOptions;
  /** Whether response headers arrived: after that, UNAVAILABLE is the server's word, not a failed connection. */
  sawHeaders: boolean;
  /** Whether the user cancelled the call: otherwise a CANCELLED came from the server's reset. */
  cancelledHere: boolean;
}

/** Turns grpc-js's final status into the contract's: named, connection failures explained, rich details decoded. */
export function callStatus(
  received: Rephrased<ChannelStatus & { rstCode?: number }>,
  context: StatusContext,
): CallStatus {
  const { code, details } = validCode(received);
  const result: CallStatus = { code, name: grpcStatusName(code), message: details };
  if (received.technical !== undefined) result.technical = received.technical;
  if (received.httpStatus !== undefined) result.httpStatus = received.httpStatus;
  const reset = serverReset({ ...received, code, details }, context.cancelledHere);
  if (
    code === grpcStatus.UNAVAILABLE &&
    !context.sawHeaders &&
    /Last error:|No connection established|^Name resolution failed/.test(details)
  ) {
    const problem = connectionFailure(details, context);
    result.message = problem.message;
    if (problem.hint) result.hint = problem.hint;
    if (problem.technical) result.technical = problem.technical;
  } else if (reset) {
    result.message = reset.message;
    if (reset.hint) result.hint = reset.hint;
    result.technical = details;
  } else {
    const hint =
      received.httpStatus === undefined
        ? hintFor(code, details, context.sawHeaders)
        : webHttpHint(received.httpStatus);
    if (hint) result.hint = hint;
  }
  const detailBytes = received.metadata.get('grpc-status-details-bin')[0];
  if (detailBytes instanceof Buffer)
    Object.assign(result, decodeStatusDetails(context.registry, detailBytes, context.json));
  return result;
}

/**
 * grpc-js hands on whatever grpc-status the server sent (`abc` arrives as NaN, `99` as 99); the gRPC spec says a client
 * treats a code that is not one of the 17 as UNKNOWN. A code grpc-js leaves undefined comes from its compression filter
 * rejecting a response with a bare Error (compressed flag set, but grpc-encoding missing or one it cannot decode).
 */
export function validCode(received: StatusObject): Pick<StatusObject, 'code' | 'details'> {
  const { code, details } = received;
  if (code === undefined) {
    return {
      code: grpcStatus.INTERNAL,
      details:
        'The server sent a compressed response that cannot be decompressed: its grpc-encoding header is missing or names an encoding other than gzip or deflate.',
    };
  }
  if (Number.isInteger(code) && code >= 0 && code <= 16) return received;
  const sent = Number.isNaN(code)
    ? 'a grpc-status that is not a number'
    : `grpc-status ${code}, which is not a gRPC status code (0 to 16)`;
  const said = details ? ` Its message: ${details}` : '';
  return {
    code: grpcStatus.UNKNOWN,
    details: `The server sent ${sent}; read as UNKNOWN, as the gRPC spec says.${said}`,
  };
}

/** Advice for a gRPC-Web or Connect response that failed at the HTTP level. */
function webHttpHint(httpStatus: number): string {
  if (httpStatus === 404) {
    return "Nothing answers this method's path (HTTP 404): check the method and the target's path prefix, or whether the server offers this protocol there.";
  }
  return `The response carried no status of the call's protocol (HTTP ${httpStatus}): the server may not speak it at this address, or a proxy in front of it answered.`;
}

/** Advice for statuses grpc-js produces on the client side. */
function hintFor(code: number, details: string, sawHeaders: boolean): string | undefined {
  if (code === grpcStatus.DEADLINE_EXCEEDED)
    return 'The deadline passed before the call finished: raise the deadline, or check why the server is slow.';
  if (code === grpcStatus.RESOURCE_EXHAUSTED) return sizeLimitHint(details, sawHeaders);
  if (/Call ended without (gRPC |a )?status/.test(details)) {
    // Connect ends a stream with its own end-of-stream message, not gRPC trailers: name what is missing.
    const missing = /Connect stream/.test(details)
      ? "Connect's end-of-stream message"
      : 'a gRPC status (trailers)';
    return `The server ended the stream without ${missing}: it may have failed mid-response, or a proxy cut the stream.`;
  }
  const http = /^Received HTTP status code (\d+)$/.exec(details);
  if (http) {
    return `The response carried no grpc-status (HTTP ${http[1]}): the server may not speak gRPC, or a proxy in front of it answered.`;
  }
  return undefined;
}
