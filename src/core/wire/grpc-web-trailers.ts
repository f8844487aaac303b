import type { IncomingHttpHeaders } from 'node:http';

/**
 * Reads the trailer envelope of a gRPC-Web response: an HTTP/1 header block (`name: value` lines ending in CRLF).
 * Names are lower-cased (Go's wrapper sends `Grpc-Status`); a repeated name keeps every value, in order.
 */
export function parseGrpcWebTrailers(block: Uint8Array): IncomingHttpHeaders {
  const trailers: Record<string, string | string[]> = {};
  for (const line of Buffer.from(block).toString('utf8').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    const before = trailers[name];
    trailers[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return trailers;
}
