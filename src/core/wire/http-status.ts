/**
 * gRPC's rules over HTTP that every sender shares (web calls, the load engine's HTTP/2 sender): HTTP status, trailers
 * and RST_STREAM codes → status, and the grpc-timeout header.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { constants as h2 } from 'node:http2';
import { status as grpcStatus } from '@grpc/grpc-js';

/** A call's end as the gRPC wire tells it: code and message. */
export interface WireStatus {
  code: number;
  details: string;
}

/** A stream that closed without a status: its RST_STREAM code as grpc-js reports it. */
export function resetStatus(rstCode: number, httpStatus: number | undefined): WireStatus {
  switch (rstCode) {
    case h2.NGHTTP2_NO_ERROR:
      return httpStatus !== undefined && httpStatus !== 200
        ? httpStatusToGrpc(httpStatus)
        : {
            code: grpcStatus.INTERNAL,
            details: `Received RST_STREAM with code 0 (Call ended without gRPC status)`,
          };
    case h2.NGHTTP2_REFUSED_STREAM:
      return { code: grpcStatus.UNAVAILABLE, details: 'Stream refused by server' };
    case h2.NGHTTP2_CANCEL:
      return { code: grpcStatus.CANCELLED, details: 'Call cancelled' };
    case h2.NGHTTP2_ENHANCE_YOUR_CALM:
      return { code: grpcStatus.RESOURCE_EXHAUSTED, details: 'Bandwidth exhausted or memory limit exceeded' };
    case h2.NGHTTP2_INADEQUATE_SECURITY:
      return { code: grpcStatus.PERMISSION_DENIED, details: 'Protocol not secure enough' };
    case h2.NGHTTP2_INTERNAL_ERROR:
      return {
        code: grpcStatus.INTERNAL,
        details: `Received RST_STREAM with code ${rstCode} (Internal server error)`,
      };
    default:
      return { code: grpcStatus.INTERNAL, details: `Received RST_STREAM with code ${rstCode}` };
  }
}

/**
 * The gRPC code for an HTTP status that came without grpc-status (or a Connect error), as grpc-js 1.14 maps it and the
 * Connect spec repeats: https://github.com/grpc/grpc/blob/master/doc/http-grpc-status-mapping.md. The message is
 * grpc-js's, so the engine explains it the same way for every protocol.
 */
export function httpStatusToGrpc(httpStatus: number): WireStatus {
  const code =
    httpStatus === 400
      ? grpcStatus.INTERNAL
      : httpStatus === 401
        ? grpcStatus.UNAUTHENTICATED
        : httpStatus === 403
          ? grpcStatus.PERMISSION_DENIED
          : httpStatus === 404
            ? grpcStatus.UNIMPLEMENTED
            : [429, 502, 503, 504].includes(httpStatus)
              ? grpcStatus.UNAVAILABLE
              : grpcStatus.UNKNOWN;
  return { code, details: `Received HTTP status code ${httpStatus}` };
}

/** The status trailers (or a trailers-only response's headers) carry, by grpc-js's rules when grpc-status is missing. */
export function trailerStatus(trailers: IncomingHttpHeaders, httpStatus: number): WireStatus {
  const code = trailers['grpc-status'];
  if (typeof code !== 'string') return httpStatusToGrpc(httpStatus);
  const message = trailers['grpc-message'];
  return { code: Number(code), details: typeof message === 'string' ? percentDecoded(message) : '' };
}

/**
 * grpc-message is percent-encoded (the spec: bytes outside 0x20-0x7E and `%`); decoded as grpc-js does (decodeURI,
 * the raw text when it is not valid percent-encoded UTF-8).
 */
function percentDecoded(message: string): string {
  try {
    return decodeURI(message);
  } catch {
    return message;
  }
}

/** The grpc-timeout header for `ms`: at most 8 digits, in the smallest unit that fits (as grpc-js writes it). */
export function grpcTimeout(ms: number): string {
  for (const [unit, factor] of [
    ['m', 1],
    ['S', 1000],
    ['M', 60_000],
  ] as const) {
    if (ms / factor < 1e8) return `${Math.ceil(ms / factor)}${unit}`;
  }
  return `${Math.ceil(ms / 3_600_000)}H`;
}
