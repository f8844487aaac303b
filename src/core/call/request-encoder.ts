import type { DescMessage, Registry } from '@bufbuild/protobuf';
import { encodeJson } from '../schema/json';

// The last request text encoded per message type: re-sending the same request (repeat runs, load) skips the encode.
const lastEncoded = new WeakMap<DescMessage, { json: string; bytes: Uint8Array }>();

/** Encodes request JSON text to protobuf bytes (throws JsonInputError), reusing the bytes when the text is unchanged. */
export function encodeRequest(registry: Registry, message: DescMessage, json: string): Uint8Array {
  const last = lastEncoded.get(message);
  if (last?.json === json) return last.bytes;
  const bytes = encodeJson(registry, message, json);
  lastEncoded.set(message, { json, bytes });
  return bytes;
}
