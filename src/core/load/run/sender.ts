import type { Metadata } from '@grpc/grpc-js';
import { status as grpcStatus, type StatusObject } from '@grpc/grpc-js';
import type { CallChannel, ChannelCall } from '../../call/call-channel';
import type { MetadataEntry } from '../../../shared/schema';
import { buildMetadata } from '../../connection/metadata';
import { outcomeStatus } from '../../call/outcome-status';
import type { CallPlan } from './protocol';

/** How one call ended: the status by name and its message as received, and what it moved (serialized bytes). */
export interface CallOutcome {
  status: string;
  message: string;
  bytesSent: number;
  bytesReceived: number;
  /** Response messages received. */
  messagesReceived: number;
}

/** What the drivers (users.ts, arrivals-driver.ts) need of a sender: CallSender, or H2Sender where it fits. */
export interface LoadSender {
  /** Calls in flight. */
  readonly inFlight: number;
  /** Starts iteration `iteration`'s call (its data row round-robin); `onEnd` hears how it ended, exactly once. */
  start(iteration: number, onEnd: (outcome: CallOutcome) => void): void;
  /** Cancels every call in flight: each ends CANCELLED through its `onEnd`. */
  cancelAll(): void;
  /** Calls started from now on send these entries in place of those of the same name. */
  renewMetadata(metadata: MetadataEntry[]): void;
  /** Called once, the next time no call is in flight. */
  onIdle?: () => void;
}

/** One iteration's requests as Buffers and its metadata, built once per row. */
interface ReadyCall {
  messages: Buffer[];
  metadata: Metadata;
}

/**
 * Starts the load test's calls on a worker's channels, round-robin, with the cheapest path grpc-js has: the channel's
 * own call, requests already encoded, responses counted, never decoded. A streaming call is one whole iteration: the
 * requests are sent (`messagesPerStream` for client and bidi streams), the stream half-closed, every response read.
 */
export class CallSender implements LoadSender {
  private readonly ready: ReadyCall[];
  private readonly running = new Set<ChannelCall>();
  /** Calls cancelled here: their CANCELLED is ours, not a server's reset past the deadline. */
  private readonly cancelled = new Set<ChannelCall>();
  private nextChannel = 0;
  private readonly sends: number;
  /** Called once, the next time no call is in flight. */
  onIdle?: () => void;

  constructor(
    private readonly plan: CallPlan,
    private readonly channels: CallChannel[],
  ) {
    this.ready = plan.calls.map(({ messages, metadata }) => ({
      messages: messages.map((bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
      metadata: buildMetadata(metadata),
    }));
    const streaming = plan.kind === 'client_stream' || plan.kind === 'bidi';
    this.sends = streaming ? plan.messagesPerStream : 1;
  }

  /** Calls in flight. */
  get inFlight(): number {
    return this.running.size;
  }

  renewMetadata(metadata: MetadataEntry[]): void {
    const renewed = buildMetadata(metadata);
    // Each call starts with a clone, so calls in flight keep what they were sent with.
    for (const { metadata: each } of this.ready)
      for (const [key, value] of Object.entries(renewed.getMap())) each.set(key, value);
  }

  /** Starts iteration `iteration`'s call (its data row round-robin); `onEnd` hears how it ended, exactly once. */
  start(iteration: number, onEnd: (outcome: CallOutcome) => void): void {
    const ready = this.ready[iteration % this.ready.length]!;
    const channel = this.channels[this.nextChannel++ % this.channels.length]!;
    const deadlineMs = this.plan.options.deadlineMs;
    const deadline = deadlineMs === undefined ? undefined : Date.now() + deadlineMs;
    const call = channel.createCall(
      this.plan.path,
      deadline ?? Infinity,
      undefined,
      null,
      undefined,
      this.plan.kind,
    );
    this.running.add(call);
    let bytesSent = 0;
    let bytesReceived = 0;
    let received = 0;
    call.start(ready.metadata.clone(), {
      onReceiveMetadata: () => undefined,
      onReceiveMessage: (bytes: Buffer) => {
        bytesReceived += bytes.byteLength;
        received += 1;
        call.startRead();
      },
      onReceiveStatus: (status: StatusObject) => {
        this.running.delete(call);
        const cancelledHere = this.cancelled.delete(call);
        onEnd({
          ...outcomeStatus(status, {
            kind: this.plan.kind,
            messages: received,
            deadline,
            deadlineMs,
            cancelledHere,
          }),
          bytesSent,
          bytesReceived,
          messagesReceived: received,
        });
        if (this.running.size > 0 || !this.onIdle) return;
        const idle = this.onIdle;
        this.onIdle = undefined;
        idle();
      },
    });
    let sent = 0;
    // grpc-js takes one message at a time: the next waits for this one's write; the last half-closes at once.
    const sendNext = (): void => {
      if (!this.running.has(call)) return;
      const bytes = ready.messages[sent % ready.messages.length]!;
      sent += 1;
      bytesSent += bytes.byteLength;
      if (sent < this.sends) call.sendMessageWithContext({ callback: sendNext }, bytes);
      else {
        call.sendMessageWithContext({}, bytes);
        call.halfClose();
      }
    };
    sendNext();
    call.startRead();
  }

  /** Cancels every call in flight: each ends CANCELLED through its `onEnd`. */
  cancelAll(): void {
    for (const call of [...this.running]) {
      this.cancelled.add(call);
      call.cancelWithStatus(grpcStatus.CANCELLED, 'Cancelled on client');
    }
  }
}
