import type { IncomingHttpHeaders } from 'node:http';
import { status as grpcStatus, type Metadata } from '@grpc/grpc-js';
import type { ChannelStatus } from '../call-channel';
import { headerValue } from './response-metadata';
import { httpStatusToGrpc } from '../../wire/http-status';
import { WebStatusError } from './web-status-error';

/** A response being read: by gRPC-Web's rules or Connect's (see grpc-web-response.ts, connect-response.ts). */
export interface ResponseBody {
  /** The response headers as metadata; none for a gRPC-Web trailers-only response (its headers are the trailers). */
  readonly headers?: Metadata;
  /** The messages the chunk completes; throws WebStatusError when the body cannot be read on. */
  data(chunk: Uint8Array): Buffer[];
  /** The call's status once the body ended (`trailers`: HTTP trailers, `{}` when none); throws WebStatusError. */
  end(trailers: IncomingHttpHeaders): BodyEnd;
}

/** How a body ended: the status, and a Connect unary call's message (it is the whole body). */
export interface BodyEnd {
  status: ChannelStatus;
  last?: Buffer;
}

/** What reading a response needs to know. */
export interface ResponseHead {
  httpStatus: number;
  headers: IncomingHttpHeaders;
  /** The largest message (and error body) accepted, in bytes. */
  maxBytes: number;
}

/** An HTTP error that carries no status of the protocol: the gRPC code its HTTP status implies. */
export function httpFailure(httpStatus: number): WebStatusError {
  const { code, details } = httpStatusToGrpc(httpStatus);
  return new WebStatusError(code, details, httpStatus);
}

/** Refuses a successful response whose content-type is not the protocol's: the path answered, but not in kind. */
export function checkContentType(head: ResponseHead, expected: string, protocol: string): void {
  const type = headerValue(head.headers, 'content-type') ?? '';
  if (type.toLowerCase().startsWith(expected)) return;
  throw new WebStatusError(
    grpcStatus.UNKNOWN,
    `The response is ${type ? `of type ${type}` : 'without a content-type'}, not ${expected}: the server at this address and path does not answer ${protocol}.`,
    head.httpStatus,
  );
}
