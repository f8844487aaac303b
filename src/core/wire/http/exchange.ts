import type { IncomingHttpHeaders } from 'node:http';

/** What the caller receives for one request: exactly one of `end` / `error`, once, and nothing after `cancel()`. */
export interface HttpResponseEvents {
  response(status: number, headers: IncomingHttpHeaders): void;
  data(chunk: Uint8Array): void;
  /** The body ended; HTTP/2 (or chunked HTTP/1.1) trailers, `{}` when none. */
  end(trailers: IncomingHttpHeaders): void;
  /** Connection refused, TLS failure, reset, socket closed before `end`: exactly one of end/error, once. */
  error(error: NodeJS.ErrnoException): void;
}

/** One POST in flight: its request body streams through `write`, its response through the events. */
export interface HttpExchange {
  /** `done` runs once the chunk is handed to the socket (backpressure: the caller writes the next one then). */
  write(chunk: Uint8Array, done: () => void): void;
  end(): void;
  /** Stops the exchange (HTTP/2 RST_STREAM CANCEL; HTTP/1.1 destroys that request's socket); no events after. */
  cancel(): void;
  pause(): void;
  resume(): void;
}

/** The request line and headers of one exchange (the method is always POST). */
export interface HttpRequestHead {
  path: string;
  headers: Record<string, string | string[]>;
}

/** Where exchanges run once a connection is up: an HTTP/2 session or a pool of HTTP/1.1 sockets. */
export interface HttpTransport {
  request(head: HttpRequestHead, events: HttpResponseEvents): HttpExchange;
  close(): void;
}
