import type { CallEvent } from '../../shared/call';
import { messagesKeptInView, type CallEventBatch } from '../../shared/api/types';

/** Tuning of a call's event batching; the defaults suit a page that renders at 60 frames a second. */
export interface BatchLimits {
  /** Least time between two batches. */
  intervalMs: number;
  /** Batches the page may hold unacknowledged before the engine waits. */
  maxUnacknowledged: number;
  /** Message events kept in a waiting batch; older ones are left out and counted as skipped. */
  viewLimit: number;
}

/** 16 ms (a frame), 2 batches in flight, the newest 10,000 messages. */
export const defaultBatchLimits: BatchLimits = { intervalMs: 16, maxUnacknowledged: 2, viewLimit: messagesKeptInView };

/**
 * Coalesces one call's events into batches with flow control: at most one batch per interval, at most
 * `maxUnacknowledged` batches in flight, and while the page is behind, only the newest `viewLimit` messages are kept
 * (older message events are dropped and counted; other events are never dropped, and order is kept). The final
 * status goes out at once when the page has acknowledged everything, so a quick call answers without delay.
 */
export class EventBatcher {
  /** The waiting batch; dropped message events leave a hole (undefined) until the next compaction. */
  private pending: (CallEvent | undefined)[] = [];
  /** Positions in `pending` of the message events still in it, oldest first from `oldest`. */
  private messages: number[] = [];
  private oldest = 0;
  private skipped = 0;
  private hasStatus = false;
  private sent = 0;
  private acknowledged = 0;
  private lastFlushAt = -Infinity;
  private timer?: NodeJS.Timeout;
  private disposed = false;

  constructor(
    private readonly emit: (batch: Omit<CallEventBatch, 'callId'>) => void,
    private readonly limits: BatchLimits = defaultBatchLimits,
  ) {}

  /** Adds an event of the call. */
  push(event: CallEvent): void {
    if (this.disposed) return;
    this.pending.push(event);
    if (event.type === 'message') {
      this.messages.push(this.pending.length - 1);
      if (this.messages.length - this.oldest > this.limits.viewLimit) this.dropOldestMessage();
    }
    if (event.type === 'status') this.hasStatus = true;
    this.schedule();
  }

  /** The page has applied batch `seq` (and every one before it). */
  acknowledge(seq: number): void {
    if (seq <= this.acknowledged || seq > this.sent) return;
    this.acknowledged = seq;
    this.schedule();
  }

  /** Stops batching: nothing more is emitted. */
  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
  }

  private get inFlight(): number {
    return this.sent - this.acknowledged;
  }

  /** Flushes now (the final status, nothing in flight), or after the interval, or waits for an acknowledgement. */
  private schedule(): void {
    if (this.pending.length === 0 || this.inFlight >= this.limits.maxUnacknowledged) return;
    if (this.hasStatus && this.inFlight === 0) {
      this.flush();
      return;
    }
    if (this.timer) return;
    const delay = Math.max(0, this.lastFlushAt + this.limits.intervalMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, delay);
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.disposed || this.pending.length === 0 || this.inFlight >= this.limits.maxUnacknowledged) return;
    const events =
      this.oldest > 0 ? this.pending.filter((e) => e !== undefined) : (this.pending as CallEvent[]);
    const skipped = this.skipped;
    this.pending = [];
    this.messages = [];
    this.oldest = 0;
    this.skipped = 0;
    this.hasStatus = false;
    this.sent += 1;
    this.lastFlushAt = Date.now();
    // State is reset before emitting: the page may acknowledge from inside `emit`.
    this.emit({ seq: this.sent, events, skipped });
  }

  private dropOldestMessage(): void {
    const position = this.messages[this.oldest] as number;
    this.pending[position] = undefined;
    this.oldest += 1;
    this.skipped += 1;
    // Compact once the holes outnumber the kept messages, so a page that never acknowledges costs bounded memory.
    if (this.oldest > this.limits.viewLimit) this.compact();
  }

  private compact(): void {
    const kept: CallEvent[] = [];
    const messages: number[] = [];
    for (const event of this.pending) {
      if (event === undefined) continue;
      if (event.type === 'message') messages.push(kept.length);
      kept.push(event);
    }
    this.pending = kept;
    this.messages = messages;
    this.oldest = 0;
  }
}
