import http2, { type ClientHttp2Session, type SecureClientSessionOptions } from 'node:http2';
import type { TlsSettings } from '../../shared/schema';
import { splitDisplay } from '../connection/target';
import { tlsConnectOptions } from '../tls/connect-options';

/** After a failed connect, calls fail at once for this long before the next attempt (grpc-js's initial backoff). */
const reconnectBackoffMs = 1_000;

/** Where and how the sessions connect: `https://host:port` or `http://host:port`, and the TLS options. */
export interface SessionTarget {
  origin: string;
  options: SecureClientSessionOptions;
}

/** The `http2.connect` options for the TLS settings, as credentials.ts sets them up for grpc-js. */
export async function sessionTarget(hostPort: string, tls: TlsSettings): Promise<SessionTarget> {
  if (tls.mode === 'plaintext') return { origin: `http://${hostPort}`, options: {} };
  const { host } = splitDisplay(hostPort)!;
  return {
    origin: `https://${hostPort}`,
    options: { ...(await tlsConnectOptions(tls, host)), ALPNProtocols: ['h2'] },
  };
}

/** Streams a session may carry before the server's SETTINGS arrive (nghttp2's assumption, and RFC 9113's advice). */
const assumedMaxStreams = 100;

/**
 * A pooled session and its streams. Before the server's SETTINGS arrive nghttp2 assumes 100 concurrent streams and a
 * server allowing fewer refuses the rest (REFUSED_STREAM); once they arrived nghttp2 itself holds streams past
 * SETTINGS_MAX_CONCURRENT_STREAMS until one closes (test/core/wire/h2-sessions.test.ts checks both). Calls past the
 * limit still wait here, so the time a call waits for a stream is not spent inside nghttp2 with its stream open.
 */
export class PooledSession {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  /** The server's limit, once its SETTINGS arrived. */
  private maxStreams = assumedMaxStreams;

  constructor(readonly session: ClientHttp2Session) {
    session.on('remoteSettings', (settings) => {
      this.maxStreams = settings.maxConcurrentStreams ?? Infinity;
      while (this.waiting.length > 0 && this.active < this.maxStreams) this.run(this.waiting.shift()!);
    });
    // Whatever ends the session, the calls waiting on it run and fail (the request throws) instead of being lost.
    session.once('close', () => this.waiting.splice(0).forEach((open) => this.run(open)));
  }

  /** Runs `open` (which starts one stream, then calls `release` once) as soon as the server allows another stream. */
  whenFree(open: () => void): void {
    if (this.active < this.maxStreams || this.session.destroyed) this.run(open);
    else this.waiting.push(open);
  }

  /** A stream `whenFree` opened has ended (or was never opened): the next waiting call may go. */
  release(): void {
    this.active -= 1;
    const next = this.waiting.shift();
    if (next) this.run(next);
  }

  private run(open: () => void): void {
    this.active += 1;
    open();
  }
}

/** A connection's HTTP/2 session, or why there is none for now. */
type Slot =
  | { state: 'up'; connection: PooledSession }
  | { state: 'failed'; message: string; retryAt: number }
  | { state: 'none' };

/**
 * One HTTP/2 session per connection of the plan. A session that closes is replaced by the next call that gets its
 * slot; after a failed connect the slot answers its error for a backoff instead of reconnecting per call.
 */
export class SessionPool {
  private readonly slots: Slot[];
  private next = 0;
  /** Why a session went down, for the calls it took with it. */
  private readonly failures = new WeakMap<ClientHttp2Session, string>();

  constructor(
    private readonly target: SessionTarget,
    connections: number,
  ) {
    this.slots = Array.from({ length: connections }, () => ({ state: 'none' }));
  }

  /** The next session round-robin, or the connect error its calls fail with (UNAVAILABLE). */
  take(): PooledSession | string {
    const index = this.next++ % this.slots.length;
    const slot = this.slots[index]!;
    if (slot.state === 'up') return slot.connection;
    if (slot.state === 'failed' && Date.now() < slot.retryAt) return slot.message;
    return this.open(index);
  }

  /** Why `session` failed (its calls end UNAVAILABLE with this), undefined while it is fine. */
  failureOf(session: ClientHttp2Session): string | undefined {
    return this.failures.get(session);
  }

  /** Opens every session; resolves when each is connected or has failed, or after `waitMs` (calls then say why). */
  async connect(waitMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
    const settled = this.slots.map((_, index) => {
      const { session } = this.open(index);
      return new Promise<void>((resolve) => {
        // The server's SETTINGS, not the TCP connect: its stream limit is known before the first call.
        session.once('remoteSettings', () => resolve());
        session.once('close', () => resolve());
      });
    });
    await Promise.race([Promise.all(settled), waited]);
    clearTimeout(timer);
  }

  /** Closes every session (calls in flight finish first). */
  close(): void {
    for (const slot of this.slots) if (slot.state === 'up') slot.connection.session.close();
    this.slots.fill({ state: 'none' });
  }

  private open(index: number): PooledSession {
    const session = http2.connect(this.target.origin, this.target.options);
    const connection = new PooledSession(session);
    const slot: Slot = { state: 'up', connection };
    this.slots[index] = slot;
    // Set up once the server's SETTINGS arrived: a socket that opens and drops (a non-HTTP/2 server) is a failed connect.
    let setUp = false;
    session.once('remoteSettings', () => (setUp = true));
    const failed = (reason: string): void => {
      const message = setUp ? reason : `No connection established. Last error: ${reason}`;
      this.failures.set(session, message);
      if (this.slots[index] !== slot) return;
      // After a failed connect, calls fail fast for a while rather than reconnecting once per call.
      this.slots[index] = setUp
        ? { state: 'none' }
        : { state: 'failed', message, retryAt: Date.now() + reconnectBackoffMs };
    };
    session.on('error', (error: Error) => failed(error.message));
    // A GOAWAY or a closed socket: the next call opens a new session.
    session.once('goaway', () => {
      if (this.slots[index] === slot) this.slots[index] = { state: 'none' };
    });
    session.once('close', () => {
      if (!this.failures.has(session) && !setUp) failed('the connection closed before HTTP/2 was set up');
      if (this.slots[index] === slot) this.slots[index] = { state: 'none' };
    });
    return connection;
  }
}
