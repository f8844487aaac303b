import type { LoadSnapshot } from '../../shared/load';
import { errorRate, formatCount, formatMs, formatPercent } from '../../core/service/entry/load';

/** How the progress line is shown: rewritten in place on a terminal, plain lines in a log, or not at all. */
export type ProgressMode = 'terminal' | 'lines' | 'quiet';

// A log gets a line every few seconds rather than every second: enough to see a CI job is alive.
const linesEveryMs = 5000;

/** `12.0s  3,456 calls  288/s  p99 12.3 ms  errors 0 %` (and `28,800 msg/s` for a stream), in the reports' number style. */
export function progressLine(snapshot: LoadSnapshot): string {
  return [
    `${(snapshot.elapsedMs / 1000).toFixed(1)}s`,
    `${formatCount(snapshot.count)} calls`,
    `${formatCount(snapshot.rps)}/s`,
    ...(snapshot.messagesPerSecond === undefined ? [] : [`${formatCount(snapshot.messagesPerSecond)} msg/s`]),
    `p99 ${formatMs(snapshot.latency.p99)}`,
    `errors ${formatPercent(errorRate(snapshot))}`,
  ].join('  ');
}

/** Shows snapshots as they come on stderr, and clears a rewritten line before the report is printed. */
export class ProgressReporter {
  private shown = false;
  private finished = false;
  private lastLineMs = 0;

  constructor(
    private readonly mode: ProgressMode,
    private readonly err: (text: string) => void,
  ) {}

  snapshot(snapshot: LoadSnapshot): void {
    if (this.mode === 'quiet' || this.finished) return;
    if (this.mode === 'terminal') {
      // \r back to the start, the line, then erase what a longer previous line left.
      this.err(`\r${progressLine(snapshot)}\x1b[K`);
      this.shown = true;
      return;
    }
    if (snapshot.elapsedMs - this.lastLineMs < linesEveryMs) return;
    this.lastLineMs = snapshot.elapsedMs;
    this.err(`${progressLine(snapshot)}\n`);
  }

  /** Ends the progress: a rewritten line is erased, so the terminal holds only the report. */
  finish(): void {
    if (this.shown) this.err('\r\x1b[K');
    this.finished = true;
  }
}
