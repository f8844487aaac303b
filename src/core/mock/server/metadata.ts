import { status as code } from '@grpc/grpc-js';
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import type { MockMetadata } from '../handler';
import { RequestError } from './request-error';

/** Request headers that belong to HTTP, gRPC or Connect themselves, not to the call's metadata. */
const transportHeaders = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'accept-encoding',
  'te',
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
  'x-grpc-web',
]);

/** Whether a header belongs to HTTP, gRPC or Connect themselves rather than to the call (names in lower case). */
export function isTransportHeader(name: string): boolean {
  return (
    name.charCodeAt(0) === 0x3a /* ':' */ ||
    name.startsWith('grpc-') ||
    name.startsWith('connect-') ||
    transportHeaders.has(name)
  );
}

/**
 * The call's metadata from its request headers. A repeated header keeps each value; `-bin` values that a client
 * joined into one header (`a,b`) are split, as grpc-js does.
 */
export function requestMetadata(headers: IncomingHttpHeaders): MockMetadata {
  const metadata: MockMetadata = {};
  for (const name in headers) {
    if (isTransportHeader(name)) continue;
    const value = headers[name];
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    metadata[name] = name.endsWith('-bin')
      ? values.flatMap((v) => v.split(',').map((s) => s.trim()))
      : values;
  }
  return metadata;
}

// HTTP's token characters for a name, and the bytes a field value may hold (node refuses others, and CR or LF would
// break gRPC-Web's trailer block).
const validName = /^[a-z0-9!#$%&'*+.^_`|~-]+$/;
const validValue = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * Adds a handler's headers or trailers to an outgoing header block, under `prefix` (Connect unary sends trailers as
 * `trailer-` headers). Names the transport owns are dropped so a stub cannot break the framing; a name or value HTTP
 * cannot carry throws a RequestError saying which.
 */
export function addMetadata(
  target: OutgoingHttpHeaders,
  metadata: MockMetadata | undefined,
  prefix = '',
): void {
  if (!metadata) return;
  for (const name in metadata) {
    const lower = name.toLowerCase();
    if (isTransportHeader(lower)) continue;
    const values = metadata[name];
    if (!values || values.length === 0) continue;
    const bad = !validName.test(lower)
      ? 'name'
      : values.some((value) => !validValue.test(value))
        ? 'value'
        : '';
    if (bad) {
      throw new RequestError({
        code: code.INTERNAL,
        message:
          `The mock's metadata "${name}" has a ${bad} HTTP cannot carry: use letters, digits and dashes in names, ` +
          'and no line breaks or control characters in values.',
      });
    }
    target[prefix + lower] = values.length === 1 ? values[0] : values;
  }
}

/** Metadata as Connect's end-stream message carries it: `{name: [values]}`, transport names dropped. */
export function connectMetadataJson(
  metadata: MockMetadata | undefined,
): Record<string, string[]> | undefined {
  if (!metadata) return undefined;
  const json: Record<string, string[]> = {};
  for (const name in metadata) {
    const lower = name.toLowerCase();
    if (!isTransportHeader(lower) && metadata[name]!.length > 0) json[lower] = metadata[name]!;
  }
  return Object.keys(json).length > 0 ? json : undefined;
}
