import { Metadata } from '@grpc/grpc-js';
import type { MockMetadata } from '../handler';
import { isTransportHeader } from '../server/metadata';

// Beyond the transport's own headers: what describes the client's hop, not the call; the upstream client sets its own.
const hopHeaders = new Set(['accept', 'origin', 'referer', 'trailer', 'user-agent', 'x-user-agent']);

/** Whether a header belongs to the call (and passes through) rather than to HTTP, gRPC, Connect or the hop. */
function isCallMetadata(name: string): boolean {
  return !isTransportHeader(name) && !name.startsWith('access-control-') && !hopHeaders.has(name);
}

/** The client's metadata for the upstream call: `-bin` values back to bytes. */
export function toGrpcMetadata(metadata: MockMetadata): Metadata {
  const out = new Metadata();
  for (const [name, values] of Object.entries(metadata)) {
    if (!isCallMetadata(name)) continue;
    for (const value of values) out.add(name, name.endsWith('-bin') ? Buffer.from(value, 'base64') : value);
  }
  return out;
}

/** What the upstream sent (headers or trailers) as the mock passes it on: `-bin` values as base64. */
export function fromGrpcMetadata(metadata: Metadata): MockMetadata {
  const out: MockMetadata = {};
  for (const name of Object.keys(metadata.getMap())) {
    if (!isCallMetadata(name)) continue;
    out[name] = metadata
      .get(name)
      .map((value) => (typeof value === 'string' ? value : value.toString('base64')));
  }
  return out;
}
