import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';

/**
 * One HTTP request and its response, the same for HTTP/2 streams and HTTP/1.1 requests, so each protocol (gRPC,
 * gRPC-Web, Connect) is written once against it.
 */
export interface Exchange {
  readonly httpVersion: '1.1' | '2';
  /** GET, POST, OPTIONS… */
  readonly method: string;
  /** The path without its query. */
  readonly path: string;
  /** The query after `?`, or ''. */
  readonly query: string;
  /** Lower-case request headers (pseudo-headers included for HTTP/2). */
  readonly headers: IncomingHttpHeaders;
  /** The request body: its 'data' and 'end' events. */
  readonly body: Readable;
  /** Whether the response can still be written: not ended, and the client has not gone. */
  readonly open: boolean;
  /** Headers every response of this exchange carries (CORS), set before it responds. */
  addHeaders(headers: OutgoingHttpHeaders): void;
  /** Sends the status and headers; `trailers` announces HTTP trailers at the end (HTTP/2). */
  respond(status: number, headers: OutgoingHttpHeaders, trailers: boolean): void;
  /** Sends the status, headers and the whole body (none: no body), ending the response. */
  respondWhole(status: number, headers: OutgoingHttpHeaders, body?: Uint8Array | string): void;
  /** Writes body bytes; false when the client should drain them first. */
  write(chunk: Uint8Array): boolean;
  /** Resolves when the body can take more, or the exchange closed. */
  whenDrained(): Promise<void>;
  /** Ends the response after `last` (if any), with the trailers respond() announced. */
  end(last?: Uint8Array, trailers?: OutgoingHttpHeaders): void;
  /** Stops the exchange at once (RST_STREAM, or closing the HTTP/1.1 connection). */
  destroy(): void;
  /** Called once when the exchange closes before its response ended: the client cancelled or went away. */
  onAbort?: () => void;
}
