import type { IncomingHttpHeaders } from 'node:http';
import { Metadata, status as grpcStatus } from '@grpc/grpc-js';
import type { MethodKind } from '../../../shared/schema';
import type { ChannelCall, ChannelCallListener, ChannelStatus } from '../call-channel';
import type { HttpClient, HttpExchange } from '../../wire/http/http-client';
import { gzip } from './compression';
import { connectResponse } from './connect-response';
import { compressedFlag, writeEnvelope } from '../../wire/envelope';
import { grpcWebResponse } from './grpc-web-response';
import { requestHeaders } from './request-headers';
import type { ResponseBody } from './response-body';
import { ResponseQueue } from './response-queue';
import { http1StreamProblem, needsHttp2, type WebProtocol } from './web-protocol';
import { WebStatusError } from './web-status-error';

/** What every call on one web channel shares. */
export interface WebCallSettings {
  protocol: WebProtocol;
  client: HttpClient;
  /** Put before `/package.Service/Method`. */
  pathPrefix: string;
  gzip: boolean;
  maxReceiveBytes: number;
  userAgent: string;
}

/**
 * One gRPC-Web or Connect call behind grpc-js's channel-call interface, so the session drives it as it drives gRPC.
 * Unary and server-streaming requests go whole once half-closed (with a content-length, which HTTP/1.1 servers and
 * proxies handle best); client and bidi streams open the request at start and need HTTP/2.
 */
export class WebCall implements ChannelCall {
  private listener?: ChannelCallListener;
  private metadata = new Metadata();
  private readonly startedAt = Date.now();
  private readonly connectUnary: boolean;
  private readonly whole: boolean;
  private exchange?: HttpExchange;
  /** Requests waiting for the exchange: the whole body, or stream writes made before it opened. */
  private waiting: { frame: Buffer; written?: () => void }[] = [];
  private halfClosed = false;
  private body?: ResponseBody;
  private readonly responses = new ResponseQueue({
    message: (message) => this.listener?.onReceiveMessage(message),
    status: (status) => this.report(status),
    hold: (held) => (held ? this.exchange?.pause() : this.exchange?.resume()),
  });
  private httpVersion?: '1.1' | '2';
  /** No more network events are heard. */
  private settled = false;
  private reported = false;
  private deadlineTimer?: NodeJS.Timeout;
  private stopWaitingForConnection?: () => void;

  constructor(
    private readonly settings: WebCallSettings,
    private readonly path: string,
    private readonly deadline: number,
    private readonly kind: MethodKind,
  ) {
    this.connectUnary = settings.protocol === 'connect' && kind === 'unary';
    this.whole = !needsHttp2(kind);
  }

  start(metadata: Metadata, listener: ChannelCallListener): void {
    this.metadata = metadata;
    this.listener = listener;
    if (Number.isFinite(this.deadline)) {
      this.deadlineTimer = setTimeout(() => this.deadlinePassed(), Math.max(0, this.deadline - Date.now()));
    }
    if (!this.whole) this.openStreamWhenConnected();
  }

  sendMessageWithContext(context: { callback?: () => void }, message: Buffer): void {
    const written = context.callback;
    if (this.settled) return written?.();
    const frame = this.frame(message);
    if (this.exchange) this.exchange.write(frame, () => written?.());
    else if (this.whole) {
      this.waiting.push({ frame });
      written?.();
    } else this.waiting.push({ frame, ...(written ? { written } : {}) });
  }

  halfClose(): void {
    if (this.halfClosed || this.settled) return;
    this.halfClosed = true;
    if (this.whole) this.sendWhole();
    else this.exchange?.end();
  }

  startRead(): void {
    this.responses.read();
  }

  cancelWithStatus(code: grpcStatus, details: string): void {
    this.fail(new WebStatusError(code, details));
  }

  /** A request message as this protocol frames it: an envelope (base64 for text), or the bare body for Connect unary. */
  private frame(message: Buffer): Buffer {
    const { gzip: compress, protocol } = this.settings;
    const data = compress ? gzip(message) : message;
    if (this.connectUnary) return data;
    const envelope = writeEnvelope(compress ? compressedFlag : 0, data);
    // Each message is encoded on its own, as gRPC-Web's JavaScript client does: the spec allows padding mid-stream.
    return protocol === 'grpc-web-text' ? Buffer.from(envelope.toString('base64'), 'latin1') : envelope;
  }

  private sendWhole(): void {
    const body = Buffer.concat(this.waiting.map((w) => w.frame));
    this.waiting = [];
    const exchange = this.open(body.byteLength);
    exchange.write(body, () => undefined);
    exchange.end();
  }

  /**
   * Over TLS, ALPN picks the HTTP version only once connected: a client or bidi stream waits for it and refuses
   * HTTP/1.1 before sending anything.
   */
  private openStreamWhenConnected(): void {
    const { client } = this.settings;
    if (client.httpVersion !== undefined || client.state === 'failed') return this.openStream();
    this.stopWaitingForConnection = client.onState((state) => {
      if (state !== 'ready' && state !== 'failed') return;
      this.stopWaitingForConnection?.();
      this.stopWaitingForConnection = undefined;
      if (!this.settled) this.openStream();
    });
    client.connect();
  }

  private openStream(): void {
    if (this.settings.client.httpVersion === '1.1') {
      this.httpVersion = '1.1';
      // Over TLS the h2c switch cannot help: only a server (or gateway) that offers HTTP/2 by ALPN can carry the stream.
      const { message } = http1StreamProblem(this.settings.protocol, this.kind);
      return this.fail(
        new WebStatusError(
          grpcStatus.UNIMPLEMENTED,
          `${message} The server chose HTTP/1.1 in the TLS handshake (ALPN); the call needs a server or gateway that offers HTTP/2 over TLS.`,
        ),
      );
    }
    const exchange = this.open(undefined);
    for (const { frame, written } of this.waiting) exchange.write(frame, () => written?.());
    this.waiting = [];
    if (this.halfClosed) exchange.end();
  }

  private open(contentLength: number | undefined): HttpExchange {
    const { client, protocol, pathPrefix, gzip: compress, userAgent } = this.settings;
    const headers = requestHeaders({
      protocol,
      connectUnary: this.connectUnary,
      metadata: this.metadata,
      ...(Number.isFinite(this.deadline) ? { timeoutMs: this.deadline - Date.now() } : {}),
      gzip: compress,
      userAgent,
      ...(contentLength === undefined ? {} : { contentLength }),
    });
    this.exchange = client.request(
      { path: `${pathPrefix}${this.path}`, headers },
      {
        response: (httpStatus, responseHeaders) => this.onResponse(httpStatus, responseHeaders),
        data: (chunk) => this.guard(() => this.responses.push(this.body?.data(chunk) ?? [])),
        end: (trailers) => this.onEnd(trailers),
        error: (error) => this.onError(error),
      },
    );
    return this.exchange;
  }

  private onResponse(httpStatus: number, headers: IncomingHttpHeaders): void {
    if (this.settled) return;
    this.httpVersion = this.settings.client.httpVersion;
    this.guard(() => {
      const head = { httpStatus, headers, maxBytes: this.settings.maxReceiveBytes };
      this.body =
        this.settings.protocol === 'connect'
          ? connectResponse(head, this.connectUnary)
          : grpcWebResponse(head);
      if (this.body.headers) this.listener?.onReceiveMetadata(this.body.headers);
    });
  }

  private onEnd(trailers: IncomingHttpHeaders): void {
    if (this.settled) return;
    this.guard(() => {
      if (!this.body)
        throw new WebStatusError(grpcStatus.UNAVAILABLE, 'The connection ended without a response.');
      const { status, last } = this.body.end(trailers);
      if (last) this.responses.push([last]);
      this.settled = true;
      this.responses.end({ ...status, ...(this.httpVersion ? { httpVersion: this.httpVersion } : {}) });
    });
  }

  /** The connection failed; before a response, in grpc-js's words, so the engine explains it the same way. */
  private onError(error: NodeJS.ErrnoException): void {
    if (this.settled) return;
    const details = this.body
      ? `The connection was lost during the call: ${error.message}`
      : `No connection established. Last error: ${error.message}`;
    this.fail(new WebStatusError(grpcStatus.UNAVAILABLE, details));
  }

  private deadlinePassed(): void {
    const seconds = ((Date.now() - this.startedAt) / 1000).toFixed(3);
    this.fail(new WebStatusError(grpcStatus.DEADLINE_EXCEEDED, `Deadline exceeded after ${seconds}s`));
  }

  /** Runs a step of reading the response; a WebStatusError from it ends the call. */
  private guard(step: () => void): void {
    try {
      step();
    } catch (error) {
      if (!(error instanceof WebStatusError)) throw error;
      this.fail(error);
    }
  }

  /** Ends the call at once with the error's status: responses not yet read are dropped, as grpc-js drops them. */
  private fail(error: WebStatusError): void {
    if (this.reported) return;
    if (!this.settled) this.exchange?.cancel();
    this.settled = true;
    this.responses.stop({
      code: error.code,
      details: error.details,
      metadata: new Metadata(),
      ...(error.httpStatus === undefined ? {} : { httpStatus: error.httpStatus }),
      ...(this.httpVersion ? { httpVersion: this.httpVersion } : {}),
    });
  }

  private report(status: ChannelStatus): void {
    if (this.reported) return;
    this.reported = true;
    clearTimeout(this.deadlineTimer);
    this.stopWaitingForConnection?.();
    this.listener?.onReceiveStatus(status);
  }
}
