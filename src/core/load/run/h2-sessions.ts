import http2, { type ClientHttp2Session, type SecureClientSessionOptions } from 'node:http2';
import type { TlsSettings } from '../../../shared/schema';
import { namingCertificateNames, readTlsFiles, trustedRoots } from '../../tls/credentials';
import { isIP } from 'node:net';

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
  const { cas, cert, key } = await readTlsFiles(tls);
  const host = hostPort.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  // Node checks the certificate against the server name, else the host (grpc-js: ssl_target_name_override).
  const name = tls.serverName ?? host;
  const options: SecureClientSessionOptions = {
    ALPNProtocols: ['h2'],
    ...(cas.length > 0 ? { ca: trustedRoots(cas) } : {}),
    ...(cert && key ? { cert, key } : {}),
    // No IP address as SNI (RFC 6066), as ip-server-name.ts does for grpc-js.
    ...(isIP(name) === 0 ? { servername: name } : {}),
    ...(tls.insecure
      ? { rejectUnauthorized: false, checkServerIdentity: () => undefined }
      : { checkServerIdentity: (_host: string, certificate) => namingCertificateNames(name, certificate) }),
  };
  return { origin: `https://${hostPort}`, options };
}

/** A connection's HTTP/2 session, or why there is none for now. */
type Slot =
  | { state: 'up'; session: ClientHttp2Session }
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
  take(): ClientHttp2Session | string {
    const index = this.next++ % this.slots.length;
    const slot = this.slots[index]!;
    if (slot.state === 'up') return slot.session;
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
      const session = this.open(index);
      return new Promise<void>((resolve) => {
        session.once('connect', () => resolve());
        session.once('close', () => resolve());
      });
    });
    await Promise.race([Promise.all(settled), waited]);
    clearTimeout(timer);
  }

  /** Closes every session (calls in flight finish first). */
  close(): void {
    for (const slot of this.slots) if (slot.state === 'up') slot.session.close();
    this.slots.fill({ state: 'none' });
  }

  private open(index: number): ClientHttp2Session {
    const session = http2.connect(this.target.origin, this.target.options);
    const slot: Slot = { state: 'up', session };
    this.slots[index] = slot;
    let connected = false;
    session.once('connect', () => (connected = true));
    session.on('error', (error: Error) => {
      const message = connected ? error.message : `No connection established. Last error: ${error.message}`;
      this.failures.set(session, message);
      if (this.slots[index] !== slot) return;
      this.slots[index] = connected
        ? { state: 'none' }
        : { state: 'failed', message, retryAt: Date.now() + reconnectBackoffMs };
    });
    // A GOAWAY or a closed socket: the next call opens a new session.
    const gone = (): void => {
      if (this.slots[index] === slot) this.slots[index] = { state: 'none' };
    };
    session.once('goaway', gone);
    session.once('close', gone);
    return session;
  }
}
