/** Stub files written by the app and record mode: one rule per distinct request, and where a method's file goes. */
import type { DescMethod, JsonValue } from '@bufbuild/protobuf';
import { join } from 'node:path';
import { grpcStatusName } from '../../../shared/grpc-status';
import type { MockMetadata } from '../handler';
import { stubFormat } from './stub-file';

/** One call as seen (record mode) or as shown in a tab ("Mock this response"), messages in canonical JSON. */
export interface SeenCall {
  requests: JsonValue[];
  responses: JsonValue[];
  status?: { code: number; message?: string; details?: JsonValue[] };
  headers?: MockMetadata;
  trailers?: MockMetadata;
}

/** A stub file as JSON, ready to write with renderStubFile. */
export interface StubFileJson {
  format: number;
  method: string;
  rules: { match?: Record<string, JsonValue>; respond: Record<string, JsonValue> }[];
}

/**
 * The stub file that answers each distinct request of `calls` as it was answered (a later answer to the same request
 * replaces an earlier one). Unary and server streams match the request body, client streams the whole list of
 * messages; a bidi call is replayed as a whole when its first message arrives. More specific requests come first, so
 * a request that is part of another (`{}` is part of every request) does not shadow it.
 */
export function stubFileFor(method: DescMethod, calls: readonly SeenCall[]): StubFileJson {
  const byRequest = new Map<
    string,
    { match: Record<string, JsonValue>; respond: Record<string, JsonValue>; size: number }
  >();
  for (const call of calls) {
    const match = matchFor(method, call.requests);
    byRequest.set(JSON.stringify(match), {
      match,
      respond: respondFor(method, call),
      size: leafCount(match),
    });
  }
  const rules: StubFileJson['rules'] = [...byRequest.values()]
    .sort((a, b) => b.size - a.size)
    .map(({ match, respond }) => ({ match, respond }));
  // Later messages of a replayed bidi call get no answer of their own (the first one answered with everything).
  if (method.methodKind === 'bidi_streaming' && rules.length > 0) rules.push({ respond: { stream: [] } });
  return { format: stubFormat, method: `${method.parent.typeName}/${method.name}`, rules };
}

function matchFor(method: DescMethod, requests: readonly JsonValue[]): Record<string, JsonValue> {
  switch (method.methodKind) {
    case 'client_streaming':
      return { messages: [...requests] };
    case 'bidi_streaming':
      return { index: 0, body: requests[0] ?? {} };
    default:
      return { body: requests[0] ?? {} };
  }
}

function respondFor(method: DescMethod, call: SeenCall): Record<string, JsonValue> {
  const respond: Record<string, JsonValue> = {};
  const streams = method.methodKind === 'server_streaming' || method.methodKind === 'bidi_streaming';
  const failed = call.status !== undefined && call.status.code !== 0;
  if (streams) respond.stream = call.responses.map((body) => ({ body }));
  else if (!failed || call.responses.length > 0) respond.body = call.responses[0] ?? {};
  if (failed && (streams || call.responses.length === 0)) {
    const { code, message, details } = call.status!;
    respond.status = {
      code: grpcStatusName(code),
      ...(message ? { message } : {}),
      ...(details && details.length > 0 ? { details } : {}),
    };
  }
  if (call.headers && Object.keys(call.headers).length > 0) respond.headers = metadataJson(call.headers);
  if (call.trailers && Object.keys(call.trailers).length > 0) respond.trailers = metadataJson(call.trailers);
  return respond;
}

/** Metadata as stub files write it: one value as a string, several as a list. */
function metadataJson(metadata: MockMetadata): Record<string, JsonValue> {
  return Object.fromEntries(
    Object.entries(metadata).map(([name, values]) => [name, values.length === 1 ? values[0]! : values]),
  );
}

function leafCount(value: JsonValue): number {
  if (Array.isArray(value)) return value.reduce<number>((sum, item) => sum + leafCount(item), 1);
  if (value !== null && typeof value === 'object') {
    return Object.values(value).reduce<number>((sum, item) => sum + leafCount(item), 1);
  }
  return 1;
}

/** Where a method's stub file goes: `<stubsDir>/<pkg.Service>/<Method>.json`. */
export function stubPath(stubsDir: string, method: DescMethod): string {
  return join(stubsDir, method.parent.typeName, `${method.name}.json`);
}

/** A stub file's text: two-space JSON with a final newline, as people write it. */
export function renderStubFile(file: StubFileJson): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}
