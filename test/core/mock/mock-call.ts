/** An in-test MockCall and MockReply: what a mock server hands a handler, without the network. */
import { fromBinary, toBinary, fromJson, type DescMessage, type JsonValue } from '@bufbuild/protobuf';
import { toJson } from '@bufbuild/protobuf';
import type { MockCall, MockMetadata, MockReply, MockStatus } from '../../../src/core/mock/handler';
import { loadSchema } from '../../../src/core/schema/load';
import type { Schema } from '../../../src/core/schema/schema';

const protos = new URL('../../fixtures/protos/mock/', import.meta.url).pathname;

/** The zoo fixture: mock.zoo.Zoo with a unary, a server-stream, a client-stream and a bidi method. */
export function zooSchema(): Promise<Schema> {
  return loadSchema({ kind: 'protoFiles', files: ['zoo.proto'], importPaths: [protos] });
}

/** A request stream the test feeds message by message, then ends. */
export class RequestFeed implements AsyncIterable<Uint8Array> {
  private readonly queue: Uint8Array[] = [];
  private ended = false;
  private wake: (() => void) | undefined;

  push(bytes: Uint8Array): void {
    this.queue.push(bytes);
    this.wake?.();
  }

  end(): void {
    this.ended = true;
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    for (;;) {
      const next = this.queue.shift();
      if (next) {
        yield next;
        continue;
      }
      if (this.ended) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }
}

/** What the handler answered, as JSON, with a promise for each message and for the finish. */
export class RecordedReply implements MockReply {
  headers: MockMetadata | undefined;
  readonly messages: JsonValue[] = [];
  /** When each message was sent, from performance.now(). */
  readonly sentAt: number[] = [];
  status: MockStatus | undefined;
  trailers: MockMetadata | undefined;
  readonly finished: Promise<MockStatus>;
  private resolveFinish!: (status: MockStatus) => void;
  private readonly messageWaiters: (() => void)[] = [];

  constructor(private readonly output: DescMessage) {
    this.finished = new Promise((resolve) => (this.resolveFinish = resolve));
  }

  sendHeaders(headers: MockMetadata): void {
    this.headers = headers;
  }

  sendMessage(bytes: Uint8Array): Promise<void> {
    this.messages.push(toJson(this.output, fromBinary(this.output, bytes)));
    this.sentAt.push(performance.now());
    this.messageWaiters.splice(0).forEach((wake) => wake());
    return Promise.resolve();
  }

  finish(status: MockStatus, trailers?: MockMetadata): void {
    if (this.status) return;
    this.status = status;
    this.trailers = trailers;
    this.resolveFinish(status);
  }

  /** Resolves once `count` messages have been sent. */
  async untilMessages(count: number): Promise<void> {
    while (this.messages.length < count) await new Promise<void>((wake) => this.messageWaiters.push(wake));
  }
}

/** A call to `method` of the zoo with its request stream, reply and abort controller. */
export function zooCall(
  schema: Schema,
  method: string,
  metadata: MockMetadata = {},
): {
  call: MockCall;
  reply: RecordedReply;
  feed: RequestFeed;
  abort: AbortController;
  send: (json: JsonValue) => void;
} {
  const desc = schema.method(`mock.zoo.Zoo/${method}`);
  if (!desc) throw new Error(`no method ${method}`);
  const feed = new RequestFeed();
  const abort = new AbortController();
  const reply = new RecordedReply(desc.output);
  const call: MockCall = { method: desc, protocol: 'grpc', metadata, requests: feed, signal: abort.signal };
  const send = (json: JsonValue): void => feed.push(toBinary(desc.input, fromJson(desc.input, json)));
  return { call, reply, feed, abort, send };
}
