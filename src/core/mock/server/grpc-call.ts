import type { OutgoingHttpHeaders } from 'node:http';
import { Base64StreamDecoder } from '../../wire/base64-stream';
import { grpcWebTrailersFlag, writeEnvelope } from '../../wire/envelope';
import type { MockMetadata, MockStatus } from '../handler';
import { addMetadata } from './metadata';
import { ServerCall } from './server-call';
import { grpcStatusFields } from './status-wire';

/** gRPC over HTTP/2: length-prefixed messages, the status in HTTP trailers (or alone in the headers when nothing was sent). */
export class GrpcCall extends ServerCall {
  protected readRequests(): void {
    this.readEnvelopes(this.exchange.headers['grpc-encoding'] as string | undefined, false);
  }

  protected beginResponse(): void {
    const headers: OutgoingHttpHeaders = {};
    addMetadata(headers, this.pendingHeaders);
    headers['content-type'] = 'application/grpc';
    this.exchange.respond(200, headers, true);
  }

  protected writeMessage(bytes: Uint8Array): boolean {
    return this.exchange.write(writeEnvelope(0, bytes));
  }

  protected endResponse(status: MockStatus, trailers: MockMetadata | undefined, streaming: boolean): void {
    const fields: OutgoingHttpHeaders = {};
    if (!streaming) addMetadata(fields, this.pendingHeaders);
    addMetadata(fields, trailers);
    Object.assign(fields, grpcStatusFields(status));
    if (streaming) return this.exchange.end(undefined, fields);
    // Trailers-only: nothing was sent, so the status goes in the headers and the stream ends with them.
    fields['content-type'] = 'application/grpc';
    this.exchange.respondWhole(200, fields);
  }
}

/**
 * gRPC-Web (https://github.com/grpc/grpc/blob/master/doc/PROTOCOL-WEB.md) over HTTP/1.1 or HTTP/2: gRPC's framing with
 * the trailers as a last, flagged message. In text mode both directions are base64 (requests may be encoded a
 * message at a time, padding in the middle); each response chunk is encoded on its own.
 */
export class GrpcWebCall extends ServerCall {
  private get text(): boolean {
    return this.protocol === 'grpc-web-text';
  }

  protected readRequests(): void {
    const encoding = this.exchange.headers['grpc-encoding'] as string | undefined;
    if (!this.text) return this.readEnvelopes(encoding, false);
    const decoder = new Base64StreamDecoder();
    this.readEnvelopes(encoding, false, (chunk) => decoder.push(chunk));
  }

  protected beginResponse(): void {
    const headers: OutgoingHttpHeaders = {};
    addMetadata(headers, this.pendingHeaders);
    headers['content-type'] = this.text ? 'application/grpc-web-text+proto' : 'application/grpc-web+proto';
    this.exchange.respond(200, headers, false);
  }

  protected writeMessage(bytes: Uint8Array): boolean {
    return this.exchange.write(this.encoded(writeEnvelope(0, bytes)));
  }

  protected endResponse(status: MockStatus, trailers: MockMetadata | undefined, streaming: boolean): void {
    const fields: OutgoingHttpHeaders = {};
    addMetadata(fields, trailers);
    Object.assign(fields, grpcStatusFields(status));
    let block = '';
    for (const name in fields) {
      const value = fields[name]!;
      for (const one of Array.isArray(value) ? value : [value]) block += `${name}: ${String(one)}\r\n`;
    }
    if (!streaming) this.beginResponse();
    this.exchange.end(this.encoded(writeEnvelope(grpcWebTrailersFlag, Buffer.from(block, 'latin1'))));
  }

  private encoded(frame: Buffer): Buffer {
    return this.text ? Buffer.from(frame.toString('base64'), 'latin1') : frame;
  }
}
