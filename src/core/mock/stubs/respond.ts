/** The `respond` of a stub rule: messages, an optional status, headers, trailers and delays, compiled once. */
import { fromBinary, type DescMethod, type Registry } from '@bufbuild/protobuf';
import { AnySchema } from '@bufbuild/protobuf/wkt';
import {
  grpcStatusCode,
  grpcStatusName,
  isGrpcStatusName,
  unknownStatusMessage,
} from '../../../shared/grpc-status';
import type { JsonMember, JsonNode } from '../../schema/json/json-text';
import type { MockMetadata, MockStatus, MockStatusDetail } from '../handler';
import { compileBody, type StubBody } from './body';
import { parseDelay, type Delay } from './delay';
import { statusDetailRegistry } from '../../call/status-details';
import { entries, expected, itemsOf, members, stringOf } from './shape';
import { StubError } from './stub-error';
import { compileTemplate, type TemplateContext } from './template';

export interface StubMessage {
  body: StubBody;
  /** Replaces the interval before this message (before the first: added after the response's delay). */
  delay?: Delay;
}

export interface StubResponse {
  headers?: (ctx: TemplateContext) => MockMetadata;
  trailers?: (ctx: TemplateContext) => MockMetadata;
  /** Before the first message (or the status when there is none). */
  delay?: Delay;
  /** Between messages of a stream. */
  interval?: Delay;
  messages: StubMessage[];
  /** Ends the call after the messages; without it the call ends OK (a bidi call: when the client ends). */
  status?: (ctx: TemplateContext) => MockStatus;
}

const respondKeys = ['body', 'stream', 'interval', 'status', 'headers', 'trailers', 'delay'] as const;

/** Compiles `node` for `method`, checking every message against its output type. */
export function compileRespond(
  registry: Registry,
  method: DescMethod,
  node: JsonNode,
  where: string,
): StubResponse {
  const settings = members(node, where, respondKeys);
  const streams = method.methodKind === 'server_streaming' || method.methodKind === 'bidi_streaming';
  const body = (at: JsonNode, path: string): StubBody =>
    compileBody(registry, method.output, method.input, at, path);
  const text = (at: JsonNode, path: string): ((ctx: TemplateContext) => string) => {
    const value = stringOf(at, path);
    const template = compileTemplate(value, method.input, path, at.position);
    if (!template) return () => value;
    return (ctx) => template.text(ctx);
  };

  const bodyNode = settings.get('body');
  const streamNode = settings.get('stream');
  const statusNode = settings.get('status');
  const intervalNode = settings.get('interval');
  if (bodyNode && streamNode) {
    throw new StubError(
      `${where} has both "body" and "stream".`,
      'Use "stream" for several messages, "body" for one.',
      streamNode.keyPosition,
    );
  }
  if (streamNode && !streams) {
    throw new StubError(
      `${where}.stream: ${method.name} answers one message, not a stream.`,
      'Use "body" for its one response message.',
      streamNode.keyPosition,
    );
  }
  if (intervalNode && !streamNode) {
    throw new StubError(
      `${where}.interval applies to a "stream" only.`,
      'Add a "stream", or use "delay".',
      intervalNode.keyPosition,
    );
  }
  const status = statusNode
    ? compileStatus(registry, method, statusNode, `${where}.status`, text)
    : undefined;
  if (status?.failing && bodyNode && !streams) {
    throw new StubError(
      `${where} has a "body" and a failing "status": ${method.name} answers with one message or an error, not both.`,
      'Remove "body" to answer with the error, or the status to answer with the message.',
      bodyNode.keyPosition,
    );
  }
  const messages: StubMessage[] = [];
  if (bodyNode) messages.push({ body: body(bodyNode.value, `${where}.body`) });
  else if (streamNode) {
    itemsOf(streamNode.value, `${where}.stream`).forEach((item, i) => {
      const path = `${where}.stream[${i}]`;
      const parts = members(item, path, ['body', 'delay']);
      const itemBody = parts.get('body');
      const itemDelay = parts.get('delay');
      messages.push({
        body: itemBody
          ? body(itemBody.value, `${path}.body`)
          : body({ kind: 'object', members: [], position: item.position }, path),
        ...(itemDelay ? { delay: parseDelay(itemDelay.value, `${path}.delay`) } : {}),
      });
    });
  } else if (!streams && !status?.failing) {
    // A unary or client-stream answer without a body sends the empty message: every field at its default.
    messages.push({ body: body({ kind: 'object', members: [], position: node.position }, `${where}.body`) });
  }
  const headers = settings.get('headers');
  const trailers = settings.get('trailers');
  const delay = settings.get('delay');
  return {
    ...(headers ? { headers: compileMetadata(headers, `${where}.headers`, text) } : {}),
    ...(trailers ? { trailers: compileMetadata(trailers, `${where}.trailers`, text) } : {}),
    ...(delay ? { delay: parseDelay(delay.value, `${where}.delay`) } : {}),
    ...(intervalNode ? { interval: parseDelay(intervalNode.value, `${where}.interval`) } : {}),
    messages,
    ...(status ? { status: status.render } : {}),
  };
}

/** `"NOT_FOUND"`, `5`, or `{ "code", "message", "details": [Any JSON with "@type"] }`. */
function compileStatus(
  registry: Registry,
  method: DescMethod,
  member: JsonMember,
  where: string,
  text: (at: JsonNode, path: string) => (ctx: TemplateContext) => string,
): { render: (ctx: TemplateContext) => MockStatus; failing: boolean } {
  const node = member.value;
  if (node.kind !== 'object') {
    const code = statusCode(node, where);
    return { render: () => ({ code, message: '' }), failing: code !== 0 };
  }
  const settings = members(node, where, ['code', 'message', 'details']);
  const codeNode = settings.get('code');
  if (!codeNode) {
    throw new StubError(
      `${where} has no "code".`,
      'Add a status name such as "NOT_FOUND" (or its number, 5).',
      node.position,
    );
  }
  const code = statusCode(codeNode.value, `${where}.code`);
  const messageNode = settings.get('message');
  const message = messageNode ? text(messageNode.value, `${where}.message`) : () => '';
  const detailsNode = settings.get('details');
  if (!detailsNode) return { render: (ctx) => ({ code, message: message(ctx) }), failing: code !== 0 };
  if (code === 0) {
    throw new StubError(
      `${where}.details: an OK status carries no details.`,
      'Use a failing code, or remove "details".',
      detailsNode.keyPosition,
    );
  }
  const details = statusDetailRegistry(registry);
  const bodies = itemsOf(detailsNode.value, `${where}.details`).map((item, i) => {
    const path = `${where}.details[${i}]`;
    if (item.kind !== 'object' || !item.members.some((m) => m.key === '@type')) {
      throw expected(
        item,
        path,
        'an object with "@type"',
        'For example { "@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "…" }.',
      );
    }
    return compileBody(details, AnySchema, method.input, item, path);
  });
  const toDetail = (bytes: Uint8Array): MockStatusDetail => {
    const any = fromBinary(AnySchema, bytes);
    return { typeUrl: any.typeUrl, value: any.value };
  };
  const fixed = bodies.every((b) => b.fixed) ? bodies.map((b) => toDetail(b.fixed!)) : undefined;
  return {
    render: (ctx) => ({
      code,
      message: message(ctx),
      details: fixed ?? bodies.map((b) => toDetail(b.bytes(ctx))),
    }),
    failing: true,
  };
}

function statusCode(node: JsonNode, where: string): number {
  if (node.kind === 'number') {
    if (Number.isInteger(node.value) && node.value >= 0 && node.value <= 16) return node.value;
    throw new StubError(
      `${where}: ${node.raw} is not a gRPC status code.`,
      'Use 0 to 16, or a name such as "NOT_FOUND".',
      node.position,
    );
  }
  const name = stringOf(node, where);
  if (isGrpcStatusName(name)) return grpcStatusCode(name);
  throw new StubError(
    `${where}: ${unknownStatusMessage(name)}`,
    `For example "${grpcStatusName(5)}".`,
    node.position,
  );
}

const reservedNames =
  /^(?:grpc-|:)|^(?:content-type|content-length|te|connection|transfer-encoding|host|user-agent)$/;

/** `{ "name": "value" | ["v1", "v2"] }`, names lower-cased, values with templates. */
function compileMetadata(
  member: JsonMember,
  where: string,
  text: (at: JsonNode, path: string) => (ctx: TemplateContext) => string,
): (ctx: TemplateContext) => MockMetadata {
  const compiled = entries(member.value, where).map((entry) => {
    const name = entry.key.toLowerCase();
    const path = `${where}["${entry.key}"]`;
    if (!/^[0-9a-z._-]+$/.test(name)) {
      throw new StubError(
        `${path}: "${entry.key}" is not a valid metadata name.`,
        'Use letters, digits, "-", "_" and ".".',
        entry.keyPosition,
      );
    }
    if (reservedNames.test(name)) {
      throw new StubError(
        `${path}: ${name} belongs to HTTP or gRPC itself.`,
        'Pick another name; the mock sets this one.',
        entry.keyPosition,
      );
    }
    const values = entry.value.kind === 'array' ? entry.value.items : [entry.value];
    return {
      name,
      values: values.map((value, i) => text(value, entry.value.kind === 'array' ? `${path}[${i}]` : path)),
    };
  });
  return (ctx) => {
    const out: MockMetadata = {};
    for (const { name, values } of compiled) out[name] = [...(out[name] ?? []), ...values.map((v) => v(ctx))];
    return out;
  };
}
