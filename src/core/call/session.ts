import { performance } from 'node:perf_hooks';
import { status as grpcStatus, type Metadata } from '@grpc/grpc-js';
import type { DescMessage, Registry } from '@bufbuild/protobuf';
import { connectTimeoutProblem } from '../connection/connect-timeout';
import type { CallEvent, CallStatus, CallTimings } from '../../shared/call';
import type { MethodKind, TlsSettings } from '../../shared/schema';
import type { JsonDecoder, JsonOptions } from '../schema/json';
import { encodeRequest } from './request-encoder';
import { grpcStatusName } from '../../shared/grpc-status';
import { callStatus } from './call-status';
import { cardinalityFailure } from './cardinality';
import { deadlineAware } from './deadline-status';
import type { ChannelCall, ChannelStatus } from './call-channel';
import type { ChannelLease } from './channel-pool';
import { CallSetupError } from './errors';
import { isUntrustedCa, withIssuerNamed } from './untrusted-ca';
import { metadataEntries } from './metadata-entries';
import { checkSendSize } from './size-limits';
import {
  ResponseDecoder,
  type AnyTypeResolver,
  type ReceivedMessage,
  type ResponseCodec,
} from './response-decoder';

/** The final event of a call. */
export type StatusEvent = Extract<CallEvent, { type: 'status' }>;

/** Everything a session needs, already validated by the engine. */
export interface SessionSetup {
  kind: MethodKind;
  path: string;
  registry: Registry;
  input: DescMessage;
  /** How responses are decoded, or checked. */
  codec: ResponseCodec;
  /**
   * When given, responses are only checked against the schema and handed here with the decoder that makes their JSON
   * (a message that does not fit still ends the call INTERNAL at once); otherwise they come as message events.
   */
  onChecked?: (received: ReceivedMessage, decode: JsonDecoder) => void;
  /** Asks for the types of Anys the schema lacks; without it they show as type URL and bytes at once. */
  resolveAnyTypes?: AnyTypeResolver;
  json: JsonOptions;
  lease: ChannelLease;
  /** Requests larger than this are refused before sending. */
  maxSendBytes: number;
  metadata: Metadata;
  deadlineMs?: number;
  /** How long the channel may take to become ready before the call ends UNAVAILABLE. */
  connectTimeoutMs: number;
  display: string;
  tls: TlsSettings;
  /** gRPC-Web and Connect: the plaintext HTTP version asked for, so connection failures are explained for it. */
  web?: { http2: boolean };
  insecure: boolean;
  onEvent: (event: CallEvent) => void;
}

const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * One running call of any kind and protocol, on a channel call: grpc-js's own below its stubs (which cost a Node stream
 * per call and per message, and a stack capture per call, which showed in profiles), or a WebCall for gRPC-Web and
 * Connect. The kinds differ only in how many requests the session accepts and in the one-response check for unary and
 * client-streaming calls.
 */
export class CallSession {
  readonly done: Promise<StatusEvent>;
  private readonly call: ChannelCall;
  private readonly startedAt = performance.now();
  private readonly timings: CallTimings = {
    totalMs: 0,
    messagesSent: 0,
    messagesReceived: 0,
    bytesSent: 0,
    bytesReceived: 0,
  };
  private readonly readyAtStart: boolean;
  private readonly deadline?: number;
  /** Requests handed to grpc-js; they count as sent (events, timings) once the connection is up. */
  private written = 0;
  private connected: boolean;
  /** Requests written before the connection came up, reported as sent when it does (dropped if it never does). */
  private unsent: { index: number; size: number }[] = [];
  private stopWaitingForReady?: () => void;
  private connectTimer?: NodeJS.Timeout;
  private connectFailure?: CallStatus;
  private cancelledHere = false;
  private halfClosed = false;
  private finished = false;
  private sawHeaders = false;
  private decodeFailure?: CallStatus;
  private readonly responses: ResponseDecoder;
  /** Requests waiting for the one before them to be written (grpc-js takes one at a time). */
  private readonly writeQueue: Buffer[] = [];
  private writing = false;
  /** `end` came while requests were queued: half-close after the last one. */
  private endAfterWrites = false;
  private paused = false;
  /** Whether grpc-js was asked for a message it has not delivered yet. */
  private readRequested = false;
  private resolveDone!: (event: StatusEvent) => void;

  constructor(private readonly setup: SessionSetup) {
    this.done = new Promise((resolve) => (this.resolveDone = resolve));
    this.responses = new ResponseDecoder(
      setup.codec,
      setup.resolveAnyTypes,
      {
        message: (received, json) => this.deliver(received, json),
        checked: (received, decode) => {
          if (!this.decodeFailure) setup.onChecked?.(received, decode);
        },
        failure: (received, error) => this.failDecoding(received, error),
      },
      setup.onChecked !== undefined,
    );
    this.readyAtStart = setup.lease.readySince() !== undefined;
    this.connected = this.readyAtStart;
    if (!this.connected) {
      this.stopWaitingForReady = setup.lease.whenReady(() => this.onConnected());
      this.connectTimer = setTimeout(() => void this.giveUpConnecting(), setup.connectTimeoutMs);
    }
    if (setup.deadlineMs !== undefined) this.deadline = Date.now() + setup.deadlineMs;
    const { channel } = setup.lease;
    this.call = channel.createCall(
      setup.path,
      this.deadline ?? Infinity,
      undefined,
      null,
      undefined,
      setup.kind,
    );
    this.call.start(setup.metadata, {
      onReceiveMetadata: (metadata: Metadata) => this.onHeaders(metadata),
      onReceiveMessage: (bytes: Buffer) => this.onMessage(bytes),
      onReceiveStatus: (status: ChannelStatus) => this.onStatus(status),
    });
    this.read();
  }

  /** The method kind: decides how many requests `send` accepts. */
  get kind(): MethodKind {
    return this.setup.kind;
  }

  /**
   * Encodes and sends one request; throws JsonInputError (nothing sent) on bad JSON, CallSetupError after end or over
   * the send limit.
   */
  send(json: string): void {
    if (this.finished)
      throw new CallSetupError('The call has already ended.', 'Start a new call to send more requests.');
    if (this.halfClosed)
      throw new CallSetupError(
        'The request stream is closed (end was called).',
        'Start a new call to send more requests.',
      );
    const streaming = this.setup.kind === 'client_stream' || this.setup.kind === 'bidi';
    if (!streaming && this.written > 0) {
      throw new CallSetupError(`A ${this.setup.kind.replace('_', '-')} call takes exactly one request.`);
    }
    const bytes = encodeRequest(this.setup.registry, this.setup.input, json);
    checkSendSize(bytes, this.written + 1, this.setup.maxSendBytes);
    this.write(bytes);
  }

  /** Half-closes the request stream. */
  end(): void {
    if (this.halfClosed || this.finished) return;
    this.halfClosed = true;
    if (this.writeQueue.length > 0) this.endAfterWrites = true;
    else this.call.halfClose();
  }

  /** Cancels the call; the status event says CANCELLED. */
  cancel(): void {
    if (this.finished) return;
    this.cancelledHere = true;
    this.cancelCall();
  }

  /** Stops taking responses until `resume`: grpc-js stops reading, and HTTP/2 flow control holds the server back. */
  pause(): void {
    this.paused = true;
  }

  /** Takes responses again after `pause`. */
  resume(): void {
    this.paused = false;
    this.read();
  }

  /** Sends already-encoded bytes (the engine encodes initial requests up front so JSON errors come before any I/O). */
  write(bytes: Uint8Array): void {
    const index = this.written;
    this.written += 1;
    if (this.writing) this.writeQueue.push(asBuffer(bytes));
    else this.writeNow(asBuffer(bytes));
    if (this.connected) this.noteSent(index, bytes.byteLength);
    else this.unsent.push({ index, size: bytes.byteLength });
  }

  /** Hands one request to grpc-js; the next waits for its write to complete, and a pending `end` for the last. */
  private writeNow(bytes: Buffer): void {
    this.writing = true;
    this.call.sendMessageWithContext({ callback: () => this.onWriteDone() }, bytes);
  }

  private onWriteDone(): void {
    this.writing = false;
    const next = this.writeQueue.shift();
    if (next) this.writeNow(next);
    if (this.writeQueue.length === 0 && this.endAfterWrites) {
      this.endAfterWrites = false;
      this.call.halfClose();
    }
  }

  /** Asks grpc-js for the next response unless one is asked for already or the caller paused. */
  private read(): void {
    if (this.paused || this.readRequested || this.finished) return;
    this.readRequested = true;
    this.call.startRead();
  }

  private cancelCall(): void {
    this.call.cancelWithStatus(grpcStatus.CANCELLED, 'Cancelled on client');
  }

  /** A request reached a connection: only now does it count as sent (a refused connection sends nothing). */
  private noteSent(index: number, size: number): void {
    this.timings.messagesSent += 1;
    this.timings.bytesSent += size;
    this.setup.onEvent({ type: 'sent', index, size, atMs: this.now() });
  }

  /** The channel is ready: grpc-js hands the waiting requests to the connection now. */
  private onConnected(): void {
    if (this.connected || this.finished) return;
    this.connected = true;
    this.stopConnecting();
    for (const { index, size } of this.unsent) this.noteSent(index, size);
    this.unsent = [];
  }

  private stopConnecting(): void {
    clearTimeout(this.connectTimer);
    this.stopWaitingForReady?.();
  }

  /** grpc-js would wait for ever on a socket that never speaks HTTP/2: end the call with what was found there. */
  private async giveUpConnecting(): Promise<void> {
    const { display, tls, connectTimeoutMs } = this.setup;
    const problem = await connectTimeoutProblem(display, tls, connectTimeoutMs);
    if (this.connected || this.finished) return;
    this.connectFailure = {
      code: grpcStatus.UNAVAILABLE,
      name: grpcStatusName(grpcStatus.UNAVAILABLE),
      ...problem,
    };
    this.cancelCall();
  }

  private now(): number {
    return performance.now() - this.startedAt;
  }

  private noteReady(): void {
    if (this.timings.channelReadyMs !== undefined) return;
    const since = this.setup.lease.readySince();
    if (this.readyAtStart) this.timings.channelReadyMs = 0;
    else if (since !== undefined) this.timings.channelReadyMs = Math.max(0, since - this.startedAt);
  }

  private onHeaders(metadata: Metadata): void {
    this.onConnected();
    this.sawHeaders = true;
    this.noteReady();
    this.timings.headersMs = this.now();
    this.setup.onEvent({
      type: 'headers',
      metadata: metadataEntries(metadata),
      atMs: this.timings.headersMs,
    });
  }

  private onMessage(bytes: Buffer): void {
    this.readRequested = false;
    this.read();
    if (this.decodeFailure) return;
    const index = this.timings.messagesReceived;
    const atMs = this.now();
    this.timings.firstMessageMs ??= atMs;
    this.timings.messagesReceived += 1;
    this.timings.bytesReceived += bytes.byteLength;
    this.responses.push({ index, size: bytes.byteLength, atMs, bytes });
  }

  private deliver({ index, size, atMs }: ReceivedMessage, json: string): void {
    if (this.decodeFailure) return;
    this.setup.onEvent({ type: 'message', index, size, atMs, json });
  }

  private failDecoding({ index, size }: ReceivedMessage, error: unknown): void {
    if (this.decodeFailure) return;
    this.decodeFailure = {
      code: grpcStatus.INTERNAL,
      name: grpcStatusName(grpcStatus.INTERNAL),
      message: `Response ${index + 1} (${size} bytes) does not decode: ${(error as Error).message}.`,
      hint: "The loaded schema may not match the server's: reload the .proto files or use server reflection.",
    };
    this.cancelCall();
  }

  private onStatus(received: ChannelStatus): void {
    if (this.finished) return;
    this.finished = true;
    this.writeQueue.length = 0;
    this.stopConnecting();
    this.noteReady();
    this.timings.totalMs = this.now();
    this.setup.lease.release();
    // Messages waiting for an Any type lookup come before the trailers and status.
    if (this.responses.busy) void this.responses.drained().then(() => this.finish(received));
    else this.finish(received);
  }

  private finish(received: ChannelStatus): void {
    const { display, tls, web, registry, json } = this.setup;
    this.setup.onEvent({
      type: 'trailers',
      metadata: metadataEntries(received.metadata),
      atMs: this.timings.totalMs,
    });
    const deadline = {
      deadline: this.deadline,
      deadlineMs: this.setup.deadlineMs,
      cancelledHere: this.cancelledHere,
    };
    const shaped = callStatus(deadlineAware(received, deadline), {
      display,
      tls,
      ...(web ? { web } : {}),
      registry,
      json,
      sawHeaders: this.sawHeaders,
      cancelledHere: this.cancelledHere,
    });
    const status =
      this.decodeFailure ??
      this.connectFailure ??
      cardinalityFailure(this.setup.kind, shaped.code, this.timings.messagesReceived) ??
      shaped;
    if (isUntrustedCa(status)) {
      void withIssuerNamed(status, display, tls).then((named) => this.endWith(named, received));
      return;
    }
    this.endWith(status, received);
  }

  private endWith(status: CallStatus, received: ChannelStatus): void {
    const event: StatusEvent = {
      type: 'status',
      status,
      timings: { ...this.timings },
      insecure: this.setup.insecure,
      ...(received.httpVersion ? { httpVersion: received.httpVersion } : {}),
    };
    this.setup.onEvent(event);
    this.resolveDone(event);
  }
}
