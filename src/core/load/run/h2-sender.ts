import {
  constants as h2,
  type ClientHttp2Session,
  type ClientHttp2Stream,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
} from 'node:http2';
import { performance } from 'node:perf_hooks';
import { Metadata, status as grpcStatus } from '@grpc/grpc-js';
import type { MetadataEntry } from '../../../shared/schema';
import { buildMetadata } from '../../connection/metadata';
import { defaultMaxMessageBytes } from '../../call/channel-options';
import { grpcTimeout, resetStatus, trailerStatus, type WireStatus } from '../../wire/http-status';
import { writeEnvelope } from '../../wire/envelope';
import { MessageCounter } from '../../wire/message-counter';
import type { SessionPool } from '../../wire/h2-sessions';
import { outcomeStatus } from '../../call/outcome-status';
import type { CallPlan } from './protocol';
import type { CallOutcome, LoadSender } from './sender';

/** Appended to the call's own user agent (grpc-js appends `grpc-node-js/<version>`): says which sender called. */
const senderAgent = 'protodesk-load (node:http2)';
/** outcomeStatus's status carries metadata; ours never has any. */
const noMetadata = new Metadata();

/** One iteration's request: its headers (metadata included) and the whole framed body, built once per row. */
interface ReadyCall {
  headers: OutgoingHttpHeaders;
  body: Buffer;
  bytesSent: number;
}

/** What a stream's events tell its call. */
interface Listener {
  end: (wire: WireStatus) => void;
  abandon: (wire: WireStatus) => void;
  counted: (counter: MessageCounter) => void;
  /** The server refused the stream: answers whether the call was retried (then this stream's end is not the call's). */
  refused: () => boolean;
}

/** A call in flight. */
interface Running {
  /** Its current stream (a refused one is replaced once). */
  stream?: ClientHttp2Stream;
  timer?: NodeJS.Timeout;
  ended: boolean;
  /** Ends the call with a status of ours and resets its stream; `cancelled`: cancelled here (cancelAll). */
  abandon: (wire: WireStatus, cancelled?: boolean) => void;
}

/**
 * The load engine's sender over `node:http2` sessions directly (grpc-js's channel costs about twice the CPU per call):
 * the same calls, counts and statuses as CallSender, by grpc-js's rules, for the plans `rawHttp2Route` (sender-choice.ts) accepts.
 */
export class H2Sender implements LoadSender {
  private readonly ready: ReadyCall[];
  private readonly running = new Set<Running>();
  private readonly maxReceive: number;
  onIdle?: () => void;

  constructor(
    private readonly plan: CallPlan,
    private readonly sessions: SessionPool,
    authority: string,
  ) {
    const streaming = plan.kind === 'client_stream' || plan.kind === 'bidi';
    const sends = streaming ? plan.messagesPerStream : 1;
    const userAgent = [plan.options.userAgent, senderAgent].filter(Boolean).join(' ');
    this.ready = plan.calls.map(({ messages, metadata }) => {
      const buffers = messages.map((bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      const sent = Array.from({ length: sends }, (_, index) => buffers[index % buffers.length]!);
      return {
        headers: {
          ...buildMetadata(metadata).toHttp2Headers(),
          [h2.HTTP2_HEADER_METHOD]: 'POST',
          [h2.HTTP2_HEADER_PATH]: plan.path,
          [h2.HTTP2_HEADER_AUTHORITY]: authority,
          [h2.HTTP2_HEADER_CONTENT_TYPE]: 'application/grpc',
          [h2.HTTP2_HEADER_TE]: 'trailers',
          [h2.HTTP2_HEADER_USER_AGENT]: userAgent,
        },
        body: Buffer.concat(sent.map((message) => writeEnvelope(0, message))),
        bytesSent: sent.reduce((sum, bytes) => sum + bytes.byteLength, 0),
      };
    });
    this.maxReceive = plan.options.maxReceiveMessageBytes ?? defaultMaxMessageBytes;
  }

  get inFlight(): number {
    return this.running.size;
  }

  renewMetadata(metadata: MetadataEntry[]): void {
    const renewed = buildMetadata(metadata).toHttp2Headers();
    // Headers are handed to each stream as they are, so a new object per row: streams in flight keep theirs.
    for (const ready of this.ready) ready.headers = { ...ready.headers, ...renewed };
  }

  start(iteration: number, onEnd: (outcome: CallOutcome) => void): void {
    const ready = this.ready[iteration % this.ready.length]!;
    const deadlineMs = this.plan.options.deadlineMs;
    const deadline = deadlineMs === undefined ? undefined : Date.now() + deadlineMs;
    const headers =
      deadlineMs === undefined
        ? ready.headers
        : { ...ready.headers, 'grpc-timeout': grpcTimeout(deadlineMs) };
    let counter: MessageCounter | undefined;
    let cancelledHere = false;
    const end = (wire: WireStatus): void => {
      if (call.ended) return;
      call.ended = true;
      clearTimeout(call.timer);
      this.running.delete(call);
      const received = counter?.count ?? 0;
      onEnd({
        ...outcomeStatus(
          { code: wire.code, details: wire.details, metadata: noMetadata },
          { kind: this.plan.kind, messages: received, deadline, deadlineMs, cancelledHere },
        ),
        bytesSent: ready.bytesSent,
        bytesReceived: counter?.bytes ?? 0,
        messagesReceived: received,
      });
      this.idleCheck();
    };
    const call: Running = {
      ended: false,
      // Ends the call with a status of ours and resets its stream, as grpc-js cancels a call it has given up on.
      abandon: (wire, cancelled = false) => {
        cancelledHere ||= cancelled;
        end(wire);
        if (call.stream && !call.stream.closed) call.stream.close(h2.NGHTTP2_CANCEL);
      },
    };
    this.running.add(call);
    if (deadlineMs !== undefined) {
      const expired = {
        code: grpcStatus.DEADLINE_EXCEEDED,
        details: `Deadline exceeded after ${deadlineMs / 1000}s`,
      };
      const startedAt = performance.now();
      // Node's timers count from the event loop's cached time, so one can fire a little early: wait out the rest.
      const check = (): void => {
        const left = deadlineMs - (performance.now() - startedAt);
        if (left > 0) call.timer = setTimeout(check, Math.ceil(left));
        else call.abandon(expired);
      };
      call.timer = setTimeout(check, deadlineMs);
    }
    // grpc-js retries a stream the server refused (it did not process it) once, transparently.
    let retried = false;
    const attempt = (): void => {
      const connection = this.sessions.take();
      if (typeof connection === 'string') {
        // No connection for now: fail on the next turn of the event loop, as grpc-js fails a call it cannot pick for.
        setImmediate(() => end({ code: grpcStatus.UNAVAILABLE, details: connection }));
        return;
      }
      connection.whenFree(() => {
        if (call.ended) return connection.release();
        let stream: ClientHttp2Stream;
        try {
          stream = connection.session.request(headers, { endStream: false });
        } catch (error) {
          connection.release();
          end({
            code: grpcStatus.UNAVAILABLE,
            details: this.sessions.failureOf(connection.session) ?? (error as Error).message,
          });
          return;
        }
        call.stream = stream;
        stream.once('close', () => connection.release());
        this.listen(stream, connection.session, {
          end,
          abandon: call.abandon,
          counted: (created) => (counter = created),
          refused: () => {
            if (retried || call.ended) return false;
            retried = true;
            attempt();
            return true;
          },
        });
        stream.end(ready.body);
      });
    };
    attempt();
  }

  /** Reads the response: headers, messages, trailers, or how the stream closed without them. */
  private listen(stream: ClientHttp2Stream, session: ClientHttp2Session, call: Listener): void {
    let httpStatus: number | undefined;
    const counter = new MessageCounter(this.maxReceive);
    call.counted(counter);
    // The status, read at 'end' (after the last 'data') or 'close': trailers, or a trailers-only response's headers.
    let final: IncomingHttpHeaders | undefined;
    const status = (): WireStatus | undefined => final && trailerStatus(final, httpStatus ?? 0);
    // Node can emit the first 'data' before 'response': such chunks wait for the headers (HTTP status, encoding).
    let early: Buffer[] | undefined;
    const read = (chunk: Buffer): void => {
      // A body beside an HTTP error is not gRPC (an HTML page, a proxy's text): the HTTP status decides.
      if (httpStatus !== 200) return;
      const failed = counter.write(chunk);
      if (failed) call.abandon(failed);
    };
    stream.on('response', (headers: IncomingHttpHeaders, flags: number) => {
      httpStatus = Number(headers[h2.HTTP2_HEADER_STATUS]);
      const encoding = headers['grpc-encoding'];
      counter.encoding = typeof encoding === 'string' ? encoding : undefined;
      // Trailers-only: the status is in the headers.
      if (flags & h2.NGHTTP2_FLAG_END_STREAM) final = headers;
      early?.forEach(read);
      early = undefined;
    });
    stream.on('data', (chunk: Buffer) => {
      if (httpStatus === undefined) (early ??= []).push(chunk);
      else read(chunk);
    });
    // Node can emit the trailers while DATA is still buffered: the call ends at 'end', after the last 'data'.
    stream.on('trailers', (trailers: IncomingHttpHeaders) => (final = trailers));
    stream.on('end', () => {
      const ended = status();
      if (ended) call.end(ended);
    });
    // A reset's error is read from rstCode at close.
    stream.on('error', () => undefined);
    stream.on('close', () => {
      const ended = status();
      if (ended) return call.end(ended);
      const failure = this.sessions.failureOf(session);
      if (stream.rstCode === h2.NGHTTP2_REFUSED_STREAM && httpStatus === undefined && call.refused()) return;
      if (failure !== undefined || (session.destroyed && stream.rstCode !== h2.NGHTTP2_NO_ERROR))
        call.end({ code: grpcStatus.UNAVAILABLE, details: failure ?? 'Connection dropped' });
      else call.end(resetStatus(stream.rstCode, httpStatus));
    });
  }

  cancelAll(): void {
    for (const call of [...this.running]) {
      call.abandon({ code: grpcStatus.CANCELLED, details: 'Cancelled on client' }, true);
    }
  }

  private idleCheck(): void {
    if (this.running.size > 0 || !this.onIdle) return;
    const idle = this.onIdle;
    this.onIdle = undefined;
    idle();
  }
}
