import type { JsonObject, JsonValue } from '@bufbuild/protobuf';
import { grpcStatusName } from '../../../shared/grpc-status';
import { decodeStatusDetails } from '../../call/status-details';
import { decodeToJson } from '../../schema/json';
import type { Schema } from '../../schema/schema';
import type { MockCall } from '../handler';
import type { Exchange } from './forward-call';

/**
 * The stub rules that replay a recorded call with what the upstream sent: headers, the message or the stream,
 * trailers, and the status when it was not OK. A unary or server-streaming call becomes one rule matching its
 * request's body, a client stream one rule matching its messages in order; a bidi call becomes one rule per message
 * it sent (matching the message's index and body), answering with the responses that arrived after it. Metadata is
 * not matched: tokens and trace ids differ from call to call.
 */
export function recordedRules(schema: Schema, method: MockCall['method'], exchange: Exchange): JsonObject[] {
  const requests = exchange.requests.map((bytes) => decodeToJson(schema.registry, method.input, bytes));
  const responses = exchange.responses.map((bytes) => decodeToJson(schema.registry, method.output, bytes));
  const status = exchange.status.code === 0 ? undefined : statusJson(schema, exchange);
  const headers = metadataJson(exchange.headers);
  const trailers = metadataJson(exchange.trailers);
  if (method.methodKind === 'bidi_streaming')
    return bidiRules(requests, responses, exchange, status, headers, trailers);
  const respond: JsonObject = { ...(headers ? { headers } : {}) };
  if (method.methodKind === 'server_streaming') {
    if (responses.length > 0) respond.stream = responses.map((body) => ({ body }));
  } else if (responses[0] !== undefined && !status) respond.body = responses[0];
  if (status) respond.status = status;
  if (trailers) respond.trailers = trailers;
  const match: JsonObject =
    method.methodKind === 'client_streaming' ? { messages: requests } : { body: requests[0] ?? {} };
  return [{ match, respond }];
}

/** A bidi call: each message's rule answers with the responses that came after it (before the next message). */
function bidiRules(
  requests: JsonValue[],
  responses: JsonValue[],
  exchange: Exchange,
  status: JsonObject | undefined,
  headers: JsonObject | undefined,
  trailers: JsonObject | undefined,
): JsonObject[] {
  const last = Math.max(requests.length - 1, 0);
  const rules = (requests.length > 0 ? requests : [{}]).map((body, index): JsonObject => {
    // Responses the upstream sent before any message count as the first message's answer.
    const answers = responses.filter((_, i) => Math.max((exchange.answering[i] ?? 1) - 1, 0) === index);
    const respond: JsonObject = {};
    if (index === 0 && headers) respond.headers = headers;
    if (answers.length > 0) respond.stream = answers.map((answer) => ({ body: answer }));
    if (index === last && status) respond.status = status;
    if (index === last && trailers) respond.trailers = trailers;
    return { match: { index, body }, respond };
  });
  return rules;
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

/** Metadata as a rule writes it, one value as a string and several as a list; undefined when there is none. */
function metadataJson(metadata: Record<string, string[]>): JsonObject | undefined {
  const entries = Object.entries(metadata);
  if (entries.length === 0) return undefined;
  return Object.fromEntries(
    entries.map(([name, values]) => [name, values.length === 1 ? values[0]! : values]),
  );
}
