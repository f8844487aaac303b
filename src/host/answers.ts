/** How browser mode answers: the headers every answer carries, and refusals over HTTP or a raw socket. */
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { pageSecurityHeaders } from '../shared/page-security';
import type { Refusal } from './gate';

/** On every answer, refusals included; never a CORS header, so other origins cannot read any of it. */
export const hostHeaders: Readonly<Record<string, string>> = {
  ...pageSecurityHeaders,
  // Other origins (even another port of 127.0.0.1, which is the same site) cannot embed the page's files.
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** Answers a refused HTTP request and closes the connection, so a body it carries is never read. */
export function refuse(response: ServerResponse, refusal: Refusal): void {
  const body = `${refusal.message}\n`;
  response.writeHead(refusal.status, refusalHeaders(refusal, body));
  response.end(body);
}

/** Answers on a socket no HTTP response exists for (a refused WebSocket handshake, an unparsable request), then drops it. */
export function refuseSocket(socket: Duplex, refusal: Refusal): void {
  const body = `${refusal.message}\n`;
  const lines = Object.entries(refusalHeaders(refusal, body)).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? ''}\r\n${lines.join('')}\r\n${body}`,
  );
}

function refusalHeaders(refusal: Refusal, body: string): Record<string, string> {
  return {
    ...hostHeaders,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    Connection: 'close',
    ...refusal.headers,
  };
}
