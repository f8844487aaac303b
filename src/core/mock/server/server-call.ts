import type { DescMethod } from '@bufbuild/protobuf';
import { status as code } from '@grpc/grpc-js';
import { gunzipSync, inflateSync } from 'node:zlib';
import type { MockProtocol } from '../../../shared/mock';
import { encodeJson } from '../../schema/json';
import { EnvelopeReader, EnvelopeSizeError, compressedFlag } from '../../wire/envelope';
import type { MockCall, MockMetadata, MockReply, MockStatus } from '../handler';
import type { Exchange } from './exchange';
import { requestMetadata } from './metadata';
import { RequestError } from './request-error';
import { RequestQueue } from './request-queue';
import type { CallHost, Route } from './route';

const done = Promise.resolve();

/** Why a call stopped before its handler finished it. */
export type AbortKind = 'deadline' | 'cancelled' | 'stopping';

const abortStatus: Record<Exclude<AbortKind, 'cancelled'>, MockStatus> = {
  deadline: { code: code.DEADLINE_EXCEEDED, message: 'Deadline exceeded' },
  stopping: { code: code.UNAVAILABLE, message: 'The mock server stopped while the call was in flight.' },
};

/**
 * One call on any protocol: the MockCall the handler reads and the MockReply it answers through (one object, its
 * methods on the prototype, so a call costs no closures). Subclasses say how requests arrive and answers are framed.
 */
export abstract class ServerCall implements MockCall, MockReply {
  readonly requests = new RequestQueue();
  protected pendingHeaders?: MockMetadata;
  private state: 'new' | 'streaming' | 'finished' = 'new';
  private controller?: AbortController;
  private abortReason?: Error;
  private deadline?: NodeJS.Timeout;
  private metadataRead?: MockMetadata;

  constructor(
    protected readonly exchange: Exchange,
    protected readonly route: Route | undefined,
    protected readonly host: CallHost,
    readonly protocol: MockProtocol,
  ) {}

  get method(): DescMethod {
    return this.route!.method;
  }

  get metadata(): MockMetadata {
    return (this.metadataRead ??= requestMetadata(this.exchange.headers));
  }

  /** Made on first use: most handlers of a fast call never look at it. */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.abortReason) this.controller.abort(this.abortReason);
    }
    return this.controller.signal;
  }

  get finished(): boolean {
    return this.state === 'finished';
  }

  /** Reads the requests and runs the handler; `timeoutMs` is the client's deadline. */
  start(timeoutMs: number | undefined): void {
    this.exchange.onAbort = () => this.abort('cancelled');
    if (timeoutMs !== undefined) this.deadline = setTimeout(() => this.abort('deadline'), timeoutMs);
    this.readRequests();
    void this.run();
  }

  /** Answers without a handler (unknown method, server stopping). */
  reject(status: MockStatus): void {
    this.exchange.body.resume();
    this.finish(status);
  }

  sendHeaders(headers: MockMetadata): void {
    if (this.state === 'new' && !this.pendingHeaders) this.pendingHeaders = headers;
  }

  sendMessage(bytes: Uint8Array): Promise<void> {
    if (this.state === 'finished' || !this.exchange.open) return done;
    let ready: boolean;
    try {
      if (this.state === 'new') {
        this.beginResponse();
        this.state = 'streaming';
      }
      ready = this.writeMessage(bytes);
    } catch (error) {
      this.pendingHeaders = undefined;
      this.finish(statusOf(error));
      return done;
    }
    return ready ? done : this.exchange.whenDrained();
  }

  finish(status: MockStatus, trailers?: MockMetadata): void {
    if (this.state === 'finished') return;
    const streaming = this.state === 'streaming';
    this.state = 'finished';
    clearTimeout(this.deadline);
    try {
      if (this.exchange.open) this.endResponse(status, trailers, streaming);
    } catch (error) {
      // The handler's headers or trailers cannot be sent: the client gets why instead.
      this.pendingHeaders = undefined;
      if (this.exchange.open) this.endResponse(statusOf(error), undefined, streaming);
    }
    this.host.callEnded(this);
  }

  /** Stops the call: aborts the handler's signal and, unless the client is gone, answers why. */
  abort(kind: AbortKind): void {
    if (this.state === 'finished') return;
    const reason = new Error(
      kind === 'cancelled' ? 'The client cancelled the call.' : abortStatus[kind].message,
    );
    this.abortReason = reason;
    this.controller?.abort(reason);
    this.requests.fail(reason);
    if (kind === 'cancelled') {
      this.state = 'finished';
      clearTimeout(this.deadline);
      this.host.callEnded(this);
    } else this.finish(abortStatus[kind]);
  }

  /** Starts delivering request messages to `requests`. */
  protected abstract readRequests(): void;
  /** Sends the response headers (pendingHeaders), before the first message. */
  protected abstract beginResponse(): void;
  /** Sends one message; false when the transport wants to drain first. Throws RequestError for a bad message. */
  protected abstract writeMessage(bytes: Uint8Array): boolean;
  /** Sends the status; `streaming` says beginResponse ran. */
  protected abstract endResponse(
    status: MockStatus,
    trailers: MockMetadata | undefined,
    streaming: boolean,
  ): void;

  /** The request fails: the handler's loop throws, its signal aborts, and the client gets `status`. */
  protected failRequest(status: MockStatus): void {
    if (this.state === 'finished') return;
    const reason = new RequestError(status);
    this.abortReason = reason;
    this.controller?.abort(reason);
    this.requests.fail(reason);
    this.finish(status);
  }

  /**
   * Reads length-prefixed messages (gRPC, gRPC-Web, Connect streaming) from the body, each decoded by `decode` first
   * (grpc-web-text's base64); `encoding` is the header naming the compression of flagged messages.
   */
  protected readEnvelopes(
    encoding: string | undefined,
    json: boolean,
    decode?: (chunk: Buffer) => Buffer,
  ): void {
    const reader = new EnvelopeReader(this.host.maxMessageBytes);
    const body = this.exchange.body;
    body.on('data', (chunk: Buffer) => {
      if (this.state === 'finished') return;
      try {
        for (const envelope of reader.push(decode ? decode(chunk) : chunk)) {
          const data =
            envelope.flags & compressedFlag
              ? decompressed(envelope.data, encoding, this.host.maxMessageBytes)
              : envelope.data;
          this.requests.push(json ? this.fromJson(data) : data);
        }
      } catch (error) {
        this.failRequest(statusOf(error));
      }
    });
    body.once('end', () => {
      if (reader.partial) {
        this.failRequest({
          code: code.INTERNAL,
          message: 'The request body ended in the middle of a message: the client sent a truncated frame.',
        });
      } else this.requests.end();
    });
  }

  /** A JSON request message as protobuf binary; INVALID_ARGUMENT saying what does not fit. */
  protected fromJson(data: Uint8Array): Uint8Array {
    const route = this.route!;
    try {
      return encodeJson(route.registry, route.method.input, Buffer.from(data).toString('utf8'));
    } catch (error) {
      throw new RequestError({
        code: code.INVALID_ARGUMENT,
        message: `The request is not valid JSON for ${route.method.input.typeName}: ${(error as Error).message}`,
      });
    }
  }

  private async run(): Promise<void> {
    try {
      await this.route!.handler(this, this);
      this.finish({
        code: code.INTERNAL,
        message: `The mock's handler for ${this.method.parent.typeName}/${this.method.name} returned without a status.`,
      });
    } catch (error) {
      if (this.state === 'finished') return;
      this.finish({
        code: code.INTERNAL,
        message: `The mock's handler for ${this.method.parent.typeName}/${this.method.name} failed: ${(error as Error).message}`,
      });
    }
  }
}

/** The status a failure while reading or writing a message is answered with. */
export function statusOf(error: unknown): MockStatus {
  if (error instanceof RequestError) return error.status;
  if (error instanceof EnvelopeSizeError) {
    return {
      code: code.RESOURCE_EXHAUSTED,
      message: `${error.message}: the mock accepts messages up to ${error.limit} bytes.`,
    };
  }
  return { code: code.INTERNAL, message: (error as Error).message };
}

/** A compressed message's bytes, by the request's encoding header (gzip and deflate; identity cannot flag one). */
export function decompressed(data: Uint8Array, encoding: string | undefined, maxBytes: number): Uint8Array {
  const options = { maxOutputLength: maxBytes };
  try {
    if (encoding === 'gzip') return gunzipSync(data, options);
    if (encoding === 'deflate') return inflateSync(data, options);
  } catch (error) {
    throw new RequestError({
      code: code.INTERNAL,
      message: `A ${encoding} request message could not be decompressed: ${(error as Error).message}`,
    });
  }
  throw new RequestError(
    encoding === undefined || encoding === 'identity'
      ? {
          code: code.INTERNAL,
          message: 'A request message is flagged compressed, but the request names no compression.',
        }
      : {
          code: code.UNIMPLEMENTED,
          message: `The mock cannot decompress "${encoding}": send identity, gzip or deflate.`,
        },
  );
}
