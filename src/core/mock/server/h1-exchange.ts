import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Exchange } from './exchange';

const ignore = (): void => {};

/** An HTTP/1.1 request and its response as an Exchange (gRPC-Web and Connect; gRPC itself needs HTTP/2). */
export class H1Exchange implements Exchange {
  readonly httpVersion = '1.1';
  readonly method: string;
  readonly path: string;
  readonly query: string;
  onAbort?: () => void;
  private ended = false;

  constructor(
    private readonly request: IncomingMessage,
    private readonly response: ServerResponse,
  ) {
    this.method = request.method ?? 'GET';
    const target = request.url ?? '/';
    const question = target.indexOf('?');
    this.path = question < 0 ? target : target.slice(0, question);
    this.query = question < 0 ? '' : target.slice(question + 1);
    request.on('error', ignore);
    response.on('error', ignore);
    response.once('close', () => {
      if (!this.ended && !response.writableFinished) {
        this.ended = true;
        this.onAbort?.();
      }
    });
  }

  get headers(): IncomingMessage['headers'] {
    return this.request.headers;
  }

  get body(): IncomingMessage {
    return this.request;
  }

  get open(): boolean {
    return !this.ended && !this.response.destroyed;
  }

  addHeaders(headers: OutgoingHttpHeaders): void {
    for (const name in headers) this.response.setHeader(name, headers[name]!);
  }

  respond(status: number, headers: OutgoingHttpHeaders): void {
    if (this.open) this.response.writeHead(status, headers);
  }

  respondWhole(status: number, headers: OutgoingHttpHeaders, body?: Uint8Array | string): void {
    if (!this.open) return;
    this.ended = true;
    headers['content-length'] = body === undefined ? 0 : Buffer.byteLength(body);
    this.response.writeHead(status, headers);
    this.response.end(body);
  }

  write(chunk: Uint8Array): boolean {
    return this.open ? this.response.write(chunk) : true;
  }

  whenDrained(): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        this.response.off('drain', done);
        this.response.off('close', done);
        resolve();
      };
      this.response.on('drain', done);
      this.response.on('close', done);
    });
  }

  end(last?: Uint8Array): void {
    if (!this.open) return;
    this.ended = true;
    if (last) this.response.end(last);
    else this.response.end();
  }

  destroy(): void {
    this.ended = true;
    this.response.destroy();
  }
}
