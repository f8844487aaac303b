import type { LoadSnapshot } from '../../shared/load';

/** How the progress line is shown: rewritten in place on a terminal, plain lines in a log, or not at all. */
export type ProgressMode = 'terminal' | 'lines' | 'quiet';

// A log gets a line every few seconds rather than every second: enough to see a CI job is alive.
const linesEveryMs = 5000;

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** `12.0s  3,456 calls  288/s  p99 12.3ms  errors 0.0%` */
export function progressLine(snapshot: LoadSnapshot): string {
  const failed = snapshot.count - (snapshot.statusCounts.OK ?? 0);
  const errorShare = snapshot.count === 0 ? 0 : (failed / snapshot.count) * 100;
  return [
    `${(snapshot.elapsedMs / 1000).toFixed(1)}s`,
    `${whole.format(snapshot.count)} calls`,
    `${whole.format(snapshot.rps)}/s`,
    `p99 ${milliseconds(snapshot.latency.p99)}`,
    `errors ${errorShare.toFixed(1)}%`,
  ].join('  ');
}

/** A latency for a line of text: 0.42ms, 12.3ms, 250ms, 1.25s. */
export function milliseconds(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)}s`;
  if (ms >= 100) return `${ms.toFixed(0)}ms`;
  if (ms >= 10) return `${ms.toFixed(1)}ms`;
  return `${ms.toFixed(2)}ms`;
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
