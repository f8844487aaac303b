import { createServer as createHttp1Server, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  createServer as createH2cServer,
  type Http2ServerRequest,
  type Http2ServerResponse,
} from 'node:http2';
import type { AddressInfo, Server, Socket } from 'node:net';
import type { IncomingHttpHeaders } from 'node:http';
import { HttpClient, type HttpExchange } from '../../../../src/core/wire/http/http-client';

/** A request handler for both kinds of server: HTTP/2's compatibility API has the same calls (cast at the server). */
export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A real server on 127.0.0.1 and the sockets it accepted. */
export interface TestServer {
  port: number;
  /** Every TCP connection the server accepted (TLS servers count their raw sockets too). */
  connections: Socket[];
  close: () => Promise<void>;
}

/**
 * The echo handler: answers 200 with `x-echo-path`, the request body back (chunked), and a trailer `x-body-bytes` with
 * the body's length, so tests see headers, data and trailers.
 */
export const echo: Handler = (request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks);
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'x-echo-path': request.url ?? '' });
    response.write(body);
    response.addTrailers({ 'x-body-bytes': String(body.length) });
    response.end();
  });
};

/** Starts `server` on a free loopback port, collecting its connections. */
export async function listen(server: Server): Promise<TestServer> {
  const connections: Socket[] = [];
  server.on('connection', (socket: Socket) => connections.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of connections) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export const startHttp1 = (handler: Handler = echo): Promise<TestServer> =>
  listen(createHttp1Server(handler));

export const startH2c = (handler: Handler = echo, settings = {}): Promise<TestServer> =>
  listen(
    createH2cServer(
      { settings },
      handler as unknown as (request: Http2ServerRequest, response: Http2ServerResponse) => void,
    ),
  );

/** A plaintext client of 127.0.0.1:`port` (h2c prior knowledge with `http2`), with no proxy from the environment. */
export function plaintextClient(port: number, http2: boolean, authority = `127.0.0.1:${port}`): HttpClient {
  return new HttpClient({
    hostPort: `127.0.0.1:${port}`,
    authority,
    tls: { mode: 'plaintext' },
    http2,
    env: {},
  });
}

/** What one exchange produced, as the caller's events saw it. */
export interface Outcome {
  status?: number;
  headers?: IncomingHttpHeaders;
  body: Buffer;
  trailers?: IncomingHttpHeaders;
  error?: NodeJS.ErrnoException;
  /** Events in order: response, data, end, error (to check that nothing comes after end/error). */
  events: string[];
}

/**
 * Starts a request and returns the exchange, a promise of its outcome (resolved at end or error), and the outcome as
 * it fills in (`live.events` grows with each event).
 */
export function exchange(
  client: HttpClient,
  path = '/pkg.Service/Method',
  headers: Record<string, string | string[]> = { 'content-type': 'application/octet-stream' },
): { exchange: HttpExchange; outcome: Promise<Outcome>; live: Outcome } {
  const outcome: Outcome = { body: Buffer.alloc(0), events: [] };
  const chunks: Buffer[] = [];
  let settle: (outcome: Outcome) => void = () => undefined;
  const done = new Promise<Outcome>((resolve) => (settle = resolve));
  const started = client.request(
    { path, headers },
    {
      response(status, responseHeaders) {
        outcome.events.push('response');
        outcome.status = status;
        outcome.headers = responseHeaders;
      },
      data(chunk) {
        outcome.events.push('data');
        chunks.push(Buffer.from(chunk));
      },
      end(trailers) {
        outcome.events.push('end');
        outcome.body = Buffer.concat(chunks);
        // HTTP/2 header objects carry a symbol (sensitive headers) the comparisons should not see.
        outcome.trailers = Object.fromEntries(Object.entries(trailers));
        settle(outcome);
      },
      error(error) {
        outcome.events.push('error');
        outcome.body = Buffer.concat(chunks);
        outcome.error = error;
        settle(outcome);
      },
    },
  );
  return { exchange: started, outcome: done, live: outcome };
}

/** Sends `body` as one chunk, ends the request and waits for the outcome. */
export function post(client: HttpClient, body: string, path?: string): Promise<Outcome> {
  const { exchange: started, outcome } = exchange(client, path);
  started.write(Buffer.from(body), () => undefined);
  started.end();
  return outcome;
}

/** Polls `condition` every 10 ms until it holds (or the test times out). */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}
