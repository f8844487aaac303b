/**
 * Browser mode: the page and the contract served to a browser on this machine. What it refuses, and why:
 * - Anything not on 127.0.0.1: it listens there only (no flag changes that), so other machines cannot connect.
 * - A Host header other than 127.0.0.1:PORT or localhost:PORT (403): a foreign name resolved to 127.0.0.1 (DNS
 *   rebinding) would make this server the same origin as a foreign site's page.
 * - A request without the token (403). The printed address carries it (`/?token=`); the index requires it there and
 *   answers with an HttpOnly, SameSite=Strict cookie (named by port) that the page's own files (scripts, chunks,
 *   workers, styles, fonts, source maps) present instead. Every other request needs the cookie or the query token.
 * - A WebSocket handshake (`/api`) from any Origin but the page's own, or without the token in its URL (403). The
 *   cookie is not enough there: another page of the same site (another port of 127.0.0.1) sends it too.
 * - Methods other than GET and HEAD (405), and files outside the built page's folder (404): `..`, encoded
 *   separators, absolute paths and symbolic links leading out. HTTP serves that folder and nothing else.
 * - A request Node cannot parse (400) or with oversized headers (431), answered here so it gets the headers below.
 * Refusals are decided from the headers alone (no body is read; the connection closes) and carry the same security
 * headers as the page; no answer carries a CORS header. The WebSocket's operations act on paths the page names
 * (typed or picked in its own path dialog, which lists folders of this machine): the token holder is the user.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { resolve } from 'node:path';
import { WebSocketServer } from 'ws';
import type { EngineService } from '../core/service';
import { serveApiConnection } from './api-connection';
import { hostHeaders, refuse, refuseSocket } from './answers';
import { checkPageRequest, checkUpgrade, isIndex, wrongMethod, type GateContext } from './gate';
import { requestTarget, tokenCookie } from './security';
import { findStaticFile } from './static-files';

/** How to start browser mode. */
export interface HostOptions {
  /** 0 picks a free port. */
  port: number;
  /** The engine to serve (the caller closes it after the host). */
  service: EngineService;
  /** The built page's folder (index.html and its files). */
  rendererDir: string;
  /** Fixed token (tests); a random one otherwise. */
  token?: string;
}

/** A running browser-mode server. */
export interface Host {
  /** The address to open: `http://127.0.0.1:PORT/?token=...`. */
  url: string;
  port: number;
  token: string;
  /** Closes every connection (cancelling their calls) and stops listening. */
  close(): Promise<void>;
}

/** Request JSON may be 64 MiB, and JSON-escaping it inside a frame can double it. */
const maxPayload = 160 * 1024 * 1024;

/** Starts the server; rejects (EADDRINUSE, EACCES) when the port cannot be bound. */
export async function startHost(options: HostOptions): Promise<Host> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const rendererDir = resolve(options.rendererDir);
  const { service } = options;
  const sockets = new WebSocketServer({ noServer: true, maxPayload });
  // A handshake ws itself finds invalid (no key, wrong version) is refused like the gate's, with the same headers.
  sockets.on('wsClientError', (error: Error, socket: Duplex) =>
    refuseSocket(socket, { status: 400, message: `Not a valid WebSocket handshake: ${error.message}.` }),
  );
  let port = 0;
  // The gate refuses a missing Host itself (Node's own refusal would lack the security headers and the message).
  const server = createServer({ requireHostHeader: false }, (request, response) => {
    void handleHttp(request, response, { port, token, rendererDir });
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => undefined);
    const refusal = checkUpgrade(request, requestTarget(request.url), { port, token });
    if (refusal) return refuseSocket(socket, refusal);
    sockets.handleUpgrade(request, socket, head, (ws) => serveApiConnection(ws, service));
  });
  // Node would drop a CONNECT (a proxy request) without a word.
  server.on('connect', (request: IncomingMessage, socket: Duplex) =>
    refuseSocket(socket, wrongMethod(request, 'GET, HEAD')),
  );
  // Node's own answer to a request it cannot parse would lack the security headers.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable) return void socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    refuseSocket(socket, {
      status: tooLarge ? 431 : 400,
      message: tooLarge ? 'The request headers are too large.' : 'The request is not valid HTTP.',
    });
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port, host: '127.0.0.1' }, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    close: async () => {
      for (const ws of sockets.clients) ws.terminate();
      await new Promise<void>((done) => sockets.close(() => done()));
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

interface HttpContext extends GateContext {
  rendererDir: string;
}

/** Serves the built page's files to requests the gate lets through; everything else 404. */
async function handleHttp(
  request: IncomingMessage,
  response: ServerResponse,
  context: HttpContext,
): Promise<void> {
  const target = requestTarget(request.url);
  const refusal = checkPageRequest(request, target, context);
  if (refusal) return refuse(response, refusal);
  const index = isIndex(target);
  const file = await findStaticFile(context.rendererDir, index ? '/index.html' : target.pathname);
  if (!file) {
    const message = index ? 'The page is not built: run npm run build.' : 'Not found.';
    return refuse(response, { status: 404, message });
  }
  response.writeHead(200, {
    ...hostHeaders,
    'Content-Type': file.contentType,
    'Content-Length': String(file.size),
    'Cache-Control': index ? 'no-store' : 'no-cache',
    // The index was opened with the token: from here on the page's own files present it as a cookie.
    ...(index ? { 'Set-Cookie': tokenCookie(context.port, context.token) } : {}),
  });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  // A file removed or unreadable mid-send (a rebuild) just ends the response early.
  await pipeline(file.open(), response).catch(() => undefined);
}
