import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { constants, type ServerHttp2Stream } from 'node:http2';
import type { Exchange } from './exchange';

const ignore = (): void => {};

/** An HTTP/2 stream as an Exchange, on node's stream API (the compat req/res API costs about 15% of calls/s). */
export class H2Exchange implements Exchange {
  readonly httpVersion = '2';
  readonly method: string;
  readonly path: string;
  readonly query: string;
  onAbort?: () => void;
  private ended = false;
  private trailers?: OutgoingHttpHeaders;
  private extra?: OutgoingHttpHeaders;

  constructor(
    private readonly stream: ServerHttp2Stream,
    readonly headers: IncomingHttpHeaders,
  ) {
    this.method = (headers[':method'] as string | undefined) ?? 'GET';
    const target = (headers[':path'] as string | undefined) ?? '/';
    const question = target.indexOf('?');
    this.path = question < 0 ? target : target.slice(0, question);
    this.query = question < 0 ? '' : target.slice(question + 1);
    stream.on('error', ignore);
    stream.once('close', () => {
      if (!this.ended) {
        this.ended = true;
        this.onAbort?.();
      }
    });
  }

  get body(): ServerHttp2Stream {
    return this.stream;
  }

  get open(): boolean {
    return !this.ended && !this.stream.destroyed;
  }

  addHeaders(headers: OutgoingHttpHeaders): void {
    this.extra = headers;
  }

  respond(status: number, headers: OutgoingHttpHeaders, trailers: boolean): void {
    if (!this.open) return;
    headers[':status'] = status;
    if (this.extra) Object.assign(headers, this.extra);
    if (!trailers) return this.stream.respond(headers);
    this.stream.respond(headers, { waitForTrailers: true });
    this.stream.once('wantTrailers', () => {
      try {
        this.stream.sendTrailers(this.trailers ?? {});
      } catch {
        // The stream closed meanwhile, or node refused a trailer: end it rather than leave it hanging.
        this.stream.close(constants.NGHTTP2_INTERNAL_ERROR);
      }
    });
  }

  respondWhole(status: number, headers: OutgoingHttpHeaders, body?: Uint8Array | string): void {
    if (!this.open) return;
    this.ended = true;
    headers[':status'] = status;
    if (this.extra) Object.assign(headers, this.extra);
    if (body === undefined || body.length === 0) {
      this.stream.respond(headers, { endStream: true });
    } else {
      this.stream.respond(headers);
      this.stream.end(body);
    }
  }

  write(chunk: Uint8Array): boolean {
    return this.open ? this.stream.write(chunk) : true;
  }

  whenDrained(): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        this.stream.off('drain', done);
        this.stream.off('close', done);
        resolve();
      };
      this.stream.on('drain', done);
      this.stream.on('close', done);
    });
  }

  end(last?: Uint8Array, trailers?: OutgoingHttpHeaders): void {
    if (!this.open) return;
    this.ended = true;
    this.trailers = trailers;
    if (last) this.stream.end(last);
    else this.stream.end();
  }

  destroy(): void {
    this.ended = true;
    if (!this.stream.destroyed) this.stream.close(constants.NGHTTP2_CANCEL);
  }
}
