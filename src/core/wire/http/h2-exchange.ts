import { constants, type ClientHttp2Stream, type IncomingHttpHeaders } from 'node:http2';
import { closedBeforeEnd, httpError } from './errors';
import type { HttpExchange, HttpResponseEvents } from './exchange';

/** One HTTP/2 stream as an exchange. `closed` runs when the stream is gone, whatever happened (frees its slot). */
export class H2Exchange implements HttpExchange {
  private finished = false;
  private responded = false;
  private trailers: IncomingHttpHeaders = {};

  constructor(
    private readonly stream: ClientHttp2Stream,
    private readonly events: HttpResponseEvents,
    closed: () => void,
  ) {
    stream.on('response', (headers) => {
      if (this.finished) return;
      this.responded = true;
      const status = Number(headers[':status']);
      withoutPseudoHeaders(headers);
      events.response(status, headers);
    });
    stream.on('data', (chunk: Buffer) => {
      if (!this.finished) events.data(chunk);
    });
    stream.on('trailers', (trailers) => {
      this.trailers = withoutPseudoHeaders(trailers);
    });
    stream.on('end', () => {
      if (!this.responded) return this.fail(closedBeforeEnd());
      // A server's RST_STREAM CANCEL ends the body as if it were complete; only the reset code tells.
      if (stream.rstCode === constants.NGHTTP2_CANCEL) return this.fail(serverCancelled());
      if (this.finished) return;
      this.finished = true;
      // The server is done; a request body still open (it answered early) has nowhere to go.
      if (!stream.writableEnded) stream.close(constants.NGHTTP2_NO_ERROR);
      events.end(this.trailers);
    });
    stream.on('error', (error: NodeJS.ErrnoException) => this.fail(error));
    stream.on('close', () => {
      closed();
      if (this.finished) return;
      // Node reports other reset codes as errors itself; a server's CANCEL comes without one.
      this.fail(stream.rstCode === constants.NGHTTP2_CANCEL ? serverCancelled() : closedBeforeEnd());
    });
  }

  write(chunk: Uint8Array, done: () => void): void {
    if (this.finished) return;
    this.stream.write(chunk, (error) => {
      if (!error) done();
    });
  }

  end(): void {
    if (!this.finished && !this.stream.writableEnded) this.stream.end();
  }

  cancel(): void {
    if (this.finished) return;
    this.finished = true;
    this.stream.close(constants.NGHTTP2_CANCEL);
  }

  pause(): void {
    this.stream.pause();
  }

  resume(): void {
    this.stream.resume();
  }

  private fail(error: NodeJS.ErrnoException): void {
    if (this.finished) return;
    this.finished = true;
    this.stream.destroy();
    this.events.error(error);
  }
}

/** HTTP/2 pseudo-headers (`:status`) are not metadata: they would not pass as header names further up. */
function withoutPseudoHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  for (const name of Object.keys(headers)) if (name.startsWith(':')) delete headers[name];
  return headers;
}

function serverCancelled(): NodeJS.ErrnoException {
  return httpError(
    'ECONNRESET',
    'The server cancelled the stream (RST_STREAM CANCEL) before the response ended.',
  );
}
