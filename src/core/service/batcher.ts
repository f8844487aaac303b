import type { CallEvent } from '../../shared/call';
import {
  messagesKeptInView,
  type BatchEntry,
  type CallEventBatch,
  type MessageRun,
} from '../../shared/api/types';

/** Tuning of a call's event batching; the defaults suit a page that renders at 60 frames a second. */
export interface BatchLimits {
  /** Least time between two batches. */
  intervalMs: number;
  /** Batches the page may hold unacknowledged before the engine waits. */
  maxUnacknowledged: number;
  /** Message events kept in a waiting batch; older ones are left out and counted as skipped. */
  viewLimit: number;
  /**
   * Messages of a batch that carry their JSON: the newest, more than a screen of rows; the others travel as sizes and
   * times, and the page asks for their JSON (`calls.messages`) if it shows them.
   */
  jsonLimit: number;
}

/** 16 ms (a frame), 2 batches in flight, the newest 10,000 messages, JSON for the newest 200 of a batch. */
export const defaultBatchLimits: BatchLimits = {
  intervalMs: 16,
  maxUnacknowledged: 2,
  viewLimit: messagesKeptInView,
  jsonLimit: 200,
};

/** A message's JSON text, or what makes it when a batch carries it (messages only checked, not yet decoded). */
export type MessageText = string | (() => string);

type OtherEvent = Exclude<CallEvent, { type: 'message' }>;

/** Received messages in a row, kept column by column; the first `dropped` of them were left out. */
interface PendingRun {
  type: 'messages';
  firstIndex: number;
  atMs: number[];
  sizes: number[];
  json: MessageText[];
  dropped: number;
}

/**
 * Coalesces one call's events into batches with flow control: at most one batch per interval, at most
 * `maxUnacknowledged` batches in flight, and while the page is behind, only the newest `viewLimit` messages are kept
 * (older message events are dropped and counted; other events are never dropped, and order is kept). The final
 * status goes out at once when the page has acknowledged everything, so a quick call answers without delay.
 * Messages wait and travel as runs of columns (MessageRun), never as an object each; a batch makes the JSON of only
 * its newest `jsonLimit` messages.
 */
export class EventBatcher {
  private pending: (OtherEvent | PendingRun)[] = [];
  /** Messages waiting and not dropped. */
  private kept = 0;
  /** Dropped messages still taking room in `pending`, until the next compaction. */
  private holes = 0;
  /** Position in `pending` of the oldest run that may still hold a kept message. */
  private oldestRun = 0;
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
    if (event.type === 'message') this.pushMessage(event.index, event.atMs, event.size, event.json);
    else {
      this.pending.push(event);
      if (event.type === 'status') this.hasStatus = true;
    }
    this.schedule();
  }

  /** Adds a received message whose JSON is made only if a batch carries it. */
  pushMessage(index: number, atMs: number, size: number, text: MessageText): void {
    if (this.disposed) return;
    this.appendMessage(index, atMs, size, text);
    this.kept += 1;
    if (this.kept > this.limits.viewLimit) this.dropOldestMessage();
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

  /** Appends a message to the run it continues, or to a new run after the last pending entry. */
  private appendMessage(index: number, atMs: number, size: number, text: MessageText): void {
    const last = this.pending[this.pending.length - 1];
    let run: PendingRun;
    if (last?.type === 'messages' && last.firstIndex + last.atMs.length === index) run = last;
    else {
      run = { type: 'messages', firstIndex: index, atMs: [], sizes: [], json: [], dropped: 0 };
      this.pending.push(run);
    }
    run.atMs.push(atMs);
    run.sizes.push(size);
    run.json.push(text);
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
    const entries: BatchEntry[] = [];
    // The newest messages carry their JSON: count back from the end of the batch.
    let withJson = this.limits.jsonLimit;
    for (let i = this.pending.length - 1; i >= 0; i--) {
      const entry = this.pending[i] as OtherEvent | PendingRun;
      if (entry.type !== 'messages') entries.push(entry);
      else if (entry.dropped < entry.atMs.length) {
        const run = wireRun(entry, withJson);
        withJson -= run.jsonLengths.length;
        entries.push(run);
      }
    }
    entries.reverse();
    const skipped = this.skipped;
    this.pending = [];
    this.kept = 0;
    this.holes = 0;
    this.oldestRun = 0;
    this.skipped = 0;
    this.hasStatus = false;
    this.sent += 1;
    this.lastFlushAt = Date.now();
    // State is reset before emitting: the page may acknowledge from inside `emit`.
    this.emit({ seq: this.sent, entries, skipped });
  }

  private dropOldestMessage(): void {
    let run = this.pending[this.oldestRun];
    while (run?.type !== 'messages' || run.dropped === run.atMs.length) {
      this.oldestRun += 1;
      run = this.pending[this.oldestRun];
    }
    run.json[run.dropped] = '';
    run.dropped += 1;
    this.kept -= 1;
    this.holes += 1;
    this.skipped += 1;
    // Compact once the holes outnumber the kept messages, so a page that never acknowledges costs bounded memory.
    if (this.holes > this.limits.viewLimit) this.compact();
  }

  private compact(): void {
    const kept: (OtherEvent | PendingRun)[] = [];
    for (const entry of this.pending) {
      if (entry.type !== 'messages') kept.push(entry);
      else if (entry.dropped < entry.atMs.length) kept.push(withoutDropped(entry));
    }
    this.pending = kept;
    this.holes = 0;
    this.oldestRun = 0;
  }
}

function withoutDropped(run: PendingRun): PendingRun {
  if (run.dropped === 0) return run;
  const from = run.dropped;
  return {
    type: 'messages',
    firstIndex: run.firstIndex + from,
    atMs: run.atMs.slice(from),
    sizes: run.sizes.slice(from),
    json: run.json.slice(from),
    dropped: 0,
  };
}

/** The run as it travels, with the JSON of its newest `withJson` messages (made now for those only checked). */
function wireRun(run: PendingRun, withJson: number): MessageRun {
  const { firstIndex, atMs, sizes, json } = withoutDropped(run);
  const texts = json
    .slice(Math.max(0, json.length - withJson))
    .map((text) => (typeof text === 'string' ? text : text()));
  const jsonLengths = texts.map((text) => text.length);
  return { type: 'messages', firstIndex, atMs, sizes, jsonLengths, json: texts.join('') };
}
