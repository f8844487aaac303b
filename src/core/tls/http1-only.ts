import { connect as connectTcp, isIP, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import type { TlsSettings } from '../../shared/schema';
import { splitDisplay } from '../connection/target';
import { probeHttp2 } from './http2-probe';

/**
 * Whether the server at `host:port` speaks HTTP/1.1 and not HTTP/2, as gRPC-Web and Connect servers often do (gRPC,
 * and so server reflection, cannot reach them). Over TLS, ALPN tells (offered h2 and http/1.1, the server picks
 * http/1.1); in plaintext, the HTTP/2 preface is answered with an HTTP/1.x response. Only looks: nothing but the
 * preface is sent, and the certificate is not checked (the call's own connection does that).
 */
export function speaksOnlyHttp1(hostPort: string, tls: TlsSettings, timeoutMs: number): Promise<boolean> {
  const parts = splitDisplay(hostPort);
  if (!parts) return Promise.resolve(false);
  const { host, port } = parts;
  const started = Date.now();
  return new Promise((resolve) => {
    let socket: Socket;
    const done = (answer: boolean): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    if (tls.mode === 'plaintext') {
      socket = connectTcp({ host, port });
      socket.once('connect', () => {
        const left = Math.max(1, timeoutMs - (Date.now() - started));
        void probeHttp2(socket, left).then((result) => done(result.answer === 'http1'));
      });
    } else {
      const name = tls.serverName ?? host;
      const secure = connectTls({
        host,
        port,
        ...(isIP(name) === 0 ? { servername: name } : {}),
        ALPNProtocols: ['h2', 'http/1.1'],
        rejectUnauthorized: false,
        checkServerIdentity: () => undefined,
      });
      socket = secure;
      secure.once('secureConnect', () => done(secure.alpnProtocol === 'http/1.1'));
    }
    socket.once('error', () => done(false));
  });
}
