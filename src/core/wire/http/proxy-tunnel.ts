import { request } from 'node:http';
import type { Socket } from 'node:net';
import { httpError } from './errors';
import type { ProxyRoute } from './route';

/**
 * Opens an HTTP CONNECT tunnel to `target` (`host:port`) through the proxy; `done` gets the tunnel's socket, or an
 * error naming the proxy. Returns a function that abandons the attempt.
 */
export function openTunnel(
  proxy: ProxyRoute,
  target: string,
  done: (error: NodeJS.ErrnoException | undefined, socket?: Socket) => void,
): () => void {
  const headers: Record<string, string> = { host: target };
  if (proxy.authorization) headers['proxy-authorization'] = proxy.authorization;
  const connect = request({
    host: proxy.host,
    port: proxy.port,
    method: 'CONNECT',
    path: target,
    headers,
    setHost: false,
    agent: false,
  });
  let tunnel: Socket | undefined;
  connect.once('connect', (response, socket, head) => {
    if (response.statusCode !== 200) {
      socket.destroy();
      const status = `${response.statusCode} ${response.statusMessage ?? ''}`.trim();
      done(
        httpError(
          'EPROXYREFUSED',
          `The proxy ${proxy.origin} (from ${proxy.variable}) refused the CONNECT to ${target} with status ${status}.`,
        ),
      );
      return;
    }
    tunnel = socket;
    socket.setNoDelay(true);
    // Bytes the server sent right after the proxy's answer belong to the tunnel.
    if (head.length > 0) socket.unshift(head);
    done(undefined, socket);
  });
  connect.once('error', (error: NodeJS.ErrnoException) => {
    if (tunnel) return;
    error.message = `${error.message} (the proxy ${proxy.origin} from ${proxy.variable})`;
    done(error);
  });
  connect.end();
  return () => {
    connect.destroy();
    tunnel?.destroy();
  };
}
