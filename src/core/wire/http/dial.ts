import { connect as tcpConnect, type Socket } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import { httpError } from './errors';
import { openTunnel } from './proxy-tunnel';
import type { Route } from './route';

/** How long one connection may take to come up (TCP, proxy tunnel, TLS): grpc-js's minimum connect timeout. */
export const connectDeadlineMs = 20_000;

export type DialDone = (error: NodeJS.ErrnoException | undefined, socket?: Socket) => void;

/**
 * Opens one socket to the route's server: TCP (through a CONNECT tunnel when the route has a proxy), then TLS when
 * `tls` is given (its `ALPNProtocols` say what to offer). `done` runs once; the returned function abandons the attempt
 * and destroys whatever is open (then `done` is not called).
 */
export function dial(route: Route, tls: ConnectionOptions | undefined, done: DialDone): () => void {
  let settled = false;
  let abandon: () => void = () => undefined;
  const finish: DialDone = (error, socket) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    if (error) abandon();
    done(error, socket);
  };
  const timer = setTimeout(() => {
    const stage = tls ? 'the TLS handshake' : 'the connection';
    finish(
      httpError(
        'ETIMEDOUT',
        `connect ETIMEDOUT ${route.host}:${route.port} (${stage} did not complete in ${connectDeadlineMs / 1000} s)`,
      ),
    );
  }, connectDeadlineMs);
  const secure = (socket: Socket): void => {
    if (!tls) return finish(undefined, socket);
    try {
      const secured = tlsConnect({ ...tls, socket });
      abandon = () => secured.destroy();
      const failed = (error: Error): void => finish(error);
      secured.once('error', failed);
      secured.once('secureConnect', () => {
        secured.removeListener('error', failed);
        finish(undefined, secured);
      });
    } catch (error) {
      finish(error as NodeJS.ErrnoException);
    }
  };
  if (route.proxy) {
    abandon = openTunnel(route.proxy, `${hostForUrl(route.host)}:${route.port}`, (error, socket) =>
      error ? finish(error) : secure(socket!),
    );
  } else {
    const socket = tcpConnect({ host: route.host, port: route.port, noDelay: true });
    abandon = () => socket.destroy();
    const failed = (error: Error): void => finish(error);
    socket.once('error', failed);
    socket.once('connect', () => {
      socket.removeListener('error', failed);
      secure(socket);
    });
  }
  return () => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    abandon();
  };
}

/** IPv6 addresses go in brackets in `host:port`. */
function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
