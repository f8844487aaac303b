import type { DescMethod } from '@bufbuild/protobuf';
import type { MockProtocol } from '../../shared/mock';
import type { AnyBytes } from '../wire/rpc-status';

/** Metadata as it travels: lower-case names, each with its values in order (`-bin` values as raw bytes' base64). */
export type MockMetadata = Record<string, string[]>;

/** A `google.protobuf.Any` detail of an error status, already encoded. */
export type MockStatusDetail = AnyBytes;

/** The status a call ends with: a gRPC code number, its message and typed details (google.rpc.Status.details). */
export interface MockStatus {
  code: number;
  message: string;
  details?: MockStatusDetail[];
}

/** One call as the server hands it to a handler, the same for gRPC, gRPC-Web and Connect. */
export interface MockCall {
  method: DescMethod;
  protocol: MockProtocol;
  /** Request metadata without HTTP's and gRPC's own headers (pseudo-headers, content-type, te, grpc-*). */
  metadata: MockMetadata;
  /** The request messages, protobuf binary, ending when the client half-closes. */
  requests: AsyncIterable<Uint8Array>;
  /** Aborted when the client cancels, the connection drops, the deadline passes or the server stops. */
  signal: AbortSignal;
}

/** How a handler answers: headers (optional), messages, then exactly one finish. */
export interface MockReply {
  /** Response headers; sent at the latest with the first message or the finish. Call at most once. */
  sendHeaders(headers: MockMetadata): void;
  /** Sends one response message (protobuf binary); resolves when the transport can take the next one. */
  sendMessage(bytes: Uint8Array): Promise<void>;
  /** Ends the call with a status and trailers. Later calls of any method are ignored. */
  finish(status: MockStatus, trailers?: MockMetadata): void;
}

/** Answers every call for a method of the served schema; the server itself answers reflection, health and unknowns. */
export type MockHandler = (call: MockCall, reply: MockReply) => Promise<void>;
