import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import http2, { type ServerHttp2Stream } from 'node:http2';
import net, { type AddressInfo, type Socket } from 'node:net';
import tls from 'node:tls';

/**
 * What the server does with a call; a test picks one per call with the `misbehave` request header
 * (`--rpc-header 'misbehave: status-not-a-number'`), so every call to one server can misbehave differently.
 */
export const misbehaviours = {
  /** Answers one message, then trailers with `grpc-status: abc`. */
  'status-not-a-number': (stream) => answer(stream, [frame(message(3))], { 'grpc-status': 'abc' }),
  /** Answers one message, then `grpc-status: 99`, a code gRPC does not have. */
  'status-99': (stream) =>
    answer(stream, [frame(message(3))], { 'grpc-status': '99', 'grpc-message': 'ninety-nine' }),
  /** Says `grpc-encoding: zstd-unknown` and sends a message with the compressed flag set. */
  'unknown-encoding': (stream) =>
    answer(stream, [frame(message(3), true)], { 'grpc-status': '0' }, { 'grpc-encoding': 'zstd-unknown' }),
  /** Sends a message with the compressed flag set and no `grpc-encoding` header. */
  'compressed-without-encoding': (stream) =>
    answer(stream, [frame(message(3), true)], { 'grpc-status': '0' }),
  /** A frame whose length prefix says 1,000 bytes, followed by 10, then the stream ends without trailers. */
  'length-beyond-data': (stream) => {
    stream.respond(grpcHeaders);
    const header = Buffer.alloc(5);
    header.writeUInt32BE(1000, 1);
    stream.end(Buffer.concat([header, Buffer.alloc(10)]));
  },
  /** Accepts the stream and never sends anything. */
  'never-answer': () => undefined,
  /** Sends the response headers, then nothing. */
  'headers-then-hang': (stream) => stream.respond(grpcHeaders),
  /** Answers one message, then trailers without `grpc-status`. */
  'trailers-without-status': (stream) =>
    answer(stream, [frame(message(3))], { 'grpc-message': 'no status here' }),
  /** An HTTP 500 with a text body and no gRPC headers, as a misconfigured proxy sends. */
  'http-500': (stream) => {
    stream.respond({ ':status': 500, 'content-type': 'text/plain' });
    stream.end('internal server error');
  },
  /** An HTTP 404 with a text body and no gRPC headers. */
  'http-404': (stream) => {
    stream.respond({ ':status': 404, 'content-type': 'text/plain' });
    stream.end('not found');
  },
  /** A trailers-only response (status in the headers, no body) with a percent-encoded message: "50% off, ¡adiós!". */
  'trailers-only': (stream) =>
    stream.respond(
      { ...grpcHeaders, 'grpc-status': '9', 'grpc-message': '50%25 off, %C2%A1adi%C3%B3s!' },
      { endStream: true },
    ),
  /** Resets the stream with REFUSED_STREAM before answering. */
  'reset-refused': (stream) => stream.close(http2.constants.NGHTTP2_REFUSED_STREAM),
  /** Resets the stream with CANCEL before answering, as a server giving up on a call does. */
  'reset-cancel': (stream) => stream.close(http2.constants.NGHTTP2_CANCEL),
  /** Resets the stream with ENHANCE_YOUR_CALM before answering. */
  'reset-calm': (stream) => stream.close(http2.constants.NGHTTP2_ENHANCE_YOUR_CALM),
  /**
   * Streams the number of messages the `count` request header asks for (1 KiB each), honouring HTTP/2 flow control:
   * it writes only while the client reads, so a client that stops reading stops the server.
   */
  'stream-many': (stream, headers) => void streamMany(stream, Number(headers['count'] ?? '0')),
} satisfies Record<string, (stream: ServerHttp2Stream, headers: http2.IncomingHttpHeaders) => void>;

export type Misbehaviour = keyof typeof misbehaviours;

/** A running test server on 127.0.0.1; `target` is `127.0.0.1:<port>`. */
export interface FaultyServer {
  port: number;
  target: string;
  /** Connections accepted so far (a client that never connected has sent nothing). */
  accepted: () => number;
  close: () => Promise<void>;
}

const grpcHeaders = { ':status': 200, 'content-type': 'application/grpc' };

/** An h2c server on 127.0.0.1 (port 0) that misbehaves as each call's `misbehave` header says. */
export async function startMisbehavingServer(): Promise<FaultyServer> {
  const server = http2.createServer();
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('error', () => undefined);
    session.on('close', () => sessions.delete(session));
  });
  server.on('stream', (stream, headers) => {
    // A client that gives up resets the stream; that is not the server's error.
    stream.on('error', () => undefined);
    const name = String(headers['misbehave'] ?? '');
    const behave = (misbehaviours as Record<string, (s: ServerHttp2Stream, h: typeof headers) => void>)[name];
    if (behave) behave(stream, headers);
    else answer(stream, [], { 'grpc-status': '12', 'grpc-message': `no misbehaviour named "${name}"` });
  });
  return listening(server, () => sessions.forEach((session) => session.destroy()));
}

/** A TLS server on 127.0.0.1 that completes handshakes and then never says anything (no HTTP/2 settings). */
export async function startSilentTlsServer(cert: { cert: string; key: string }): Promise<FaultyServer> {
  const sockets = new Set<Socket>();
  const server = tls.createServer(
    { cert: readFileSync(cert.cert), key: readFileSync(cert.key), ALPNProtocols: ['h2'] },
    (socket) => hold(sockets, socket),
  );
  return listening(server, () => sockets.forEach((socket) => socket.destroy()));
}

/** A plain TCP server on 127.0.0.1 that accepts connections and stays silent: no TLS, no HTTP/2. */
export async function startSilentTcpServer(): Promise<FaultyServer> {
  const sockets = new Set<Socket>();
  const server = net.createServer((socket) => hold(sockets, socket));
  return listening(server, () => sockets.forEach((socket) => socket.destroy()));
}

/** Keeps an accepted socket open and silent, remembered so `close` can drop it. */
function hold(sockets: Set<Socket>, socket: Socket): void {
  sockets.add(socket);
  socket.on('error', () => undefined);
  socket.on('close', () => sockets.delete(socket));
}

/** Listens on 127.0.0.1 at a free port; closing drops the open connections first (a silent one never ends itself). */
async function listening(server: net.Server, dropConnections: () => void): Promise<FaultyServer> {
  let accepted = 0;
  server.on('connection', () => (accepted += 1));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    port,
    target: `127.0.0.1:${port}`,
    accepted: () => accepted,
    close: async () => {
      dropConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Response headers, the given frames (see `frame`), then the trailers. */
function answer(
  stream: ServerHttp2Stream,
  frames: Buffer[],
  trailers: http2.OutgoingHttpHeaders,
  headers: http2.OutgoingHttpHeaders = {},
): void {
  stream.respond({ ...grpcHeaders, ...headers }, { waitForTrailers: true });
  stream.on('wantTrailers', () => stream.sendTrailers(trailers));
  stream.end(Buffer.concat(frames));
}

/** A gRPC length-prefixed message (flag byte, 4-byte big-endian length, bytes). */
function frame(bytes: Buffer, compressed = false): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt8(compressed ? 1 : 0, 0);
  header.writeUInt32BE(bytes.length, 1);
  return Buffer.concat([header, bytes]);
}

/** A grpc.testing response (`SimpleResponse` / `StreamingOutputCallResponse`) whose payload body has `size` bytes. */
function message(size: number): Buffer {
  const body = Buffer.concat([Buffer.from([0x12]), varint(size), Buffer.alloc(size, 0x61)]);
  return Buffer.concat([Buffer.from([0x0a]), varint(body.length), body]);
}

function varint(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest >>>= 7;
  }
  bytes.push(rest);
  return Buffer.from(bytes);
}

async function streamMany(stream: ServerHttp2Stream, count: number): Promise<void> {
  stream.respond(grpcHeaders, { waitForTrailers: true });
  stream.on('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0' }));
  const one = frame(message(1024));
  for (let i = 0; i < count; i++) {
    if (stream.destroyed) return;
    if (!stream.write(one)) {
      // Not events.once: it rejects when the client resets the stream, which is how a reader that stops ends it.
      await new Promise<void>((resolve) => {
        const go = () => {
          stream.off('drain', go);
          stream.off('close', go);
          resolve();
        };
        stream.on('drain', go);
        stream.on('close', go);
      });
    }
  }
  stream.end();
}

/** A port on 127.0.0.1 where nothing listens (it was free a moment ago). */
export async function deadPort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
