import type { Socket } from 'node:net';
import type { ConnectionOptions, TLSSocket } from 'node:tls';
import type { TlsSettings } from '../../../shared/schema';
import { tlsConnectOptions } from '../../tls/connect-options';
import { dial, type DialDone } from './dial';
import { clientClosed } from './errors';
import type { HttpExchange, HttpRequestHead, HttpResponseEvents, HttpTransport } from './exchange';
import { H1Pool } from './h1-pool';
import { H2Connection } from './h2-connection';
import { QueuedExchange } from './queued-exchange';
import { routeTo, type Route } from './route';

export type { HttpExchange, HttpResponseEvents } from './exchange';

/** ALPN offers: both versions on the first connection, where the server picks; only HTTP/1.1 once it picked that. */
const alpnBoth = ['h2', 'http/1.1'];
const alpnHttp1 = ['http/1.1'];

export interface HttpClientOptions {
  /** `host:port` to dial over TCP. */
  hostPort: string;
  /** The effective TLS: plaintext, or TLS with caFiles/certFile/keyFile/serverName/insecure. */
  tls: TlsSettings;
  /** Plaintext only: HTTP/2 prior knowledge (h2c); over TLS, ALPN ['h2','http/1.1'] decides. */
  http2: boolean;
  /** Host / :authority. */
  authority: string;
  /** Proxies: HTTPS_PROXY/https_proxy, NO_PROXY, by the rules gRPC calls follow (src/core/connection/proxy-env.ts). */
  env?: NodeJS.ProcessEnv;
}

export type HttpClientState = 'idle' | 'connecting' | 'ready' | 'failed';

/**
 * The HTTP layer under gRPC-Web and Connect calls, for one origin: a connection opened on demand (TCP, a CONNECT
 * tunnel when a proxy applies, TLS with ALPN), then one HTTP/2 session with many streams, or a keep-alive pool of
 * HTTP/1.1 sockets. A failed connection is retried on the next request; an HTTP/2 session that ends (GOAWAY, closed)
 * is replaced on the next request.
 */
export class HttpClient {
  private current: HttpClientState = 'idle';
  private version: '1.1' | '2' | undefined;
  private readonly listeners = new Set<(state: HttpClientState) => void>();
  private readonly route: Route;
  private transport: HttpTransport | undefined;
  /** Abandons the connection being opened. */
  private abandon: (() => void) | undefined;
  private waiting: QueuedExchange[] = [];
  private tls: Promise<ConnectionOptions> | undefined;
  private closed = false;
  private readonly dropWaiting = (exchange: QueuedExchange): void => {
    this.waiting = this.waiting.filter((other) => other !== exchange);
  };

  constructor(private readonly options: HttpClientOptions) {
    this.route = routeTo(options.hostPort, options.env);
  }

  get state(): HttpClientState {
    return this.current;
  }

  /** The negotiated HTTP version once connected. */
  get httpVersion(): '1.1' | '2' | undefined {
    return this.version;
  }

  /** Called on every state change; returns a function that stops listening. */
  onState(listener: (state: HttpClientState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Opens the connection when none is open (request() does it too); a failed one is retried on the next call. */
  connect(): void {
    if (this.closed || this.transport || this.abandon) return;
    this.setState('connecting');
    this.abandon = this.openSocket(alpnBoth, (error, socket) => {
      this.abandon = undefined;
      if (error) this.failed(error);
      else this.connected(socket!);
    });
  }

  /** Starts one POST `path`; the body streams through the returned exchange. */
  request(head: HttpRequestHead, events: HttpResponseEvents): HttpExchange {
    if (this.transport) return this.transport.request(head, events);
    const exchange = new QueuedExchange(head, events, this.dropWaiting);
    if (this.closed) {
      queueMicrotask(() => exchange.fail(clientClosed()));
      return exchange;
    }
    this.waiting.push(exchange);
    this.connect();
    return exchange;
  }

  /** Tears everything down: the connection being opened, the session or sockets, and exchanges still waiting. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.abandon?.();
    this.abandon = undefined;
    this.transport?.close();
    this.transport = undefined;
    this.failWaiting(clientClosed());
    this.setState('idle');
    this.listeners.clear();
  }

  private connected(socket: Socket): void {
    const tls = this.options.tls.mode === 'tls';
    const alpn = tls ? (socket as TLSSocket).alpnProtocol : undefined;
    // Over TLS the server's ALPN choice decides; a server without ALPN speaks HTTP/1.1.
    const http2 = tls ? alpn === 'h2' : this.options.http2;
    this.version = http2 ? '2' : '1.1';
    if (http2) {
      this.transport = new H2Connection(socket, tls, this.options.authority, {
        ready: () => this.setState('ready'),
        gone: (waiting, error) => this.h2Gone(waiting, error),
      });
    } else {
      const target = { host: this.route.host, port: this.route.port, authority: this.options.authority };
      this.transport = new H1Pool(
        target,
        socket,
        // More sockets offer only http/1.1: this server already chose it.
        (done) => this.openSocket(alpnHttp1, done),
        {
          dialed: (error) => this.setState(error ? 'failed' : 'ready'),
          spareLost: () => this.setState('idle'),
        },
      );
      this.setState('ready');
    }
    const waiting = this.waiting;
    this.waiting = [];
    for (const exchange of waiting) exchange.bind(this.transport.request(exchange.head, exchange.events));
  }

  /**
   * Opens a socket to the server (TLS files read first, once per client); `done` always runs asynchronously. Returns a
   * function that abandons the attempt.
   */
  private openSocket(alpn: string[], done: DialDone): () => void {
    let abandonDial: (() => void) | undefined;
    let abandoned = false;
    this.withTls(alpn, (error, tls) => {
      if (abandoned) return;
      if (error) return done(error);
      abandonDial = dial(this.route, tls, done);
    });
    return () => {
      abandoned = true;
      abandonDial?.();
    };
  }

  private h2Gone(waiting: QueuedExchange[], error: NodeJS.ErrnoException | undefined): void {
    if (this.closed) {
      for (const exchange of waiting) exchange.fail(clientClosed());
      return;
    }
    this.transport = undefined;
    // Without an error the connection had become ready, so nothing waited on it: the next request dials anew.
    if (!error) return this.setState('idle');
    for (const exchange of waiting) exchange.fail(error);
    this.failWaiting(error);
    this.setState('failed');
  }

  private failed(error: NodeJS.ErrnoException): void {
    this.abandon = undefined;
    this.failWaiting(error);
    this.setState('failed');
  }

  private failWaiting(error: NodeJS.ErrnoException): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const exchange of waiting) exchange.fail(error);
  }

  /** The TLS options (PEM files read once per client), with the ALPN offer; undefined options for plaintext. */
  private withTls(
    alpn: string[],
    done: (error: NodeJS.ErrnoException | undefined, tls?: ConnectionOptions) => void,
  ): void {
    const settings = this.options.tls;
    if (settings.mode === 'plaintext') return done(undefined, undefined);
    this.tls ??= tlsConnectOptions(settings, this.route.host);
    this.tls.then(
      (tls) => done(undefined, { ...tls, ALPNProtocols: alpn }),
      (error: NodeJS.ErrnoException) => {
        this.tls = undefined;
        done(error);
      },
    );
  }

  private setState(state: HttpClientState): void {
    if (state === this.current) return;
    this.current = state;
    for (const listener of this.listeners) listener(state);
  }
}
