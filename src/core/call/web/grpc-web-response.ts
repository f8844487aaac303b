import type { IncomingHttpHeaders } from 'node:http';
import { Metadata, status as grpcStatus } from '@grpc/grpc-js';
import { Base64StreamDecoder } from '../../wire/base64-stream';
import { decompress } from './compression';
import { compressedFlag, EnvelopeReader, grpcWebTrailersFlag } from '../../wire/envelope';
import { parseGrpcWebTrailers } from '../../wire/grpc-web-trailers';
import { trailerStatus } from '../../wire/http-status';
import {
  checkContentType,
  httpFailure,
  type BodyEnd,
  type ResponseBody,
  type ResponseHead,
} from './response-body';
import { headerValue, responseMetadata } from './response-metadata';
import { WebStatusError } from './web-status-error';

/**
 * Reads a gRPC-Web response (binary, or base64 text when its content-type says so): message envelopes, then one
 * trailer envelope (flag 0x80). The status may also come in HTTP/2 trailers, or in the headers of a trailers-only
 * response.
 */
export function grpcWebResponse(head: ResponseHead): ResponseBody {
  const trailersOnly = head.headers['grpc-status'] !== undefined;
  if (head.httpStatus !== 200 && !trailersOnly) throw httpFailure(head.httpStatus);
  if (!trailersOnly) checkContentType(head, 'application/grpc-web', 'gRPC-Web');
  return new GrpcWebBody(head, trailersOnly);
}

class GrpcWebBody implements ResponseBody {
  readonly headers?: Metadata;
  private readonly text?: Base64StreamDecoder;
  private readonly envelopes: EnvelopeReader;
  private readonly encoding: string | undefined;
  private trailers?: IncomingHttpHeaders;

  constructor(
    private readonly head: ResponseHead,
    private readonly trailersOnly: boolean,
  ) {
    if (!trailersOnly) this.headers = responseMetadata(head.headers);
    const type = headerValue(head.headers, 'content-type') ?? '';
    if (type.toLowerCase().startsWith('application/grpc-web-text')) this.text = new Base64StreamDecoder();
    this.envelopes = new EnvelopeReader(head.maxBytes);
    this.encoding = headerValue(head.headers, 'grpc-encoding');
  }

  data(chunk: Uint8Array): Buffer[] {
    const messages: Buffer[] = [];
    let bytes: Uint8Array = chunk;
    if (this.text) {
      try {
        bytes = this.text.push(chunk);
      } catch (error) {
        throw new WebStatusError(grpcStatus.INTERNAL, (error as Error).message);
      }
    }
    for (const { flags, data } of this.envelopes.push(bytes)) {
      const body = flags & compressedFlag ? decompress(this.encoding, data, this.head.maxBytes) : data;
      if (flags & grpcWebTrailersFlag) this.trailers = parseGrpcWebTrailers(body);
      else if (this.trailers === undefined)
        messages.push(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
    }
    return messages;
  }

  end(httpTrailers: IncomingHttpHeaders): BodyEnd {
    if (this.envelopes.partial || this.text?.partial) {
      throw new WebStatusError(grpcStatus.INTERNAL, 'The response ended in the middle of a message.');
    }
    const trailers =
      this.trailers ??
      (httpTrailers['grpc-status'] !== undefined ? httpTrailers : undefined) ??
      (this.trailersOnly ? this.head.headers : undefined);
    if (!trailers) {
      const details = 'Call ended without gRPC status: the response has no trailers.';
      return { status: { code: grpcStatus.INTERNAL, details, metadata: new Metadata() } };
    }
    return {
      status: { ...trailerStatus(trailers, this.head.httpStatus), metadata: responseMetadata(trailers) },
    };
  }
}
