import type { JsonValue } from '@bufbuild/protobuf';
import { decodeStatusDetails } from '../../call/status-details';
import { decodeToJson } from '../../schema/json';
import type { Schema } from '../../schema/schema';
import type { MockCall } from '../handler';
import type { SeenCall } from '../stubs';
import type { Exchange } from './forward-call';

/**
 * A recorded call as the stubs engine's writer takes it: the messages both ways as canonical JSON, the headers and
 * trailers the upstream sent, and its status with the typed details decoded (`@type` JSON). Throws when the upstream's
 * bytes do not decode with the mock's schema.
 */
export function seenCall(schema: Schema, method: MockCall['method'], exchange: Exchange): SeenCall {
  const details = exchange.statusDetailsBytes && statusDetails(schema, exchange.statusDetailsBytes);
  return {
    requests: exchange.requests.map((bytes) => decodeToJson(schema.registry, method.input, bytes)),
    responses: exchange.responses.map((bytes) => decodeToJson(schema.registry, method.output, bytes)),
    status: {
      code: exchange.status.code,
      message: exchange.status.message,
      ...(details ? { details } : {}),
    },
    headers: exchange.headers,
    trailers: exchange.trailers,
  };
}

function statusDetails(schema: Schema, bytes: Uint8Array): JsonValue[] | undefined {
  const { details } = decodeStatusDetails(schema.registry, bytes);
  const decoded: unknown =
    details === undefined ? undefined : (JSON.parse(details) as { details?: unknown }).details;
  return Array.isArray(decoded) && decoded.length > 0 ? (decoded as JsonValue[]) : undefined;
}
