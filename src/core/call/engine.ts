import type { DescMethod } from '@bufbuild/protobuf';
import type { CallEvent, CallRequest } from '../../shared/call';
import type { MethodKind } from '../../shared/schema';
import { channelSecurity, effectiveTls } from '../connection/credentials';
import { buildMetadata } from '../connection/metadata';
import { parseTarget } from '../connection/target';
import { compileJsonDecoder, encodeJson } from '../schema/json';
import type { Schema } from '../schema/schema';
import { channelOptions } from './channel-options';
import { ChannelPool } from './channel-pool';
import { CallSetupError } from './errors';
import { CallSession } from './session';

export { CallSession, type StatusEvent } from './session';

/** How long an unused channel stays open for the next call. */
const defaultIdleCloseMs = 60_000;

const kinds: Record<DescMethod['methodKind'], MethodKind> = {
  unary: 'unary',
  server_streaming: 'server_stream',
  client_streaming: 'client_stream',
  bidi_streaming: 'bidi',
};

/** Starts calls of every kind and keeps their channels: one engine per process (app, CLI run, test). */
export class CallEngine {
  private readonly pool: ChannelPool;

  constructor(options: { idleCloseMs?: number } = {}) {
    this.pool = new ChannelPool(options.idleCloseMs ?? defaultIdleCloseMs);
  }

  /**
   * Checks the method, request JSON, target, TLS files and metadata, then starts the call. Throws CallSetupError,
   * JsonInputError or ConnectionError before anything is sent; after that every outcome is a 'status' event.
   */
  async start(
    schema: Schema,
    request: CallRequest,
    onEvent: (event: CallEvent) => void,
  ): Promise<CallSession> {
    const method = schema.method(request.method);
    if (!method) {
      throw new CallSetupError(
        `The method ${request.method} is not in the loaded schema.`,
        'Write it as package.Service/Method; `protodesk list` shows the methods the schema has.',
      );
    }
    const kind = kinds[method.methodKind];
    const streaming = kind === 'client_stream' || kind === 'bidi';
    if (!streaming && request.requests.length !== 1) {
      throw new CallSetupError(
        `${method.parent.typeName}/${method.name} is ${kind.replace('_', '-')}: it takes exactly one request, got ${request.requests.length}.`,
      );
    }
    const encoded = request.requests.map((json) => encodeJson(schema.registry, method.input, json));
    const target = parseTarget(request.target);
    const tls = effectiveTls(target, request.tls);
    const security = await channelSecurity(tls);
    const metadata = buildMetadata(request.metadata);
    const options = request.options ?? {};
    const json = {
      emitDefaults: options.emitDefaults ?? false,
      protoFieldNames: options.protoFieldNames ?? false,
    };
    const channel = { ...channelOptions(options), ...security.options };
    const key = JSON.stringify([target.address, security.fingerprint, channel]);
    const session = new CallSession({
      kind,
      path: `/${method.parent.typeName}/${method.name}`,
      registry: schema.registry,
      input: method.input,
      decode: compileJsonDecoder(schema.registry, method.output, json),
      json,
      lease: this.pool.acquire(key, target.address, security.credentials, channel),
      metadata,
      ...(options.deadlineMs === undefined ? {} : { deadlineMs: options.deadlineMs }),
      display: target.display,
      tls,
      insecure: security.insecure,
      onEvent,
    });
    for (const bytes of encoded) session.write(bytes);
    if (!streaming) session.end();
    return session;
  }

  /** Closes every channel. */
  close(): void {
    this.pool.close();
  }
}
