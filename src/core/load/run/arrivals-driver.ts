import { arrivalAtMs, arrivalCount } from './arrivals';
import type { OpenShare } from './protocol';
import { sharedNowMs } from './protocol';
import type { CallSender } from './sender';
import type { OnCallEnd } from './users';

/** The open model in one worker: its own arrivals (n = first, first + stride, ...), started on time. */
export class ArrivalsDriver {
  /** Arrivals not started because maxInFlight calls were running. */
  dropped = 0;
  private timer?: NodeJS.Timeout;
  private finishScheduling!: () => void;

  constructor(
    private readonly share: OpenShare,
    private readonly iterations: { first: number; stride: number },
    private readonly sender: CallSender,
    private readonly onEnd: OnCallEnd,
  ) {}

  /** Starts every arrival at its time; resolves once the last is started (or dropped) or `stop` is called. */
  run(startAtMs: number): Promise<void> {
    const count = arrivalCount(this.share);
    let n = this.iterations.first;
    return new Promise((resolve) => {
      this.finishScheduling = resolve;
      // One timer per tick, not per call: each tick starts every arrival that is due, catching up after a late one.
      const tick = (): void => {
        const now = sharedNowMs() - startAtMs;
        while (n < count && arrivalAtMs(n, this.share) <= now) {
          const dueAtMs = startAtMs + arrivalAtMs(n, this.share);
          if (this.sender.inFlight >= this.share.maxInFlight) this.dropped += 1;
          else this.sender.start(n, (outcome) => this.onEnd(outcome, dueAtMs));
          n += this.iterations.stride;
        }
        if (n >= count) resolve();
        else this.timer = setTimeout(tick, Math.max(0, arrivalAtMs(n, this.share) - now));
      };
      tick();
    });
  }

  /** Starts no more arrivals. */
  stop(): void {
    clearTimeout(this.timer);
    this.finishScheduling?.();
  }
}
