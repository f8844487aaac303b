import type { JsonObject, JsonValue } from '@bufbuild/protobuf';
import { grpcStatusName } from '../../../shared/grpc-status';
import { decodeStatusDetails } from '../../call/status-details';
import { decodeToJson } from '../../schema/json';
import type { Schema } from '../../schema/schema';
import type { MockCall } from '../handler';
import type { Exchange } from './forward-call';

/**
 * The stub rule that replays a recorded call: it matches the request's body (for streams from the client, each
 * message by its index) and answers with what the upstream sent: headers, the message or the stream, trailers, and
 * the status when it was not OK. Metadata is not matched: tokens and trace ids differ on every call.
 */
export function recordedRule(schema: Schema, method: MockCall['method'], exchange: Exchange): JsonObject {
  const requests = exchange.requests.map((bytes) => decodeToJson(schema.registry, method.input, bytes));
  const responses = exchange.responses.map((bytes) => decodeToJson(schema.registry, method.output, bytes));
  const respond: JsonObject = {};
  if (Object.keys(exchange.headers).length > 0) respond.headers = metadataJson(exchange.headers);
  if (method.methodKind === 'unary' || method.methodKind === 'client_streaming') {
    if (responses[0] !== undefined) respond.body = responses[0];
  } else if (responses.length > 0) {
    respond.stream = responses.map((body) => ({ body }));
  }
  if (exchange.status.code !== 0) respond.status = statusJson(schema, exchange);
  if (Object.keys(exchange.trailers).length > 0) respond.trailers = metadataJson(exchange.trailers);
  return { match: requestMatch(method, requests), respond };
}

/** What a rule matches: the one request's body, or for client and bidi streams the messages in order. */
function requestMatch(method: MockCall['method'], requests: JsonValue[]): JsonObject {
  if (method.methodKind === 'unary' || method.methodKind === 'server_streaming') {
    return { body: requests[0] ?? {} };
  }
  return { messages: requests };
}

function statusJson(schema: Schema, exchange: Exchange): JsonObject {
  const status: JsonObject = { code: grpcStatusName(exchange.status.code), message: exchange.status.message };
  if (exchange.statusDetailsBytes) {
    const { details } = decodeStatusDetails(schema.registry, exchange.statusDetailsBytes);
    const decoded = details === undefined ? undefined : (JSON.parse(details) as JsonObject).details;
    if (Array.isArray(decoded) && decoded.length > 0) status.details = decoded;
  }
  return status;
}

/** Metadata as a rule writes it: one value as a string, several as a list. */
function metadataJson(metadata: Record<string, string[]>): JsonObject {
  return Object.fromEntries(
    Object.entries(metadata).map(([name, values]) => [name, values.length === 1 ? values[0]! : values]),
  );
}
