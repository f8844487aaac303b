import { status as code } from '@grpc/grpc-js';
import type { OutgoingHttpHeaders } from 'node:http';
import { decodeToJson } from '../../schema/json';
import { connectEndStreamFlag, writeEnvelope } from '../../wire/envelope';
import type { MockMetadata, MockStatus } from '../handler';
import { addMetadata, connectMetadataJson } from './metadata';
import { RequestError } from './request-error';
import { ServerCall, decompressed, statusOf } from './server-call';
import { connectHttpStatus } from '../../wire/connect-codes';
import { connectErrorJson } from './status-wire';

/** Connect's two codecs: protobuf binary, or canonical JSON converted at the edge (the handler sees binary only). */
export type ConnectCodec = 'proto' | 'json';

/** Shared by Connect's unary and streaming calls: the codec, and JSON output from the handler's binary. */
abstract class ConnectCall extends ServerCall {
  protected abstract readonly codec: ConnectCodec;

  /** A response message in the call's codec. */
  protected encodeOutput(bytes: Uint8Array): Uint8Array {
    if (this.codec === 'proto') return bytes;
    const route = this.route!;
    try {
      return Buffer.from(JSON.stringify(decodeToJson(route.registry, route.method.output, bytes)), 'utf8');
    } catch (error) {
      throw new RequestError({
        code: code.INTERNAL,
        message: `The mock's response is not a valid ${route.method.output.typeName}: ${(error as Error).message}`,
      });
    }
  }
}

/** Connect streaming (application/connect+proto or +json): enveloped messages, then the end-stream message. */
export class ConnectStreamCall extends ConnectCall {
  constructor(
    protected readonly codec: ConnectCodec,
    ...rest: ConstructorParameters<typeof ServerCall>
  ) {
    super(...rest);
  }

  protected readRequests(): void {
    const encoding = this.exchange.headers['connect-content-encoding'] as string | undefined;
    this.readEnvelopes(encoding, this.codec === 'json');
  }

  protected beginResponse(): void {
    const headers: OutgoingHttpHeaders = {};
    addMetadata(headers, this.pendingHeaders);
    headers['content-type'] = `application/connect+${this.codec}`;
    this.exchange.respond(200, headers, false);
  }

  protected writeMessage(bytes: Uint8Array): boolean {
    return this.exchange.write(writeEnvelope(0, this.encodeOutput(bytes)));
  }

  protected endResponse(status: MockStatus, trailers: MockMetadata | undefined, streaming: boolean): void {
    const end: Record<string, unknown> = {};
    if (status.code !== 0) end.error = connectErrorJson(status);
    const metadata = connectMetadataJson(trailers);
    if (metadata) end.metadata = metadata;
    if (!streaming) this.beginResponse();
    this.exchange.end(writeEnvelope(connectEndStreamFlag, Buffer.from(JSON.stringify(end), 'utf8')));
  }
}

/**
 * Connect unary (application/proto or application/json, POST or GET): the whole message as the body, errors as JSON
 * with an HTTP status, trailers as `trailer-` headers. The answer waits for the finish: the status decides it all.
 */
export class ConnectUnaryCall extends ConnectCall {
  private response?: Uint8Array;

  constructor(
    protected readonly codec: ConnectCodec,
    ...rest: ConstructorParameters<typeof ServerCall>
  ) {
    super(...rest);
  }

  protected readRequests(): void {
    if (this.exchange.method === 'GET') return this.readQuery();
    const limit = this.host.maxMessageBytes;
    const chunks: Buffer[] = [];
    let size = 0;
    const body = this.exchange.body;
    body.on('data', (chunk: Buffer) => {
      if (this.finished) return;
      size += chunk.byteLength;
      if (size > limit) {
        this.failRequest({
          code: code.RESOURCE_EXHAUSTED,
          message: `The request is larger than the mock accepts (${limit} bytes).`,
        });
      } else chunks.push(chunk);
    });
    body.once('end', () => {
      if (this.finished) return;
      const encoding = this.exchange.headers['content-encoding'] as string | undefined;
      this.deliver(Buffer.concat(chunks), encoding);
    });
  }

  protected beginResponse(): void {}

  protected writeMessage(bytes: Uint8Array): boolean {
    this.response = this.encodeOutput(bytes);
    return true;
  }

  protected endResponse(status: MockStatus, trailers: MockMetadata | undefined): void {
    const headers: OutgoingHttpHeaders = {};
    addMetadata(headers, this.pendingHeaders);
    addMetadata(headers, trailers, 'trailer-');
    if (status.code === 0) {
      headers['content-type'] = `application/${this.codec}`;
      return this.exchange.respondWhole(200, headers, this.response ?? this.encodeOutput(new Uint8Array()));
    }
    headers['content-type'] = 'application/json';
    this.exchange.respondWhole(
      connectHttpStatus(status.code),
      headers,
      JSON.stringify(connectErrorJson(status)),
    );
  }

  /** GET: `?connect=v1&encoding=json|proto&message=…[&base64=1][&compression=gzip]`. */
  private readQuery(): void {
    this.exchange.body.resume();
    const query = new URLSearchParams(this.exchange.query);
    const message = query.get('message') ?? '';
    const bytes =
      query.get('base64') === '1' ? Buffer.from(message, 'base64url') : Buffer.from(message, 'utf8');
    this.deliver(bytes, query.get('compression') ?? undefined);
  }

  private deliver(body: Buffer, encoding: string | undefined): void {
    try {
      const plain =
        encoding && encoding !== 'identity' ? decompressed(body, encoding, this.host.maxMessageBytes) : body;
      this.requests.push(this.codec === 'json' ? this.fromJson(plain) : plain);
      this.requests.end();
    } catch (error) {
      this.failRequest(statusOf(error));
    }
  }
}
