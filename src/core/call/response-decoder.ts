import type { DescMessage, Registry } from '@bufbuild/protobuf';
import { decodeToJson, type JsonOptions } from '../schema/json';

/** Decodes one response message to compact canonical JSON text. */
export type ResponseDecoder = (bytes: Uint8Array) => string;

/** The decoder for one call's response type and print options. */
export function responseDecoder(registry: Registry, message: DescMessage, options: JsonOptions): ResponseDecoder {
  return (bytes) => JSON.stringify(decodeToJson(registry, message, bytes, options));
}
