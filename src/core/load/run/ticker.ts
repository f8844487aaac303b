import type { MessagePort } from 'node:worker_threads';
import { arrivalAtMs, arrivalCount } from './arrivals';
import { sharedNowMs, type TickerPlan } from './protocol';

/** The start signal a ticker waits on: an Int32 flag at 0 and the run's start (shared clock, ms) as a Float64 at 8. */
export function tickerStartSignal(): SharedArrayBuffer {
  return new SharedArrayBuffer(16);
}

/** Tells a waiting ticker that the run's clock started at `startAtMs`. */
export function signalTickerStart(signal: SharedArrayBuffer, startAtMs: number): void {
  new Float64Array(signal, 8, 1)[0] = startAtMs;
  const flag = new Int32Array(signal, 0, 1);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
}

/**
 * The open model's clock, on a thread of its own: it answers -1 once it is loaded, waits for the start signal, then
 * sleeps until each of the worker's arrivals is due (Atomics.wait sleeps to a fraction of a millisecond; Node's timers
 * fire up to a millisecond or two late, which would show as latency) and wakes the sending thread with the arrival's
 * number. Arrivals already due when it wakes are skipped: the sender starts every arrival due by then.
 */
export function runTicker({ share, first, stride, signal }: TickerPlan, port: MessagePort): void {
  port.postMessage(-1);
  const flag = new Int32Array(signal, 0, 1);
  Atomics.wait(flag, 0, 0);
  const startAtMs = new Float64Array(signal, 8, 1)[0]!;
  const count = arrivalCount(share);
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  let n = first;
  while (n < count) {
    const wait = startAtMs + arrivalAtMs(n, share) - sharedNowMs();
    if (wait > 0) Atomics.wait(sleeper, 0, 0, wait);
    port.postMessage(n);
    const now = sharedNowMs() - startAtMs;
    n += stride;
    while (n < count && arrivalAtMs(n, share) <= now) n += stride;
  }
}
