import { createServer as createNetServer, type Socket } from 'node:net';
import {
  constants,
  createServer as createH2cServer,
  type Http2ServerRequest,
  type ServerHttp2Session,
} from 'node:http2';
import { afterEach, describe, expect, test } from 'vitest';
import { HttpClient } from '../../../../src/core/wire/http/http-client';
import {
  echo,
  exchange,
  listen,
  plaintextClient,
  post,
  startH2c,
  startHttp1,
  until,
  type Handler,
  type TestServer,
} from './servers';

// Streaming behaviour the call engine relies on, over HTTP/1.1 and h2c alike: request bodies that respect
// backpressure, responses that can be paused, cancelled or cut off, with exactly one end or error.
const versions = [
  ['HTTP/1.1', false, startHttp1],
  ['h2c', true, startH2c],
] as const;

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.splice(0).map((step) => step()));
});

async function serve(
  start: (handler: Handler) => Promise<TestServer>,
  handler: Handler,
): Promise<TestServer> {
  const server = await start(handler);
  cleanup.push(server.close);
  return server;
}

function clientFor(server: TestServer, http2: boolean): HttpClient {
  const client = plaintextClient(server.port, http2);
  cleanup.push(() => client.close());
  return client;
}

/** A handler that counts the request body's bytes and answers with the count once it ended. */
function counting(onRequest?: (request: Parameters<Handler>[0]) => void): Handler {
  return (request, response) => {
    let bytes = 0;
    onRequest?.(request);
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => response.end(String(bytes)));
  };
}

describe.each(versions)('HttpClient streaming over %s', (_name, http2, start) => {
  test('100,000 messages stream one after another, each written when the previous one was taken', async () => {
    const server = await serve(start, counting());
    const { exchange: call, outcome } = exchange(clientFor(server, http2));
    const message = Buffer.alloc(100, 7);
    let written = 0;
    const next = (): void => {
      if (written === 100_000) return call.end();
      written++;
      call.write(message, next);
    };
    next();
    const result = await outcome;
    expect(result.body.toString()).toBe(String(100_000 * 100));
  });

  test('write callbacks wait while the server does not read the body', async () => {
    let reading: (() => void) | undefined;
    const server = await serve(
      start,
      counting((request) => {
        request.pause();
        reading = () => request.resume();
      }),
    );
    const { exchange: call, outcome } = exchange(clientFor(server, http2));
    const chunk = Buffer.alloc(64 * 1024, 1);
    const total = 300;
    let taken = 0;
    const next = (): void => {
      if (taken === total) return call.end();
      call.write(chunk, () => {
        taken++;
        next();
      });
    };
    next();
    await until(() => reading !== undefined);
    // An observation window: a client that called back without the socket taking the data would finish meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(taken).toBeLessThan(total);
    reading!();
    expect((await outcome).body.toString()).toBe(String(total * chunk.length));
    expect(taken).toBe(total);
  });

  test('pause() stops reading the response until resume()', async () => {
    const body = Buffer.alloc(16 * 1024 * 1024, 2);
    let blocked = false;
    const server = await serve(start, (_request, response) => {
      response.writeHead(200);
      let offset = 0;
      const push = (): void => {
        while (offset < body.length) {
          const ok = response.write(body.subarray(offset, offset + 65_536));
          offset += 65_536;
          if (!ok) {
            blocked = true;
            return void response.once('drain', () => ((blocked = false), push()));
          }
        }
        response.end();
      };
      push();
    });
    const { exchange: call, outcome, live } = exchange(clientFor(server, http2));
    call.pause();
    call.end();
    // A client that kept reading would have had data right after the response headers, and the server would not block.
    await until(() => blocked && live.events.length > 0);
    expect(live.events).toEqual(['response']);
    call.resume();
    const result = await outcome;
    expect(result.body.length).toBe(body.length);
    expect(result.events.at(-1)).toBe('end');
  });

  test('cancel() mid-response stops the exchange: the server sees it go, the caller hears nothing more', async () => {
    let serverSawClose = false;
    const server = await serve(start, (request, response) => {
      response.writeHead(200);
      response.write('first');
      response.on('close', () => (serverSawClose = true));
      request.resume();
    });
    const started = exchange(clientFor(server, http2));
    started.exchange.end();
    await until(() => started.live.events.includes('data'));
    started.exchange.cancel();
    await until(() => serverSawClose);
    expect(started.live.events).toEqual(['response', 'data']);
    expect(started.live.body.length).toBe(0);
  });

  test('a header Node refuses to send fails the exchange with Node’s error, after request() returned', async () => {
    const server = await serve(start, counting());
    const client = clientFor(server, http2);
    // HTTP/1.1 refuses a line break in a value; HTTP/2 refuses HTTP/1.1's connection headers.
    const bad = exchange(
      client,
      '/pkg.Service/Method',
      http2 ? { connection: 'close' } : { 'x-bad': 'a\nb' },
    );
    expect(bad.live.events).toEqual([]);
    const outcome = await bad.outcome;
    expect(outcome.events).toEqual(['error']);
    expect(outcome.error?.message).toBe(
      http2
        ? 'HTTP/1 Connection specific headers are forbidden: "connection"'
        : 'Invalid character in header content ["x-bad"]',
    );
    expect((await post(client, 'fine')).body.toString()).toBe('4');
  });

  test('the connection closing before the response ends is an error, once', async () => {
    const server = await serve(start, (request) => {
      request.resume();
      request.on('end', () => request.socket.destroy());
    });
    const outcome = await post(clientFor(server, http2), 'x');
    expect(outcome.events).toEqual(['error']);
    expect(outcome.error?.code).toBe('ECONNRESET');
  });
});

describe('HttpClient over HTTP/2', () => {
  test('the server’s SETTINGS_MAX_CONCURRENT_STREAMS holds: extra requests wait for a free stream', async () => {
    let active = 0;
    let most = 0;
    const held: (() => void)[] = [];
    const server = await serve(
      (handler) => startH2c(handler, { maxConcurrentStreams: 2 }),
      (request, response) => {
        most = Math.max(most, ++active);
        request.resume();
        held.push(() => {
          active--;
          response.end('done');
        });
        // Answer in pairs: a client that opened a third stream would be refused by the server.
        if (held.length === 2) for (const answer of held.splice(0)) answer();
      },
    );
    const client = clientFor(server, true);
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => post(client, 'x')));
    expect(outcomes.map((outcome) => outcome.body.toString())).toEqual(Array(6).fill('done'));
    expect(most).toBe(2);
  });

  test.each([
    [
      'INTERNAL_ERROR',
      constants.NGHTTP2_INTERNAL_ERROR,
      'Stream closed with error code NGHTTP2_INTERNAL_ERROR',
    ],
    [
      'CANCEL',
      constants.NGHTTP2_CANCEL,
      'The server cancelled the stream (RST_STREAM CANCEL) before the response ended.',
    ],
  ])(
    'a stream the server resets with %s mid-response is an error saying so',
    async (_name, code, message) => {
      const server = await serve(startH2c, (request, response) => {
        response.writeHead(200);
        response.write('partial');
        (request as unknown as Http2ServerRequest).stream.close(code);
      });
      const outcome = await post(clientFor(server, true), 'x');
      expect(outcome.events.at(-1)).toBe('error');
      expect(outcome.events.filter((event) => event === 'error')).toHaveLength(1);
      expect(outcome.error?.message).toBe(message);
    },
  );

  test('after the server sends GOAWAY the next request opens a new connection', async () => {
    const sessions: ServerHttp2Session[] = [];
    const h2c = createH2cServer(echo as unknown as Parameters<typeof createH2cServer>[0]);
    h2c.on('session', (session: ServerHttp2Session) => sessions.push(session));
    const server = await listen(h2c);
    cleanup.push(server.close);
    const client = clientFor(server, true);
    expect((await post(client, 'one')).body.toString()).toBe('one');
    const states: string[] = [];
    client.onState((state) => states.push(state));
    sessions[0]!.goaway();
    await until(() => client.state === 'idle');
    expect((await post(client, 'two')).body.toString()).toBe('two');
    expect(server.connections).toHaveLength(2);
    expect(states).toEqual(['idle', 'connecting', 'ready']);
  });
});

describe('HttpClient teardown', () => {
  test('close() tears down a connection stuck in its TLS handshake and fails the waiting request', async () => {
    // Reads (and drops) the client's hello, never answers: the handshake never completes.
    const accepted: Socket[] = [];
    const silent = await listen(createNetServer((socket) => accepted.push(socket.resume())));
    cleanup.push(silent.close);
    const client = new HttpClient({
      hostPort: `127.0.0.1:${silent.port}`,
      authority: 'localhost',
      tls: { mode: 'tls', insecure: true },
      http2: false,
      env: {},
    });
    const { outcome } = exchange(client);
    await until(() => accepted.length === 1);
    let closedAtServer = false;
    accepted[0]!.on('close', () => (closedAtServer = true));
    expect(client.state).toBe('connecting');
    client.close();
    const result = await outcome;
    expect(result.events).toEqual(['error']);
    expect(result.error?.code).toBe('ERR_HTTP_CLIENT_CLOSED');
    await until(() => closedAtServer);
  });

  test('close() while HTTP/2 waits for the server’s SETTINGS fails the waiting request', async () => {
    const accepted: Socket[] = [];
    const silent = await listen(createNetServer((socket) => accepted.push(socket.resume())));
    cleanup.push(silent.close);
    const client = plaintextClient(silent.port, true, 'localhost');
    const { outcome } = exchange(client);
    await until(() => accepted.length === 1);
    let closedAtServer = false;
    accepted[0]!.on('close', () => (closedAtServer = true));
    expect(client.httpVersion).toBe('2');
    expect(client.state).toBe('connecting');
    client.close();
    expect((await outcome).error?.code).toBe('ERR_HTTP_CLIENT_CLOSED');
    await until(() => closedAtServer);
  });

  test('h2c prior knowledge against an HTTP/1.1-only server fails, saying so', async () => {
    const server = await serve(startHttp1, counting());
    const client = clientFor(server, true);
    const outcome = await post(client, 'x');
    expect(outcome.events).toEqual(['error']);
    expect(outcome.error?.code).toBe('ERR_HTTP2_ERROR');
    expect(outcome.error?.message).toBe(
      'The server did not answer in HTTP/2 (Protocol error): it may speak only HTTP/1.1; call it without HTTP/2.',
    );
    expect(client.state).toBe('failed');
  });

  test('cancel() of a request still waiting for its connection sends nothing and reports nothing', async () => {
    const server = await serve(startHttp1, counting());
    const client = clientFor(server, false);
    const first = exchange(client);
    first.exchange.write(Buffer.from('never sent'), () => undefined);
    first.exchange.cancel();
    // The connection still opens; a later request uses it, and only its body reaches the server.
    expect((await post(client, 'later')).body.toString()).toBe('5');
    expect(first.live.events).toEqual([]);
  });
});
