/**
 * Browser mode: the page and the contract served to a browser on this machine. HTTP and the WebSocket listen on
 * 127.0.0.1 only. A random token in the URL gates the page (`/?token=`) and the WebSocket (`/api?token=`); the
 * page's other files (scripts, styles, fonts) are served without it, since they hold no data and the token never
 * has to be copied into their URLs. Host and Origin checks stop DNS rebinding and other sites' pages.
 */
import { randomBytes } from 'node:crypto';
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { resolve } from 'node:path';
import { WebSocketServer } from 'ws';
import type { EngineService } from '../core/service';
import { serveApiConnection } from './api-connection';
import { pageSecurityHeaders as securityHeaders } from '../shared/page-security';
import { hostAllowed, originAllowed, requestTarget, tokenMatches } from './security';
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
  let port = 0;
  const server = createServer((request, response) => {
    void handleHttp(request, response, { port, token, rendererDir });
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => undefined);
    const { pathname, params } = requestTarget(request.url);
    if (pathname !== '/api') return refuseUpgrade(socket, 404, 'Not found.');
    if (!hostAllowed(request, port)) return refuseUpgrade(socket, 403, 'Wrong Host header.');
    if (!originAllowed(request, port)) return refuseUpgrade(socket, 403, 'Wrong origin.');
    if (!tokenMatches(params.get('token'), token))
      return refuseUpgrade(socket, 401, 'Wrong or missing token.');
    sockets.handleUpgrade(request, socket, head, (ws) => serveApiConnection(ws, service));
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

interface HttpContext {
  port: number;
  token: string;
  rendererDir: string;
}

/** Serves the page: index.html with the token, its other files without; everything else 404. */
async function handleHttp(
  request: IncomingMessage,
  response: ServerResponse,
  context: HttpContext,
): Promise<void> {
  if (!hostAllowed(request, context.port))
    return reply(response, 403, 'Wrong Host header: open the address protodesk serve printed.');
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return reply(response, 405, 'Only GET and HEAD.');
  const { pathname, params } = requestTarget(request.url);
  const isIndex = pathname === '/' || pathname === '/index.html';
  if (isIndex && !tokenMatches(params.get('token'), context.token)) {
    return reply(response, 403, 'This page needs its token: open the address protodesk serve printed.');
  }
  const file = await findStaticFile(context.rendererDir, isIndex ? '/index.html' : pathname);
  if (!file)
    return reply(response, 404, isIndex ? 'The page is not built: run npm run build.' : 'Not found.');
  response.writeHead(200, {
    ...securityHeaders,
    'Content-Type': file.contentType,
    'Content-Length': String(file.size),
    'Cache-Control': isIndex ? 'no-store' : 'no-cache',
  });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  // A file removed or unreadable mid-send (a rebuild) just ends the response early.
  await pipeline(file.open(), response).catch(() => undefined);
}

function reply(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, {
    ...securityHeaders,
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  response.end(`${text}\n`);
}

/** Answers a refused WebSocket handshake with a plain HTTP status, then drops the connection once it is written. */
function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  const body = `${text}\n`;
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
