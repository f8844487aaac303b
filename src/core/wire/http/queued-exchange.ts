import type { HttpExchange, HttpRequestHead, HttpResponseEvents } from './exchange';

/**
 * An exchange waiting for a connection (or, on HTTP/2, for a free stream): it remembers what the caller did and replays
 * it on the real exchange once bound. A write's `done` waits for the real write, so backpressure holds while queued.
 */
export class QueuedExchange implements HttpExchange {
  private bound: HttpExchange | undefined;
  private writes: [Uint8Array, () => void][] = [];
  private ended = false;
  private paused = false;
  private stopped = false;

  constructor(
    readonly head: HttpRequestHead,
    readonly events: HttpResponseEvents,
    /** Called when the caller cancels before the exchange is bound: the owner drops it from its queue. */
    private readonly dropped: (exchange: QueuedExchange) => void,
  ) {}

  bind(exchange: HttpExchange): void {
    this.bound = exchange;
    for (const [chunk, done] of this.writes) exchange.write(chunk, done);
    this.writes = [];
    if (this.ended) exchange.end();
    if (this.paused) exchange.pause();
  }

  /** Fails it while still queued (the connection could not be opened). */
  fail(error: NodeJS.ErrnoException): void {
    if (this.stopped) return;
    this.stopped = true;
    this.writes = [];
    this.events.error(error);
  }

  write(chunk: Uint8Array, done: () => void): void {
    if (this.bound) this.bound.write(chunk, done);
    else if (!this.stopped) this.writes.push([chunk, done]);
  }

  end(): void {
    if (this.bound) this.bound.end();
    else this.ended = true;
  }

  cancel(): void {
    if (this.bound) return this.bound.cancel();
    if (this.stopped) return;
    this.stopped = true;
    this.writes = [];
    this.dropped(this);
  }

  pause(): void {
    if (this.bound) this.bound.pause();
    else this.paused = true;
  }

  resume(): void {
    if (this.bound) this.bound.resume();
    else this.paused = false;
  }
}

/** An exchange that fails as soon as the caller's code has returned (a request Node refused to start, e.g. a bad header). */
export function failedExchange(
  head: HttpRequestHead,
  events: HttpResponseEvents,
  error: unknown,
): HttpExchange {
  const exchange = new QueuedExchange(head, events, () => undefined);
  queueMicrotask(() => exchange.fail(error as NodeJS.ErrnoException));
  return exchange;
}
