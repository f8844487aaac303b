import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The Host header names this server by loopback address and port (a DNS-rebound name is refused). */
export function hostAllowed(request: IncomingMessage, port: number): boolean {
  const host = request.headers.host;
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

/** The WebSocket comes from this server's own page (another site's page would send its own origin). */
export function originAllowed(request: IncomingMessage, port: number): boolean {
  const origin = request.headers.origin;
  return origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`;
}

/** Compares a presented token with the real one in constant time. */
export function tokenMatches(presented: string | null | undefined, token: string): boolean {
  if (presented === null || presented === undefined) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The token cookie's name; it carries the port because cookies are shared by every port of a host. */
export function tokenCookieName(port: number): string {
  return `protodesk-${port}`;
}

/** The `Set-Cookie` value that lets the page's own files (scripts, workers, styles, fonts) present the token. */
export function tokenCookie(port: number, token: string): string {
  return `${tokenCookieName(port)}=${token}; Path=/; HttpOnly; SameSite=Strict`;
}

/** Whether the request presents the token: in its query, or in the cookie the index set. */
export function presentsToken(
  request: IncomingMessage,
  params: URLSearchParams,
  port: number,
  token: string,
): boolean {
  return (
    tokenMatches(params.get('token'), token) ||
    cookieValues(request, tokenCookieName(port)).some((v) => tokenMatches(v, token))
  );
}

/** Every value of the named cookie in the request's Cookie header. */
function cookieValues(request: IncomingMessage, name: string): string[] {
  return (request.headers.cookie ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(`${name}=`))
    .map((pair) => pair.slice(name.length + 1));
}

/** Path and query of a request target, parsed without letting `//name` pass for a host. */
export function requestTarget(url: string | undefined): { pathname: string; params: URLSearchParams } {
  const raw = url ?? '/';
  const query = raw.indexOf('?');
  return {
    pathname: query < 0 ? raw : raw.slice(0, query),
    params: new URLSearchParams(query < 0 ? '' : raw.slice(query + 1)),
  };
}
