import { request, type Agent, type ClientRequest, type IncomingMessage } from 'node:http';
import { closedBeforeEnd } from './errors';
import type { HttpExchange, HttpRequestHead, HttpResponseEvents } from './exchange';

/** Where HTTP/1.1 requests go: the pool's agent, and the server as the agent names its sockets. */
export interface H1Origin {
  agent: Agent;
  host: string;
  port: number;
  authority: string;
}

/** One HTTP/1.1 POST on a pooled socket; the body is sent with chunked encoding (unless a content-length is set). */
export class H1Exchange implements HttpExchange {
  private readonly request: ClientRequest;
  private response: IncomingMessage | undefined;
  private finished = false;
  private paused = false;

  constructor(
    origin: H1Origin,
    head: HttpRequestHead,
    private readonly events: HttpResponseEvents,
  ) {
    const outgoing = request({
      agent: origin.agent,
      host: origin.host,
      port: origin.port,
      method: 'POST',
      path: head.path,
      headers: head.headers,
      setHost: false,
    });
    outgoing.setHeader('host', origin.authority);
    outgoing.on('response', (response) => this.received(response));
    outgoing.on('error', (error: NodeJS.ErrnoException) => this.fail(error));
    outgoing.on('close', () => {
      if (!this.response) this.fail(closedBeforeEnd());
    });
    this.request = outgoing;
  }

  write(chunk: Uint8Array, done: () => void): void {
    if (this.finished) return;
    this.request.write(chunk, (error) => {
      if (!error) done();
    });
  }

  end(): void {
    if (!this.finished && !this.request.writableEnded) this.request.end();
  }

  cancel(): void {
    if (this.finished) return;
    this.finished = true;
    this.request.destroy();
  }

  pause(): void {
    this.paused = true;
    this.response?.pause();
  }

  resume(): void {
    this.paused = false;
    this.response?.resume();
  }

  private received(response: IncomingMessage): void {
    if (this.finished) return;
    this.response = response;
    if (this.paused) response.pause();
    this.events.response(response.statusCode ?? 0, response.headers);
    response.on('data', (chunk: Buffer) => {
      if (!this.finished) this.events.data(chunk);
    });
    response.on('end', () => {
      if (this.finished) return;
      this.finished = true;
      // The server answered before the request body ended: the socket cannot carry another request.
      if (!this.request.writableEnded) this.request.destroy();
      this.events.end(response.trailers);
    });
    response.on('error', (error: NodeJS.ErrnoException) => this.fail(error));
    response.on('close', () => {
      if (!this.finished) this.fail(closedBeforeEnd());
    });
  }

  private fail(error: NodeJS.ErrnoException): void {
    if (this.finished) return;
    this.finished = true;
    this.request.destroy();
    this.events.error(error);
  }
}
