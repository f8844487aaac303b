/** MockCalls of grpc.testing.TestService as a mock server hands them to a handler, and a reply that keeps the bytes. */
import { fromBinary, fromJson, toBinary, toJson, type JsonValue } from '@bufbuild/protobuf';
import type { MockCall, MockMetadata, MockReply, MockStatus } from '../../../../src/core/mock/handler';
import { loadSchema } from '../../../../src/core/schema/load';
import type { Schema } from '../../../../src/core/schema/schema';
import { interopProtoFlags } from '../../../cli/call-harness';
import { RequestFeed } from '../mock-call';

/** grpc's interop protos, as the go-reflect peer serves them. */
export function interopSchema(): Promise<Schema> {
  const [, file = '', , root = ''] = interopProtoFlags;
  return loadSchema({ kind: 'protoFiles', files: [file], importPaths: [root] });
}

/** Everything the handler sent back, the messages as bytes and as JSON. */
export class BytesReply implements MockReply {
  headers: MockMetadata | undefined;
  readonly bytes: Uint8Array[] = [];
  status: MockStatus | undefined;
  trailers: MockMetadata | undefined;
  readonly finished: Promise<MockStatus>;
  private resolveFinish!: (status: MockStatus) => void;

  constructor(private readonly call: MockCall) {
    this.finished = new Promise((resolve) => (this.resolveFinish = resolve));
  }

  get messages(): JsonValue[] {
    return this.bytes.map((bytes) =>
      toJson(this.call.method.output, fromBinary(this.call.method.output, bytes)),
    );
  }

  sendHeaders(headers: MockMetadata): void {
    this.headers = headers;
  }

  sendMessage(bytes: Uint8Array): Promise<void> {
    this.bytes.push(bytes);
    return Promise.resolve();
  }

  finish(status: MockStatus, trailers?: MockMetadata): void {
    if (this.status) return;
    this.status = status;
    this.trailers = trailers;
    this.resolveFinish(status);
  }
}

/** A call of grpc.testing.TestService/`method` sending `requests` (JSON), then half-closing. */
export function interopCall(
  schema: Schema,
  method: string,
  requests: JsonValue[],
  metadata: MockMetadata = {},
): { call: MockCall; reply: BytesReply; abort: AbortController } {
  const desc = schema.method(`grpc.testing.TestService/${method}`);
  if (!desc) throw new Error(`no method ${method}`);
  const feed = new RequestFeed();
  for (const json of requests) feed.push(toBinary(desc.input, fromJson(desc.input, json)));
  feed.end();
  const abort = new AbortController();
  const call: MockCall = { method: desc, protocol: 'grpc', metadata, requests: feed, signal: abort.signal };
  return { call, reply: new BytesReply(call), abort };
}
