import { connect, type ClientHttp2Session, type ClientHttp2Stream } from 'node:http2';
import type { Socket } from 'node:net';
import { connectDeadlineMs } from './dial';
import { httpError } from './errors';
import type { HttpExchange, HttpRequestHead, HttpResponseEvents, HttpTransport } from './exchange';
import { H2Exchange } from './h2-exchange';
import { failedExchange, QueuedExchange } from './queued-exchange';

/** What an HTTP/2 connection tells its client. */
export interface H2ConnectionOwner {
  /** The server's SETTINGS arrived: the connection is usable. */
  ready(): void;
  /**
   * The connection is gone (GOAWAY, closed, failed): the client opens a new one for later requests. `error` is set when
   * it never became ready, and then `waiting` are the exchanges that waited for it (the client fails them).
   */
  gone(waiting: QueuedExchange[], error: NodeJS.ErrnoException | undefined): void;
}

/**
 * One HTTP/2 session over a connected socket, many concurrent streams. Requests wait until the server's SETTINGS
 * arrived: until then nghttp2 assumes 100 concurrent streams, and a server allowing fewer would refuse the rest. Once
 * the SETTINGS are known, nghttp2 holds streams beyond SETTINGS_MAX_CONCURRENT_STREAMS until one closes.
 */
export class H2Connection implements HttpTransport {
  private readonly session: ClientHttp2Session;
  private readonly scheme: string;
  private waiting: QueuedExchange[] = [];
  private active = 0;
  private ready = false;
  private retired = false;
  private readonly settingsTimer: NodeJS.Timeout;
  private readonly streamClosed = (): void => {
    // An idle session does not keep the process alive (a CLI exits once its calls are done), as grpc-js does.
    if (--this.active === 0) this.session.unref();
  };
  private readonly dropWaiting = (exchange: QueuedExchange): void => {
    this.waiting = this.waiting.filter((other) => other !== exchange);
  };

  constructor(
    socket: Socket,
    tls: boolean,
    private readonly authority: string,
    private readonly owner: H2ConnectionOwner,
  ) {
    this.scheme = tls ? 'https' : 'http';
    this.session = connect(`${this.scheme}://${authority}`, {
      createConnection: () => socket,
      settings: { enablePush: false },
    });
    this.settingsTimer = setTimeout(() => {
      this.retire(
        httpError(
          'ETIMEDOUT',
          `The server did not start HTTP/2 (no SETTINGS frame within ${connectDeadlineMs / 1000} s).`,
        ),
      );
    }, connectDeadlineMs);
    this.session.once('remoteSettings', () => {
      clearTimeout(this.settingsTimer);
      this.ready = true;
      if (this.active === 0) this.session.unref();
      owner.ready();
      this.startWaiting();
    });
    // A TLS alert after the handshake (a client certificate the server refuses) reaches the socket, not the session.
    socket.once('error', (error: NodeJS.ErrnoException) => {
      this.failed(error);
      this.session.destroy(error);
    });
    // The errors below only count when the session never became ready; after that the next request reconnects.
    this.session.on('goaway', (code: number) =>
      this.retire(httpError('ECONNRESET', `The server refused HTTP/2 (GOAWAY with error code ${code}).`)),
    );
    this.session.on('error', (error: NodeJS.ErrnoException) => this.failed(error));
    this.session.on('close', () =>
      this.retire(httpError('ECONNRESET', 'The server closed the connection before HTTP/2 started.')),
    );
  }

  request(head: HttpRequestHead, events: HttpResponseEvents): HttpExchange {
    if (this.ready && !this.retired) return this.open(head, events);
    const exchange = new QueuedExchange(head, events, this.dropWaiting);
    this.waiting.push(exchange);
    return exchange;
  }

  close(): void {
    this.retire(undefined);
    this.session.destroy();
  }

  private open(head: HttpRequestHead, events: HttpResponseEvents): HttpExchange {
    let stream: ClientHttp2Stream;
    try {
      stream = this.session.request(
        {
          ':method': 'POST',
          ':scheme': this.scheme,
          ':authority': this.authority,
          ':path': head.path,
          ...head.headers,
        },
        { endStream: false },
      );
    } catch (error) {
      return failedExchange(head, events, error);
    }
    if (this.active++ === 0) this.session.ref();
    return new H2Exchange(stream, events, this.streamClosed);
  }

  private startWaiting(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const next of waiting) next.bind(this.open(next.head, next.events));
  }

  private failed(error: NodeJS.ErrnoException): void {
    this.retire(this.ready ? error : notHttp2(error));
  }

  /** Stops taking requests; streams already open finish on their own (GOAWAY lets them). */
  private retire(error: NodeJS.ErrnoException | undefined): void {
    if (this.retired) return;
    this.retired = true;
    clearTimeout(this.settingsTimer);
    const waiting = this.waiting;
    this.waiting = [];
    this.owner.gone(waiting, this.ready ? undefined : error);
    // A GOAWAY leaves the session open for its streams; close it once they are done.
    this.session.close();
  }
}

/** nghttp2's "Protocol error" before the server's SETTINGS: in h2c, the server most likely answered in HTTP/1.1. */
function notHttp2(error: NodeJS.ErrnoException): NodeJS.ErrnoException {
  if (error.code !== 'ERR_HTTP2_ERROR') return error;
  error.message = `The server did not answer in HTTP/2 (${error.message}): it may speak only HTTP/1.1; call it without HTTP/2.`;
  return error;
}
