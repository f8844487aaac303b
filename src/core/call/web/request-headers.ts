import type { Metadata } from '@grpc/grpc-js';
import { grpcTimeout } from '../../wire/http-status';
import type { WebProtocol } from './web-protocol';

/** What decides a web call's request headers. */
export interface RequestHeadOptions {
  protocol: WebProtocol;
  /** Connect unary: a plain POST of the message, not an envelope stream. */
  connectUnary: boolean;
  metadata: Metadata;
  /** Time left until the deadline, when there is one. */
  timeoutMs?: number;
  /** Compress the request with gzip. */
  gzip: boolean;
  userAgent: string;
  /** The body's length, when it is sent whole. */
  contentLength?: number;
}

/**
 * The request headers each protocol's spec asks for: content type, deadline, compression (requests gzip when asked,
 * responses accepted in gzip always), and the call's metadata (`-bin` values in base64, as grpc-js sends them).
 */
export function requestHeaders(o: RequestHeadOptions): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(o.metadata.toHttp2Headers())) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.map(String) : String(value);
  }
  headers['user-agent'] = o.userAgent;
  if (o.contentLength !== undefined) headers['content-length'] = String(o.contentLength);
  if (o.protocol === 'connect') {
    headers['connect-protocol-version'] = '1';
    if (o.timeoutMs !== undefined)
      headers['connect-timeout-ms'] = String(Math.max(1, Math.ceil(o.timeoutMs)));
    if (o.connectUnary) {
      headers['content-type'] = 'application/proto';
      headers['accept-encoding'] = 'gzip';
      if (o.gzip) headers['content-encoding'] = 'gzip';
    } else {
      headers['content-type'] = 'application/connect+proto';
      headers['connect-accept-encoding'] = 'gzip';
      if (o.gzip) headers['connect-content-encoding'] = 'gzip';
    }
    return headers;
  }
  const type = o.protocol === 'grpc-web-text' ? 'application/grpc-web-text' : 'application/grpc-web+proto';
  headers['content-type'] = type;
  headers.accept = type;
  headers['x-grpc-web'] = '1';
  // Browsers cannot set user-agent, so gRPC-Web servers and proxies look at this one.
  headers['x-user-agent'] = o.userAgent;
  headers['grpc-accept-encoding'] = 'gzip';
  if (o.gzip) headers['grpc-encoding'] = 'gzip';
  if (o.timeoutMs !== undefined) headers['grpc-timeout'] = grpcTimeout(Math.max(1, o.timeoutMs));
  return headers;
}
