import { Metadata, status as grpcStatus } from '@grpc/grpc-js';
import type { ChannelStatus } from '../call-channel';
import { decodeContent, decompress } from './compression';
import { connectErrorStatus, parseEndStream } from './connect-error';
import { compressedFlag, connectEndStreamFlag, EnvelopeReader, EnvelopeSizeError } from '../../wire/envelope';
import { httpStatusToGrpc } from '../../wire/http-status';
import {
  checkContentType,
  httpFailure,
  type BodyEnd,
  type ResponseBody,
  type ResponseHead,
} from './response-body';
import { headerValue, responseMetadata } from './response-metadata';
import { WebStatusError } from './web-status-error';

/** Connect unary responses carry trailers as headers named `trailer-<name>`. */
const trailerPrefix = 'trailer-';
const headersOnly = (name: string): string | undefined => (name.startsWith(trailerPrefix) ? undefined : name);
const trailersOnly = (name: string): string | undefined =>
  name.startsWith(trailerPrefix) ? name.slice(trailerPrefix.length) : undefined;

/**
 * Reads a Connect response: a unary call's is the bare message (`application/proto`), or an error as JSON with a non-200
 * HTTP status; a stream's is envelopes ending with the end-of-stream JSON (flag 0x02).
 */
export function connectResponse(head: ResponseHead, unary: boolean): ResponseBody {
  if (head.httpStatus !== 200) return new ConnectErrorBody(head, unary);
  checkContentType(head, unary ? 'application/proto' : 'application/connect+proto', 'Connect');
  return unary ? new ConnectUnaryBody(head) : new ConnectStreamBody(head);
}

/**
 * Collects a whole body, refusing one over the size limit as grpc-js refuses a large message: by its content-length
 * when it has one (so the message names the real size), else once the bytes so far pass the limit.
 */
class BodyCollector {
  private readonly chunks: Uint8Array[] = [];
  private size = 0;
  private readonly announced: number;

  constructor(
    private readonly maxBytes: number,
    head: ResponseHead,
  ) {
    this.announced = Number(headerValue(head.headers, 'content-length') ?? 0) || 0;
  }

  add(chunk: Uint8Array): void {
    this.size += chunk.byteLength;
    const size = Math.max(this.size, this.announced);
    if (size > this.maxBytes) {
      throw new WebStatusError(
        grpcStatus.RESOURCE_EXHAUSTED,
        new EnvelopeSizeError(size, this.maxBytes).message,
      );
    }
    this.chunks.push(chunk);
  }

  body(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

/** A Connect response read whole before anything is reported: the unary message, or an error's JSON. */
abstract class WholeBody implements ResponseBody {
  protected readonly collector: BodyCollector;

  constructor(
    protected readonly head: ResponseHead,
    readonly headers: Metadata,
  ) {
    this.collector = new BodyCollector(head.maxBytes, head);
  }

  data(chunk: Uint8Array): Buffer[] {
    this.collector.add(chunk);
    return [];
  }

  /** The body, decoded by its content-encoding. */
  protected decodedBody(): Buffer {
    const encoding = headerValue(this.head.headers, 'content-encoding');
    return decodeContent(encoding, this.collector.body(), this.head.maxBytes);
  }

  abstract end(): BodyEnd;
}

class ConnectUnaryBody extends WholeBody {
  constructor(head: ResponseHead) {
    super(head, responseMetadata(head.headers, headersOnly));
  }

  /** The one message comes with the end of the body. */
  end(): BodyEnd {
    return {
      last: this.decodedBody(),
      status: {
        code: grpcStatus.OK,
        details: '',
        metadata: responseMetadata(this.head.headers, trailersOnly),
      },
    };
  }
}

/** A non-200 Connect response: the error JSON, or, when the body is not one, the code the HTTP status implies. */
class ConnectErrorBody extends WholeBody {
  constructor(
    head: ResponseHead,
    private readonly unary: boolean,
  ) {
    super(head, responseMetadata(head.headers, unary ? headersOnly : undefined));
  }

  end(): BodyEnd {
    const type = headerValue(this.head.headers, 'content-type') ?? '';
    let json: unknown;
    try {
      if (type.startsWith('application/json')) json = JSON.parse(this.decodedBody().toString('utf8'));
    } catch {
      json = undefined;
    }
    const error = connectErrorStatus(json, httpStatusToGrpc(this.head.httpStatus).code);
    if (!error) throw httpFailure(this.head.httpStatus);
    const trailers = this.unary ? responseMetadata(this.head.headers, trailersOnly) : new Metadata();
    trailers.merge(error.metadata);
    return { status: { code: error.code, details: error.details, metadata: trailers } };
  }
}

class ConnectStreamBody implements ResponseBody {
  readonly headers: Metadata;
  private readonly envelopes: EnvelopeReader;
  private readonly encoding: string | undefined;
  private status?: ChannelStatus;

  constructor(private readonly head: ResponseHead) {
    this.headers = responseMetadata(head.headers);
    this.envelopes = new EnvelopeReader(head.maxBytes);
    this.encoding = headerValue(head.headers, 'connect-content-encoding');
  }

  data(chunk: Uint8Array): Buffer[] {
    const messages: Buffer[] = [];
    for (const { flags, data } of this.envelopes.push(chunk)) {
      const body = flags & compressedFlag ? decompress(this.encoding, data, this.head.maxBytes) : data;
      if (flags & connectEndStreamFlag) this.status = this.endStream(body);
      else if (!this.status) messages.push(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
    }
    return messages;
  }

  end(): BodyEnd {
    if (this.envelopes.partial) {
      throw new WebStatusError(grpcStatus.INTERNAL, 'The response ended in the middle of a message.');
    }
    return {
      status: this.status ?? {
        code: grpcStatus.INTERNAL,
        details: 'Call ended without a status: the Connect stream has no end-of-stream message.',
        metadata: new Metadata(),
      },
    };
  }

  private endStream(body: Uint8Array): ChannelStatus {
    try {
      return parseEndStream(body);
    } catch (error) {
      throw new WebStatusError(
        grpcStatus.INTERNAL,
        `The Connect end-of-stream message cannot be read: ${(error as Error).message}.`,
      );
    }
  }
}
