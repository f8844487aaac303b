/** Which requests browser mode refuses, and what the refusal tells the user. Decided from the headers alone. */
import type { IncomingMessage } from 'node:http';
import { hostAllowed, originAllowed, presentsToken, tokenMatches } from './security';

/** A refused request: its HTTP status, what is wrong and what to do, and any header the status calls for. */
export interface Refusal {
  status: number;
  message: string;
  headers?: Readonly<Record<string, string>>;
}

/** What the gate checks a request against. */
export interface GateContext {
  port: number;
  token: string;
}

/** A request's path and query (see requestTarget). */
export interface Target {
  pathname: string;
  params: URLSearchParams;
}

const openPrinted = (port: number): string =>
  `open the address \`protodesk serve\` printed (http://127.0.0.1:${port}/?token=...)`;

/** The index, which the printed address opens: it must carry the token in its query. */
export function isIndex(target: Target): boolean {
  return target.pathname === '/' || target.pathname === '/index.html';
}

/** Refuses a page request (index or file) with the wrong Host, a method other than GET or HEAD, or no token. */
export function checkPageRequest(
  request: IncomingMessage,
  target: Target,
  context: GateContext,
): Refusal | undefined {
  if (!hostAllowed(request, context.port)) return wrongHost(context.port);
  if (request.method !== 'GET' && request.method !== 'HEAD') return wrongMethod(request, 'GET, HEAD');
  const tokenPresented = isIndex(target)
    ? tokenMatches(target.params.get('token'), context.token)
    : presentsToken(request, target.params, context.port, context.token);
  if (!tokenPresented) return missingToken(context.port);
  return undefined;
}

/** Refuses a WebSocket handshake that is not the page's own: wrong Host, path, method, Origin, or no token in its URL. */
export function checkUpgrade(
  request: IncomingMessage,
  target: Target,
  context: GateContext,
): Refusal | undefined {
  if (!hostAllowed(request, context.port)) return wrongHost(context.port);
  if (target.pathname !== '/api') return { status: 404, message: 'Not found: the API is at /api.' };
  if (request.method !== 'GET') return wrongMethod(request, 'GET');
  if (!originAllowed(request, context.port)) {
    return {
      status: 403,
      message: `Wrong origin: only Protodesk's own page may connect; ${openPrinted(context.port)} in the browser.`,
    };
  }
  // The query token only, not the cookie: another page of the same site (another port of 127.0.0.1) sends the cookie
  // too, so accepting it would leave the Origin check standing alone.
  if (!tokenMatches(target.params.get('token'), context.token)) return missingToken(context.port);
  return undefined;
}

/** Refuses a method; `allowed` as the Allow header lists them. */
export function wrongMethod(request: IncomingMessage, allowed: string): Refusal {
  return {
    status: 405,
    message: `${request.method ?? 'This method'} is not allowed here: only ${allowed.replace(', ', ' or ')}.`,
    headers: { Allow: allowed },
  };
}

function missingToken(port: number): Refusal {
  return { status: 403, message: `Wrong or missing token: ${openPrinted(port)}.` };
}

function wrongHost(port: number): Refusal {
  return {
    status: 403,
    // Another name that resolves here (DNS rebinding) would let a foreign site's page read the answers.
    message: `Wrong Host header: Protodesk answers only to 127.0.0.1:${port} and localhost:${port}; ${openPrinted(port)}.`,
  };
}
