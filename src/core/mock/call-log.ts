/** The mock's call log: one MockLogEntry per call, for the live view and `--log FILE`. */
import type { DescMessage, JsonValue, Registry } from '@bufbuild/protobuf';
import { appendFile } from 'node:fs/promises';
import { grpcStatusName } from '../../shared/grpc-status';
import type { MockAnswerSource, MockLogEntry } from '../../shared/mock';
import { decodeToJson } from '../schema/json';
import { redactMetadata } from './credential-names';
import type { MockCall, MockReply } from './handler';

/**
 * Wraps a call and its reply so that what passes through is recorded: the request messages the handler reads, the
 * messages and status it sends. When the call finishes (or is cancelled first), `onCall` gets one entry, with
 * `answer()` read at that moment. Messages are decoded to canonical JSON only then, so a call pays for the log only
 * when someone listens: callers skip the wrapper when no one does.
 */
export function loggedCall(
  call: MockCall,
  reply: MockReply,
  registry: Registry,
  answer: () => MockAnswerSource,
  onCall: (entry: MockLogEntry) => void,
): { call: MockCall; reply: MockReply } {
  const started = performance.now();
  const time = new Date().toISOString();
  const requests: Uint8Array[] = [];
  const responses: Uint8Array[] = [];
  let logged = false;
  const log = (code: number, message: string): void => {
    if (logged) return;
    logged = true;
    call.signal.removeEventListener('abort', cancelled);
    onCall({
      time,
      method: `${call.method.parent.typeName}/${call.method.name}`,
      protocol: call.protocol,
      metadata: redactMetadata(call.metadata),
      requests: requests.map((bytes) => messageJson(registry, call.method.input, bytes)),
      answer: answer(),
      responses: responses.map((bytes) => messageJson(registry, call.method.output, bytes)),
      status: { code: grpcStatusName(code), message },
      durationMs: Math.round((performance.now() - started) * 1000) / 1000,
    });
  };
  const cancelled = (): void => log(1, 'the call was cancelled before it finished');
  if (call.signal.aborted) queueMicrotask(cancelled);
  else call.signal.addEventListener('abort', cancelled, { once: true });
  return {
    // Field by field: the server's call keeps these on getters, which a spread would drop.
    call: {
      method: call.method,
      protocol: call.protocol,
      metadata: call.metadata,
      signal: call.signal,
      requests: recorded(call.requests, requests),
    },
    reply: {
      sendHeaders: (headers) => reply.sendHeaders(headers),
      sendMessage: (bytes) => {
        if (!logged) responses.push(bytes);
        return reply.sendMessage(bytes);
      },
      finish: (status, trailers) => {
        reply.finish(status, trailers);
        log(status.code, status.message);
      },
    },
  };
}

async function* recorded(messages: AsyncIterable<Uint8Array>, into: Uint8Array[]): AsyncIterable<Uint8Array> {
  for await (const bytes of messages) {
    into.push(bytes);
    yield bytes;
  }
}

/** A message as canonical JSON; bytes that do not decode are kept as base64 with the reason. */
function messageJson(registry: Registry, desc: DescMessage, bytes: Uint8Array): JsonValue {
  try {
    return decodeToJson(registry, desc, bytes);
  } catch (error) {
    return { '@bytes': Buffer.from(bytes).toString('base64'), '@error': (error as Error).message };
  }
}

/** An `onCall` listener that appends each entry to `path` as one line of JSON (JSON Lines). */
export interface JsonLinesLog {
  write: (entry: MockLogEntry) => void;
  /** Resolves once every entry written so far is on disk (or has failed). */
  flush: () => Promise<void>;
}

/**
 * Appends entries to `path` in call order, one JSON object per line. A failed write does not stop the mock: it is
 * passed to `onError` once per failure with a message naming the file.
 */
export function jsonLinesLog(path: string, onError: (message: string) => void): JsonLinesLog {
  let queue: Promise<void> = Promise.resolve();
  return {
    write: (entry) => {
      const line = `${JSON.stringify(entry)}\n`;
      queue = queue.then(() =>
        appendFile(path, line, 'utf8').catch((error: NodeJS.ErrnoException) =>
          onError(
            `Cannot write the call log to ${path}: ${error.code ?? error.message}. Check that its folder exists and is writable.`,
          ),
        ),
      );
    },
    flush: () => queue,
  };
}
