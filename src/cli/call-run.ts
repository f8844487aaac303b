import { Readable } from 'node:stream';
import type { DescMethod } from '@bufbuild/protobuf';
import { grpcStatusName } from '../shared/grpc-status';
import {
  CallEngine,
  type CallSession,
  encodeJson,
  methodKind,
  type Schema,
} from '../core/service/entry/call';
import { loadServiceSchema } from '../core/service/entry/call-schema';
import { CallSetupError, JsonInputError, SchemaError } from '../core/service/entry/errors';
import { performance } from 'node:perf_hooks';
import { status as grpcStatus } from '@grpc/grpc-js';
import type { CallEvent, CallRequest, CallStatus } from '../shared/call';
import type { SchemaSource } from '../shared/schema';
import { CallExit } from './call-exit';
import { CliAuth } from './cli-auth';
import { prepareFlagCall } from './flag-call';
import { openRequestInput, readAllRequests, readRequests, type RequestInput } from './call-input';
import {
  callMetadata,
  callOptionsFromFlags,
  callProtocol,
  callTls,
  outputFormat,
  type CallFlags,
} from './call-options';
import { prettyJson } from './call-pretty';
import { OutputPacer } from './output-pacer';
import { formatStatusError, statusJson } from './call-status';
import { VerboseReport } from './call-verbose';
import type { RequestText } from './request-data';
import { connectTimeout, schemaSourceFromFlags } from './schema-options';
import { UsageError } from './usage-error';

/** What `protodesk call` needs from the process: output, stdin for `-d @-`, and Ctrl-C. */
export interface CallIo {
  /** Returns false when the output is full (as stream.write does); `outDrained` then says when it has room. */
  out: (text: string) => boolean | void;
  /** Resolves when a full output has room again; without it, output is never held back. */
  outDrained?: () => Promise<void>;
  err: (text: string) => void;
  /** Standard input; an empty stream when absent. */
  stdin?: () => Readable;
  /** Lets the running call handle Ctrl-C (by cancelling) instead of the process dying; returns the release. */
  trapInterrupt?: (onInterrupt: () => void) => () => void;
}

/**
 * Runs one call: loads the schema (reflection on the target unless --proto/--protoset), sends the requests as they
 * are read, prints responses as they arrive, and throws CallExit(64 + code) after printing a non-OK status.
 */
export async function runCall(
  target: string,
  methodName: string,
  flags: CallFlags,
  io: CallIo,
): Promise<void> {
  // Checked with the other flags, before anything is sent.
  outputFormat(flags);
  const tls = callTls(flags, target);
  const protocol = callProtocol(flags);
  const request: CallRequest = {
    target,
    tls,
    method: methodName,
    metadata: callMetadata(flags),
    requests: [],
    ...(protocol !== undefined ? { protocol } : {}),
    options: callOptionsFromFlags(flags),
  };
  const source = schemaSourceFromFlags(flags, target);
  const auth = CliAuth.fromFlags(flags, io.err);
  const { timeoutMs: connectTimeoutMs } = connectTimeout(flags);
  const engine = new CallEngine(connectTimeoutMs === undefined ? {} : { connectTimeoutMs });
  // Mistakes in target, TLS files and metadata are usage errors (exit 2) whatever the schema source; reflection
  // would otherwise report them as a failed schema load.
  await engine.checkConnection(request);
  const input = await openRequestInput(flags.data, io.stdin ?? emptyInput);
  try {
    await auth.guard(
      () => sendCall({ engine, request, source, input, flags, auth }, authedIo(io, auth)),
      io.err,
    );
  } finally {
    // Whatever happened, stop reading: a terminal or pipe left open must not keep the process alive.
    input.stream?.destroy();
    engine.close();
  }
}

/** One call, its flags checked and its connection settings sound. */
interface CheckedCall {
  engine: CallEngine;
  request: CallRequest;
  source: SchemaSource;
  input: RequestInput;
  flags: CallFlags;
  auth: CliAuth;
}

/** The process's output with the auth's secrets hidden on stderr (-v, status, errors); stdout is the responses. */
function authedIo(io: CallIo, auth: CliAuth): CallIo {
  return { ...io, err: (text) => io.err(auth.redact(text)) };
}

/** Puts the auth on reflection and on the call, loads the schema, sends the requests and prints what comes back. */
async function sendCall(checked: CheckedCall, io: CallIo): Promise<void> {
  const { engine, input, flags, auth } = checked;
  const format = outputFormat(flags);
  const request = { ...checked.request, metadata: await auth.apply(checked.request.metadata) };
  const source =
    checked.source.kind === 'reflection'
      ? { ...checked.source, metadata: await auth.apply(checked.source.metadata ?? []) }
      : checked.source;
  const schema = await loadWithinDeadline(source, request.tls, request, flags, io);
  const { request: call, method } = prepareFlagCall(schema, request);
  const print =
    format === 'json'
      ? (json: string) => io.out(`${prettyJson(json)}\n`)
      : (json: string) => io.out(`${json}\n`);
  const verbose = flags.verbose ? new VerboseReport(io.err) : undefined;
  const pacer = new OutputPacer(io.outDrained);
  const onEvent = (event: CallEvent) => {
    if (event.type === 'message') pacer.wrote(print(event.json));
    verbose?.event(event);
  };
  verbose?.request(call.method, request.target, request.protocol ?? 'grpc', call.metadata);
  const kind = methodKind(method);
  const streaming = kind === 'client_stream' || kind === 'bidi';
  const outcome = streaming
    ? await streamRequests(engine, schema, method, call, input, onEvent, pacer, io)
    : await singleRequest(engine, schema, method, call, input, onEvent, pacer, io);
  if (outcome.badRequest !== undefined) throw outcome.badRequest;
  const status = auth.explain(outcome.final.status);
  if (status.code === 0) return;
  io.err(
    flags.formatError
      ? `${format === 'json' ? prettyJson(statusJson(status)) : statusJson(status)}\n`
      : formatStatusError(status),
  );
  throw new CallExit(64 + status.code);
}

type Final = Extract<CallEvent, { type: 'status' }>;

/** How a call ended: its status, and what was wrong with a request that could not be sent (exit 2). */
interface Outcome {
  final: Final;
  badRequest?: UsageError;
}

/** Unary and server-streaming: the one request (`{}` without -d) goes out with the start. */
async function singleRequest(
  engine: CallEngine,
  schema: Schema,
  method: DescMethod,
  request: CallRequest,
  input: RequestInput,
  onEvent: (event: CallEvent) => void,
  pacer: OutputPacer,
  io: CallIo,
): Promise<Outcome> {
  const values = await readAllRequests(input);
  if (values.length > 1) {
    throw new UsageError(
      `${method.parent.typeName}/${method.name} takes one request, but ${input.name} holds ${values.length} JSON values.`,
    );
  }
  const first = values[0];
  let session: CallSession;
  try {
    session = await engine.start(schema, { ...request, requests: [first?.text ?? '{}'] }, onEvent);
  } catch (error) {
    if (error instanceof JsonInputError && first)
      throw new UsageError(explainBadRequest(error, first, input, schema, method));
    throw error;
  }
  pacer.follow(session);
  return { final: await untilDone(session, io) };
}

/** Client-streaming and bidi: starts with no requests, then sends each JSON value the moment it has been read. */
async function streamRequests(
  engine: CallEngine,
  schema: Schema,
  method: DescMethod,
  request: CallRequest,
  input: RequestInput,
  onEvent: (event: CallEvent) => void,
  pacer: OutputPacer,
  io: CallIo,
): Promise<Outcome> {
  let finished = false;
  let badRequest: UsageError | undefined;
  const session = await engine.start(schema, { ...request, requests: [] }, (event) => {
    if (event.type === 'status') finished = true;
    onEvent(event);
  });
  pacer.follow(session);
  const refuse = (error: UsageError) => {
    badRequest ??= error;
    stop();
    session.cancel();
  };
  const stop = readRequests(input, {
    value: (value) => {
      if (finished || badRequest !== undefined) return;
      try {
        session.send(value.text);
      } catch (error) {
        // A call the server already ended refuses more requests; only a request that is itself wrong is the user's.
        if (!finished) {
          const hint = error instanceof CallSetupError ? error.hint : undefined;
          const message =
            error instanceof JsonInputError
              ? explainBadRequest(error, value, input, schema, method)
              : (error as Error).message;
          refuse(new UsageError(message, hint));
        }
      }
    },
    end: () => {
      if (!finished && badRequest === undefined) session.end();
    },
    error: (error) => refuse(new UsageError(error.message)),
  });
  try {
    const final = await untilDone(session, io);
    return badRequest === undefined ? { final } : { final, badRequest };
  } finally {
    stop();
  }
}

/** Waits for the final status; Ctrl-C meanwhile cancels the call (which then ends CANCELLED). */
async function untilDone(session: CallSession, io: CallIo): Promise<Final> {
  const release = io.trapInterrupt?.(() => session.cancel());
  try {
    return await session.done;
  } finally {
    release?.();
  }
}

/**
 * `request 2 in stdin, line 5, column 18: responseSize: expected int32, got "abc"`. Positions count in the whole input:
 * the value is parsed again behind as many newlines and spaces as precede it, so the parser's own wording stays exact.
 */
function explainBadRequest(
  error: JsonInputError,
  value: RequestText,
  input: RequestInput,
  schema: Schema,
  method: DescMethod,
): string {
  let located = error;
  try {
    encodeJson(
      schema.registry,
      method.input,
      `${'\n'.repeat(value.line - 1)}${' '.repeat(value.column - 1)}${value.text}`,
    );
  } catch (again) {
    if (again instanceof JsonInputError) located = again;
  }
  const position =
    located.position && !located.message.startsWith('Invalid JSON at ')
      ? `, line ${located.position.line}, column ${located.position.column}`
      : '';
  return `request ${value.number} in ${input.name}${position}: ${located.message}`;
}

/**
 * Loads the schema; the deadline bounds the whole command, reflection included (as grpcurl's -max-time does), when it
 * is shorter than --connect-timeout. Reflection that the deadline ended is the call's DEADLINE_EXCEEDED (exit 68).
 */
async function loadWithinDeadline(
  source: SchemaSource,
  tls: CallRequest['tls'],
  request: CallRequest,
  flags: CallFlags,
  io: CallIo,
): Promise<Schema> {
  const deadlineMs = request.options?.deadlineMs;
  if (source.kind !== 'reflection') {
    // Loaded only for files: a call by reflection never loads the .proto compiler.
    const { loadSchema } = await import('../core/service/entry/schema');
    return loadSchema(source);
  }
  const bounded =
    deadlineMs !== undefined && (source.timeoutMs === undefined || deadlineMs < source.timeoutMs);
  if (!bounded) return loadServiceSchema({ ...source, tls }, request.method);
  const started = performance.now();
  try {
    return await loadServiceSchema({ ...source, tls, timeoutMs: deadlineMs }, request.method);
  } catch (error) {
    if (!(error instanceof SchemaError) || performance.now() - started < deadlineMs) throw error;
    const status: CallStatus = {
      code: grpcStatus.DEADLINE_EXCEEDED,
      name: grpcStatusName(grpcStatus.DEADLINE_EXCEEDED),
      message: [`The deadline passed while asking ${request.target} for its schema by reflection.`]
        .concat(error.problems.map((problem) => problem.message))
        .join(' '),
      hint: 'Raise --deadline, or give the schema with --proto or --protoset so no reflection is needed.',
    };
    io.err(flags.formatError ? `${statusJson(status)}\n` : formatStatusError(status));
    throw new CallExit(64 + status.code);
  }
}

function emptyInput(): Readable {
  return Readable.from([]);
}
