import type { IncomingHttpHeaders } from 'node:http';
import { Metadata } from '@grpc/grpc-js';

/** HTTP/1.1 connection management and encoding negotiation: HTTP's business, not the call's metadata. */
const notMetadata = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'grpc-encoding',
  'grpc-accept-encoding',
  'connect-content-encoding',
  'connect-accept-encoding',
  'content-encoding',
  'accept-encoding',
  'grpc-status',
  'grpc-message',
]);

/**
 * Response headers or trailers as grpc-js Metadata (`-bin` values decoded from base64), without what HTTP and the
 * status use; `rename` may map a name to another (Connect's `trailer-` prefix) or drop it (undefined).
 */
export function responseMetadata(
  headers: IncomingHttpHeaders,
  rename: (name: string) => string | undefined = (name) => name,
): Metadata {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    const key = rename(name.toLowerCase());
    if (value === undefined || key === undefined || key.startsWith(':') || notMetadata.has(key)) continue;
    const before = kept[key];
    kept[key] = before === undefined ? value : [before, value].flat();
  }
  return Metadata.fromHttp2Headers(kept);
}

/** The one value of a header (the first when repeated). */
export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
