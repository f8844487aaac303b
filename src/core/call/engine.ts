import type { CallEvent, CallRequest } from '../../shared/call';
import { buildMetadata } from '../connection/metadata';
import type { Schema } from '../schema/schema';
import { ChannelPool } from './channel-pool';
import { newCallSetup, prepareRequest } from './prepare';
import { responseCodec, type ReceivedMessage } from './response-decoder';
import { CallSession } from './session';
import type { JsonDecoder } from '../schema/json';

export { CallSession, type StatusEvent } from './session';

/** How long an unused channel stays open for the next call. */
const defaultIdleCloseMs = 60_000;

/** How long a call waits for its connection (TCP, TLS, HTTP/2 settings) before ending UNAVAILABLE, whatever its deadline. */
export const defaultConnectTimeoutMs = 20_000;

/** Starts calls of every kind and keeps their channels: one engine per process (app, CLI run, test). */
export class CallEngine {
  private readonly pool: ChannelPool;
  /** Any types found by reflection and resolved connections, kept for later calls. */
  private readonly setup = newCallSetup();
  private readonly connectTimeoutMs: number;

  constructor(options: { idleCloseMs?: number; connectTimeoutMs?: number } = {}) {
    this.pool = new ChannelPool(options.idleCloseMs ?? defaultIdleCloseMs);
    this.connectTimeoutMs = options.connectTimeoutMs ?? defaultConnectTimeoutMs;
  }

  /**
   * Checks the method, request JSON, target, TLS files and metadata, then starts the call. Throws CallSetupError,
   * JsonInputError or ConnectionError before anything is sent; after that every outcome is a 'status' event. With
   * `onStreamed`, the responses of server-streaming and bidi calls are only checked against the schema and handed
   * there with their decoder, for callers that make JSON only of what someone reads; unary and client-streaming
   * responses are always decoded.
   */
  async start(
    schema: Schema,
    request: CallRequest,
    onEvent: (event: CallEvent) => void,
    onStreamed?: (received: ReceivedMessage, decode: JsonDecoder) => void,
  ): Promise<CallSession> {
    const where = { target: request.target, tls: request.tls, metadata: request.metadata };
    const prepared = await prepareRequest(schema, request, this.setup);
    const { kind, method, output, connection } = prepared;
    const streaming = kind === 'client_stream' || kind === 'bidi';
    const options = request.options ?? {};
    const json = {
      emitDefaults: options.emitDefaults ?? false,
      protoFieldNames: options.protoFieldNames ?? false,
    };
    const session = new CallSession({
      kind,
      path: `/${method.parent.typeName}/${method.name}`,
      registry: prepared.schema.registry,
      input: prepared.input,
      codec: responseCodec(prepared.schema.registry, output, json),
      ...(onStreamed && (kind === 'server_stream' || kind === 'bidi') ? { onChecked: onStreamed } : {}),
      resolveAnyTypes: async (urls) => {
        const next = await this.setup.anyTypes.resolve(schema, where, urls);
        const desc = next?.message(output.typeName);
        return next && desc ? responseCodec(next.registry, desc, json) : undefined;
      },
      json,
      lease: this.pool.acquire(connection),
      maxSendBytes: prepared.maxSendBytes,
      metadata: prepared.metadata,
      ...(options.deadlineMs === undefined ? {} : { deadlineMs: options.deadlineMs }),
      connectTimeoutMs: this.connectTimeoutMs,
      display: connection.display,
      tls: connection.tls,
      ...(connection.protocol === 'grpc' ? {} : { web: { http2: connection.http2 } }),
      insecure: connection.insecure,
      onEvent,
    });
    for (const bytes of prepared.messages) session.write(bytes);
    if (!streaming) session.end();
    return session;
  }

  /**
   * Checks target, TLS files and metadata without a schema, throwing ConnectionError as `start` would; for callers that
   * must refuse bad settings before loading a schema (the resolved connection is kept for the call that follows).
   */
  async checkConnection(
    request: Pick<CallRequest, 'target' | 'tls' | 'metadata' | 'options' | 'protocol'>,
  ): Promise<void> {
    await this.setup.connections.resolve(
      request.target,
      request.tls,
      request.options ?? {},
      request.protocol,
    );
    buildMetadata(request.metadata);
  }

  /** Closes every channel. */
  close(): void {
    this.pool.close();
  }
}
