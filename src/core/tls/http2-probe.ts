import { connect, type Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';

/** How a server answered the HTTP/2 connection preface (`http1`: with an HTTP/1.x response, e.g. 400 or 505). */
export type Http2Answer =
  | { answer: 'http2' }
  | { answer: 'http1' | 'other' | 'closed' | 'timeout' }
  | { answer: 'error'; error: Error };

// The client connection preface (RFC 9113 §3.4) and an empty SETTINGS frame: an HTTP/2 server answers with SETTINGS.
const preface = Buffer.concat([
  Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 'latin1'),
  Buffer.from([0, 0, 0, 4, 0, 0, 0, 0, 0]),
]);
const settingsFrameType = 4;

/**
 * Sends the HTTP/2 preface on a connected socket and reports whether the first frame back is SETTINGS. After a TLS
 * handshake this is where a server that rejects the client certificate says so (TLS 1.3 alerts arrive after the
 * handshake); on a plain socket it tells a plaintext gRPC server apart from anything else. Destroys the socket.
 */
export function probeHttp2(socket: Socket | TLSSocket, timeoutMs: number): Promise<Http2Answer> {
  return new Promise((resolve) => {
    let received = Buffer.alloc(0);
    const done = (answer: Http2Answer): void => {
      clearTimeout(timer);
      socket.removeAllListeners('data');
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => done({ answer: 'timeout' }), timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.length < 9) return;
      if (received[3] === settingsFrameType) done({ answer: 'http2' });
      else done({ answer: received.subarray(0, 7).toString('latin1') === 'HTTP/1.' ? 'http1' : 'other' });
    });
    socket.once('error', (error) => done({ answer: 'error', error }));
    socket.once('close', () => done({ answer: 'closed' }));
    socket.write(preface);
  });
}

/** Connects without TLS and probes: whether a plaintext HTTP/2 (gRPC) server listens there. */
export function plaintextHttp2(
  endpoint: { host: string; port: number } | { path: string },
  timeoutMs: number,
): Promise<boolean> {
  const socket = connect(endpoint);
  return new Promise((resolve) => {
    socket.once('error', () => resolve(false));
    socket.once('connect', () => {
      void probeHttp2(socket, timeoutMs).then((result) => resolve(result.answer === 'http2'));
    });
  });
}
