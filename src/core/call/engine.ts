import type { CallEvent, CallRequest } from '../../shared/call';
import { buildMetadata } from '../connection/metadata';
import { compileJsonDecoder, unresolvedAnyUrls } from '../schema/json';
import { AnyTypeLookup } from './any-types';
import { encodeRequest } from './request-encoder';
import type { Schema } from '../schema/schema';
import { defaultMaxMessageBytes } from './channel-options';
import { ChannelPool } from './channel-pool';
import { ConnectionCache } from './connection-cache';
import { callMethod } from './call-method';
import { CallSession } from './session';
import { checkSendSize } from './size-limits';
import { refuseUnfitConnection } from './connection-fit';

export { CallSession, type StatusEvent } from './session';

/** How long an unused channel stays open for the next call. */
const defaultIdleCloseMs = 60_000;

/** How long a call waits for its connection (TCP, TLS, HTTP/2 settings) before ending UNAVAILABLE, whatever its deadline. */
export const defaultConnectTimeoutMs = 20_000;

/** Starts calls of every kind and keeps their channels: one engine per process (app, CLI run, test). */
export class CallEngine {
  private readonly pool: ChannelPool;
  private readonly connections = new ConnectionCache();
  private readonly anyTypes = new AnyTypeLookup();
  private readonly connectTimeoutMs: number;

  constructor(options: { idleCloseMs?: number; connectTimeoutMs?: number } = {}) {
    this.pool = new ChannelPool(options.idleCloseMs ?? defaultIdleCloseMs);
    this.connectTimeoutMs = options.connectTimeoutMs ?? defaultConnectTimeoutMs;
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
    const where = { target: request.target, tls: request.tls, metadata: request.metadata };
    let current = this.anyTypes.current(schema, request.target);
    const { method, kind } = callMethod(current, request);
    const streaming = kind === 'client_stream' || kind === 'bidi';
    let { input, output } = method;
    let encoded: Uint8Array[];
    try {
      encoded = request.requests.map((json) => encodeRequest(current.registry, input, json));
    } catch (error) {
      // A request naming an Any type the schema lacks: ask the server's reflection for it, then encode again.
      const unknownAnys = unresolvedAnyUrls(current.registry, input, request.requests);
      const found =
        unknownAnys.length > 0 ? await this.anyTypes.resolve(schema, where, unknownAnys) : undefined;
      if (!found) throw error;
      current = found;
      input = found.message(input.typeName) ?? input;
      output = found.message(output.typeName) ?? output;
      encoded = request.requests.map((json) => encodeRequest(current.registry, input, json));
    }
    const options = request.options ?? {};
    const maxSendBytes = options.maxSendMessageBytes ?? defaultMaxMessageBytes;
    encoded.forEach((bytes, index) => checkSendSize(bytes, index + 1, maxSendBytes));
    const protocol = request.protocol ?? 'grpc';
    const connection = await this.connections.resolve(request.target, request.tls, options, protocol);
    refuseUnfitConnection(connection, kind);
    const metadata = buildMetadata(request.metadata);
    const json = {
      emitDefaults: options.emitDefaults ?? false,
      protoFieldNames: options.protoFieldNames ?? false,
    };
    const session = new CallSession({
      kind,
      path: `/${method.parent.typeName}/${method.name}`,
      registry: current.registry,
      input,
      decode: compileJsonDecoder(current.registry, output, json),
      resolveAnyTypes: async (urls) => {
        const next = await this.anyTypes.resolve(schema, where, urls);
        const desc = next?.message(output.typeName);
        return next && desc ? compileJsonDecoder(next.registry, desc, json) : undefined;
      },
      json,
      lease: this.pool.acquire(connection),
      maxSendBytes,
      metadata,
      ...(options.deadlineMs === undefined ? {} : { deadlineMs: options.deadlineMs }),
      connectTimeoutMs: this.connectTimeoutMs,
      display: connection.display,
      tls: connection.tls,
      ...(connection.protocol === 'grpc' ? {} : { web: { http2: connection.http2 } }),
      insecure: connection.insecure,
      onEvent,
    });
    for (const bytes of encoded) session.write(bytes);
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
    await this.connections.resolve(request.target, request.tls, request.options ?? {}, request.protocol);
    buildMetadata(request.metadata);
  }

  /** Closes every channel. */
  close(): void {
    this.pool.close();
  }
}
