// The seam's types only: createCallChannel lives in create-call-channel.ts, so WebChannel can import them without a cycle.
import type {
  connectivityState as ConnectivityState,
  Metadata,
  StatusObject,
  status as grpcStatus,
} from '@grpc/grpc-js';
import type { MethodKind } from '../../shared/schema';

/** A call's final status; gRPC-Web and Connect add how the HTTP exchange went. */
export type ChannelStatus = StatusObject & {
  /** The HTTP status of a response that failed at the HTTP level (no gRPC or Connect status in it). */
  httpStatus?: number;
  /** The HTTP version the call used, when a connection was made. */
  httpVersion?: '1.1' | '2';
};

/** What a call tells its caller, in order: headers, messages (one per `startRead`), then exactly one status. */
export interface ChannelCallListener {
  onReceiveMetadata(metadata: Metadata): void;
  onReceiveMessage(message: Buffer): void;
  onReceiveStatus(status: ChannelStatus): void;
}

/** grpc-js's channel call below its stubs: bytes in and out, one message per `startRead`, no Node stream. */
export interface ChannelCall {
  start(metadata: Metadata, listener: ChannelCallListener): void;
  /** `callback` runs once the message is handed to the connection; the next message waits for it. */
  sendMessageWithContext(context: { callback?: () => void }, message: Buffer): void;
  startRead(): void;
  halfClose(): void;
  cancelWithStatus(code: grpcStatus, details: string): void;
}

/**
 * The part of grpc-js's Channel the call session, the channel pool and the load sender use; a grpc-js Channel is one
 * as it is. `kind` comes last so grpc-js's own signature still fits: only the web protocols read it (Connect sends a
 * unary call as a plain POST, and HTTP/1.1 cannot carry client or bidi streams).
 */
export interface CallChannel {
  createCall(
    method: string,
    deadline: number,
    host: undefined,
    parentCall: null,
    propagateFlags: undefined,
    kind: MethodKind,
  ): ChannelCall;
  getConnectivityState(tryToConnect: boolean): ConnectivityState;
  /** As grpc-js: `callback` runs once the state leaves `currentState`, or with an error once `deadline` passed. */
  watchConnectivityState(
    currentState: ConnectivityState,
    deadline: number,
    callback: (error?: Error) => void,
  ): void;
  close(): void;
}
