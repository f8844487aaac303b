import { createServer as createHttp1Server, type Server as Http1Server } from 'node:http';
import { createServer as createHttp2Server, type Http2Server, type ServerHttp2Session } from 'node:http2';
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer, type TLSSocket } from 'node:tls';
import type { Exchange } from './exchange';
import { H1Exchange } from './h1-exchange';
import { H2Exchange } from './h2-exchange';

/** The mock's certificate and key (PEM); with a client CA, clients must present a certificate it signed (mTLS). */
export interface ListenerTls {
  cert: Buffer;
  key: Buffer;
  clientCa?: Buffer;
}

const preface = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 'latin1');
const ignore = (): void => {};

/**
 * One port for HTTP/2 and HTTP/1.1: plaintext connections are told apart by their first bytes (HTTP/2's preface),
 * TLS ones by ALPN; each then goes to a node HTTP/2 server (its stream API) or HTTP/1.1 server, which hand every
 * request over as an Exchange.
 */
export class Listener {
  private readonly server: Server;
  private readonly h2: Http2Server;
  private readonly h1: Http1Server;
  private readonly sockets = new Set<Socket>();
  private readonly sessions = new Set<ServerHttp2Session>();

  constructor(onExchange: (exchange: Exchange) => void, tls: ListenerTls | undefined) {
    // Stub-driven streams may last: no idle or request timeouts (clients and their deadlines decide).
    this.h2 = createHttp2Server({ maxSessionMemory: 64 });
    this.h2.on('stream', (stream, headers) => onExchange(new H2Exchange(stream, headers)));
    this.h2.on('session', (session) => {
      this.sessions.add(session);
      session.on('error', ignore);
      session.once('close', () => this.sessions.delete(session));
    });
    this.h1 = createHttp1Server({ requestTimeout: 0 }, (request, response) =>
      onExchange(new H1Exchange(request, response)),
    );
    this.h1.on('clientError', (_error, socket) => socket.destroy());
    this.server = tls ? this.tlsServer(tls) : createTcpServer((socket) => this.sniff(socket));
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('error', ignore);
      socket.once('close', () => this.sockets.delete(socket));
    });
  }

  /** Binds `host:port` (0: a free port); rejects with what to change when it cannot. */
  listen(host: string, port: number): Promise<AddressInfo> {
    return new Promise((resolve, reject) => {
      const failed = (error: NodeJS.ErrnoException): void => reject(listenError(error, host, port));
      this.server.once('error', failed);
      this.server.listen(port, host, () => {
        this.server.off('error', failed);
        resolve(this.server.address() as AddressInfo);
      });
    });
  }

  /** Takes no new connections or streams; calls in flight go on, idle HTTP/1.1 connections close. */
  stopAccepting(): void {
    this.server.close(ignore);
    for (const session of this.sessions) session.close();
    this.h1.closeIdleConnections();
  }

  /** Resolves when every connection has closed, or after `ms`; then closes what is left. */
  async closeConnections(ms: number): Promise<void> {
    this.h1.closeIdleConnections();
    if (this.sockets.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(
          [...this.sockets].map((socket) => new Promise((resolve) => socket.once('close', resolve))),
        ),
        new Promise((resolve) => (timer = setTimeout(resolve, ms))),
      ]);
      clearTimeout(timer);
    }
    for (const socket of this.sockets) socket.destroy();
  }

  private tlsServer(tls: ListenerTls): Server {
    const server = createTlsServer({
      cert: tls.cert,
      key: tls.key,
      ALPNProtocols: ['h2', 'http/1.1'],
      ...(tls.clientCa ? { ca: tls.clientCa, requestCert: true, rejectUnauthorized: true } : {}),
    });
    server.on('secureConnection', (socket: TLSSocket) => {
      socket.on('error', ignore);
      (socket.alpnProtocol === 'h2' ? this.h2 : this.h1).emit('connection', socket);
    });
    server.on('tlsClientError', ignore);
    return server;
  }

  /** Waits for enough of the first bytes to tell HTTP/2's preface from an HTTP/1.1 request line. */
  private sniff(socket: Socket): void {
    let seen: Buffer = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      seen = seen.length === 0 ? chunk : Buffer.concat([seen, chunk]);
      const known = Math.min(seen.length, preface.length);
      const http2 = seen.subarray(0, known).equals(preface.subarray(0, known));
      // "P" alone could begin POST, PUT or the preface; four bytes tell them apart.
      if (http2 && known < 4) return;
      socket.off('data', onData);
      socket.pause();
      socket.unshift(seen);
      if (http2) this.h2.emit('connection', socket);
      else {
        this.h1.emit('connection', socket);
        socket.resume();
      }
    };
    socket.on('data', onData);
  }
}

/** Why the mock cannot listen, and what to change: the one wording for the CLI and the app. */
export class ListenError extends Error {
  override name = 'ListenError';
  constructor(
    message: string,
    readonly hint: string,
    /** Node's code (EADDRINUSE, EACCES, EADDRNOTAVAIL, …). */
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

function listenError(error: NodeJS.ErrnoException, host: string, port: number): ListenError {
  const cannot = `The mock cannot listen on ${host}:${port}`;
  const refused = (reason: string, hint: string): ListenError =>
    new ListenError(`${cannot}: ${reason}`, hint, error.code);
  switch (error.code) {
    case 'EADDRINUSE':
      return refused('the port is in use.', 'Pick another port, or 0 for a free one.');
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return refused(
        'no network interface of this machine has that address.',
        'Use 127.0.0.1 (the default), 0.0.0.0 for every interface, or one of this machine’s addresses.',
      );
    case 'EACCES':
      return refused(
        'ports below 1024 need administrator rights.',
        'Pick a port above 1024, or 0 for a free one.',
      );
    default:
      return refused(`${error.message}.`, 'Pick another address or port.');
  }
}
