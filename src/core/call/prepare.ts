import type { DescMessage, DescMethod } from '@bufbuild/protobuf';
import type { Metadata } from '@grpc/grpc-js';
import type { CallRequest } from '../../shared/call';
import type { MethodKind } from '../../shared/schema';
import { buildMetadata } from '../connection/metadata';
import { unresolvedAnyUrls } from '../schema/json';
import type { Schema } from '../schema/schema';
import { AnyTypeLookup } from './any-types';
import { callMethod } from './call-method';
import { defaultMaxMessageBytes } from './channel-options';
import { ConnectionCache, type ResolvedConnection } from './connection-cache';
import { refuseUnfitConnection } from './connection-fit';
import { encodeRequest } from './request-encoder';
import { checkSendSize } from './size-limits';

/** What the checks remember between calls: Any types found per schema and target, resolved connections. */
export interface CallSetup {
  anyTypes: AnyTypeLookup;
  connections: ConnectionCache;
}

/** A fresh CallSetup (a CallEngine keeps one for its life; a load test makes one per run). */
export function newCallSetup(): CallSetup {
  return { anyTypes: new AnyTypeLookup(), connections: new ConnectionCache() };
}

/** A request's method, encoded messages and metadata, checked: what a call sends, or a load test's iteration. */
export interface PreparedMessages {
  /** The schema the requests were encoded with: the call's, plus Any types the server's reflection supplied. */
  schema: Schema;
  method: DescMethod;
  kind: MethodKind;
  /** The method's input and output in `schema`. */
  input: DescMessage;
  output: DescMessage;
  messages: Uint8Array[];
  maxSendBytes: number;
  metadata: Metadata;
}

/** A request checked from method to connection: everything CallEngine.start needs before it sends. */
export interface PreparedRequest extends PreparedMessages {
  connection: ResolvedConnection;
}

/**
 * Checks the method, encodes the request JSON (asking the server's reflection for Any types the schema lacks, then
 * encoding again), and checks the send size and metadata. Throws CallSetupError, JsonInputError or ConnectionError.
 */
export async function prepareMessages(
  schema: Schema,
  request: CallRequest,
  { anyTypes }: CallSetup,
): Promise<PreparedMessages> {
  let current = anyTypes.current(schema, request.target);
  const { method, kind } = callMethod(current, request);
  let { input, output } = method;
  let messages: Uint8Array[];
  try {
    messages = request.requests.map((json) => encodeRequest(current.registry, input, json));
  } catch (error) {
    // A request naming an Any type the schema lacks: ask the server's reflection for it, then encode again.
    const unknownAnys = unresolvedAnyUrls(current.registry, input, request.requests);
    const where = { target: request.target, tls: request.tls, metadata: request.metadata };
    const found = unknownAnys.length > 0 ? await anyTypes.resolve(schema, where, unknownAnys) : undefined;
    if (!found) throw error;
    current = found;
    input = found.message(input.typeName) ?? input;
    output = found.message(output.typeName) ?? output;
    messages = request.requests.map((json) => encodeRequest(current.registry, input, json));
  }
  const maxSendBytes = request.options?.maxSendMessageBytes ?? defaultMaxMessageBytes;
  messages.forEach((bytes, index) => checkSendSize(bytes, index + 1, maxSendBytes));
  const metadata = buildMetadata(request.metadata);
  return { schema: current, method, kind, input, output, messages, maxSendBytes, metadata };
}

/**
 * Resolves the target, TLS files and protocol, and refuses a connection the method cannot use. Throws ConnectionError
 * or CallSetupError.
 */
export async function prepareConnection(
  request: Pick<CallRequest, 'target' | 'tls' | 'options' | 'protocol'>,
  kind: MethodKind,
  { connections }: CallSetup,
): Promise<ResolvedConnection> {
  const connection = await connections.resolve(
    request.target,
    request.tls,
    request.options ?? {},
    request.protocol ?? 'grpc',
  );
  refuseUnfitConnection(connection, kind);
  return connection;
}

/**
 * Every check before a call is sent, in one place for calls (CallEngine.start) and load tests (prepareLoadRun, which
 * runs the two halves per data file row and once): the messages, then the connection.
 */
export async function prepareRequest(
  schema: Schema,
  request: CallRequest,
  setup: CallSetup,
): Promise<PreparedRequest> {
  const prepared = await prepareMessages(schema, request, setup);
  const connection = await prepareConnection(request, prepared.kind, setup);
  return { ...prepared, connection };
}
