import type { Worker } from 'node:worker_threads';
import { bundledWorkerPath, startBundledWorker } from '../../files/bundled-worker';
import { arrivalAtMs, arrivalCount } from './arrivals';
import type { OpenShare, ToWorker } from './protocol';
import { sharedNowMs } from './protocol';
import type { LoadSender } from './sender';
import { signalTickerStart, tickerStartSignal } from './ticker';
import type { OnCallEnd } from './users';

/**
 * The open model in one worker: its own arrivals (n = first, first + stride, ...), each started when it is due, woken
 * by a clock thread (ticker.ts); every call is timed from when it was due (no coordinated omission), and also from
 * when it started.
 */
export class ArrivalsDriver {
  /** Arrivals not started because maxInFlight calls were running. */
  dropped = 0;
  /** Resolves once the clock thread is loaded and waiting for the start. */
  readonly ready: Promise<void>;
  private readonly ticker: Worker;
  private readonly signal = tickerStartSignal();
  private onTick: (due: number) => void = () => undefined;
  private finishScheduling?: () => void;

  constructor(
    private readonly share: OpenShare,
    private readonly iterations: { first: number; stride: number },
    private readonly sender: LoadSender,
    private readonly onEnd: OnCallEnd,
  ) {
    this.ticker = startBundledWorker(bundledWorkerPath('load-worker'));
    this.ready = new Promise((resolve) => {
      this.ticker.on('message', (due: number) => (due < 0 ? resolve() : this.onTick(due)));
    });
    // Without its clock the run would wait for ever: fail the worker, and so the run, instead.
    this.ticker.on('error', (error) => {
      throw new Error(`The open model's clock thread failed: ${error.message}`);
    });
    const { first, stride } = iterations;
    this.ticker.postMessage({ type: 'ticker', share, first, stride, signal: this.signal } satisfies ToWorker);
  }

  /** Starts every arrival at its time; resolves once the last is started (or dropped) or `stop` is called. */
  run(startAtMs: number): Promise<void> {
    const count = arrivalCount(this.share);
    const { first, stride } = this.iterations;
    let n = first;
    return new Promise((resolve) => {
      this.finishScheduling = resolve;
      if (n >= count) return this.stop();
      // Each wake-up starts every arrival due by now (at least through `due`, the one the clock woke it for).
      this.onTick = (due) => {
        const now = sharedNowMs() - startAtMs;
        while (n < count && (n <= due || arrivalAtMs(n, this.share) <= now)) {
          const dueAtMs = startAtMs + arrivalAtMs(n, this.share);
          if (this.sender.inFlight >= this.share.maxInFlight) this.dropped += 1;
          else {
            const startedAtMs = sharedNowMs();
            this.sender.start(n, (outcome) => this.onEnd(outcome, dueAtMs, startedAtMs));
          }
          n += stride;
        }
        if (n >= count) this.stop();
      };
      signalTickerStart(this.signal, startAtMs);
    });
  }

  /** Starts no more arrivals and ends the clock thread. */
  stop(): void {
    void this.ticker.terminate();
    this.finishScheduling?.();
  }
}
