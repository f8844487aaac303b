/** The call half of the contract between the UI and the engine: starting calls, and the events they produce. */
import type { MetadataEntry, MethodKind, TlsSettings } from './schema';

/**
 * Deadlines, timeouts and intervals are 1 ms to 2^31 - 1 ms (about 24.8 days, 596 h): Node's timers cannot wait longer
 * (a longer delay fires at once), and grpc-js refuses deadlines further out.
 */
export const maxDurationMs = 2 ** 31 - 1;

/** How long a request of a workspace run (`protodesk run`) without its own deadline may take. */
export const defaultRunDeadlineMs = 30_000;

/** Every protocol, in the order menus list them. */
export const callProtocols = ['grpc', 'grpc-web', 'grpc-web-text', 'connect'] as const;

/**
 * The wire protocol of a call: gRPC over HTTP/2 (the default), gRPC-Web binary (`application/grpc-web+proto`) or text
 * (`application/grpc-web-text`, base64), or the Connect protocol (unary as a plain POST of `application/proto`, streams
 * as `application/connect+proto`).
 */
export type CallProtocol = (typeof callProtocols)[number];

/** Per-call and per-channel settings; every field is optional and has a documented default. */
export interface CallOptions {
  /** Milliseconds from start until the call fails with DEADLINE_EXCEEDED; none when absent. */
  deadlineMs?: number;
  /** Largest request the client sends, in bytes; default 64 MiB. */
  maxSendMessageBytes?: number;
  /** Largest response the client accepts, in bytes; default 64 MiB (grpc-js's own default, 4 MiB, rejects common large responses). */
  maxReceiveMessageBytes?: number;
  /** Send HTTP/2 keepalive pings this often (ms); off when absent. */
  keepaliveTimeMs?: number;
  /** How long to wait for a keepalive ping's answer (ms); grpc-js default 20 s. */
  keepaliveTimeoutMs?: number;
  /** Compress requests with gzip (responses are always accepted compressed). */
  gzip?: boolean;
  /** Overrides the `:authority` header (and, with TLS and no server name, nothing else). */
  authority?: string;
  /** Prepended to grpc-js's own user agent. */
  userAgent?: string;
  /**
   * gRPC-Web and Connect in plaintext: speak HTTP/2 with prior knowledge (h2c) instead of HTTP/1.1. Over TLS, ALPN
   * decides and this is ignored; gRPC always uses HTTP/2.
   */
  http2?: boolean;
  /** Print response fields that hold their default value. */
  emitDefaults?: boolean;
  /** Print .proto field names instead of lowerCamelCase JSON names. */
  protoFieldNames?: boolean;
}

/** Everything needed to start a call; the schema that knows the method is passed alongside. */
export interface CallRequest {
  /** `host:port`, `[::1]:port`, `dns:///host:port`, `unix:///path`, `grpc://host:port` or `grpcs://host:port`. */
  target: string;
  tls: TlsSettings;
  /** `package.Service/Method` (also `/package.Service/Method` or `package.Service.Method`). */
  method: string;
  metadata: MetadataEntry[];
  /**
   * Request messages as JSON text. Unary and server-streaming calls need exactly one; client-streaming and bidi calls
   * send these first and take more through `send` until `end`.
   */
  requests: string[];
  /** Absent means `grpc`. */
  protocol?: CallProtocol;
  options?: CallOptions;
}

/** A gRPC status as received (or produced client-side for deadlines, cancels and connection failures). */
export interface CallStatus {
  code: number;
  /** Upper-case name, e.g. `OK`, `DEADLINE_EXCEEDED`. */
  name: string;
  message: string;
  /** `grpc-status-details-bin` decoded as google.rpc.Status, its `Any` details decoded, as canonical JSON text. */
  details?: string;
  /** Why `grpc-status-details-bin` could not be decoded, when it was present but unreadable. */
  detailsProblem?: string;
  /** What to do about a failure, when there is something obvious (connection and TLS failures). */
  hint?: string;
  /** The library's own words when `message` rephrases them (grpc-js's deadline and reset texts), for bug reports. */
  technical?: string;
  /** gRPC-Web and Connect: the HTTP status of a response that failed at the HTTP level (e.g. 404), shown beside the code. */
  httpStatus?: number;
}

/** How long each step of a call took, in ms since the call started, and what it moved. */
export interface CallTimings {
  /** When the channel was ready: 0 when an open channel was reused. Absent when it never became ready. */
  channelReadyMs?: number;
  headersMs?: number;
  firstMessageMs?: number;
  totalMs: number;
  messagesSent: number;
  messagesReceived: number;
  /** Serialized protobuf bytes of all requests / responses (before compression and gRPC framing). */
  bytesSent: number;
  bytesReceived: number;
}

/** What happens during a call, in order: headers, messages (both ways), trailers, then exactly one status. */
export type CallEvent =
  | { type: 'headers'; metadata: MetadataEntry[]; atMs: number }
  | { type: 'sent'; index: number; size: number; atMs: number }
  | { type: 'message'; index: number; size: number; atMs: number; json: string }
  | { type: 'trailers'; metadata: MetadataEntry[]; atMs: number }
  | {
      type: 'status';
      status: CallStatus;
      timings: CallTimings;
      insecure: boolean;
      /** gRPC-Web and Connect: the HTTP version the call used, when a connection was made. */
      httpVersion?: '1.1' | '2';
    };

/** What a started call offers: its kind, and the commands that stream requests or stop it. */
export interface CallControl {
  readonly kind: MethodKind;
  /** Sends one more request (client-streaming and bidi only); throws on bad JSON, nothing is sent then. */
  send(json: string): void;
  /** Half-closes: no more requests. */
  end(): void;
  /** Cancels the call; a CANCELLED status follows. */
  cancel(): void;
}
