import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AuthError } from '../errors';

/** A listener for the authorization server's redirect back to this app (RFC 8252 7.3: loopback, any port). */
export interface LoopbackRedirect {
  redirectUri: string;
  /** The full URL the browser was sent back to. */
  callback: Promise<URL>;
  close: () => void;
}

const donePage = `<!doctype html><meta charset="utf-8"><title>Protodesk</title>
<body style="font: 16px system-ui; margin: 3em"><h1>Signed in</h1><p>You can close this tab and return to Protodesk.</p>`;

/** Listens on 127.0.0.1 (never a wildcard address) at a free port until the redirect arrives or `timeoutMs` passes. */
export async function listenForRedirect(timeoutMs: number, signal?: AbortSignal): Promise<LoopbackRedirect> {
  let settle!: { resolve: (url: URL) => void; reject: (error: Error) => void };
  const callback = new Promise<URL>((resolve, reject) => (settle = { resolve, reject }));
  callback.catch(() => undefined);
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', redirectUri);
    if (url.pathname !== '/callback') {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', connection: 'close' })
      .end(donePage);
    settle.resolve(url);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
  const timer = setTimeout(
    () =>
      settle.reject(
        new AuthError(
          `No sign-in came back within ${Math.round(timeoutMs / 1000)} s.`,
          'Finish signing in in the browser, or get a new token to try again.',
        ),
      ),
    timeoutMs,
  );
  const onAbort = (): void => settle.reject(new AuthError('Signing in was cancelled.'));
  signal?.addEventListener('abort', onAbort, { once: true });
  const close = (): void => {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    server.closeAllConnections();
    server.close();
  };
  return { redirectUri, callback, close };
}
