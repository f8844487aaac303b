import type { LoadReport } from '../../shared/load';
import { CallExit } from '../call-exit';

/** The exit status of a run stopped by Ctrl-C (128 + SIGINT, as shells report it). */
export const stoppedExit = 130;

/**
 * Ends the command after its report: 130 when Ctrl-C stopped it, 1 when an --assert failed (each failure said on
 * stderr with the measured value), else 0.
 */
export function loadVerdict(report: LoadReport, err: (text: string) => void): void {
  if (report.stopped) {
    err(
      `protodesk: stopped by Ctrl-C after ${(report.elapsedMs / 1000).toFixed(1)}s; the report covers the calls made until then.\n`,
    );
    throw new CallExit(stoppedExit);
  }
  const failed = report.thresholds.filter((result) => !result.passed);
  for (const result of failed) {
    const why = (result.failure ?? `the measured value was ${result.actual}`).replace(/\.$/, '');
    err(`protodesk: --assert '${result.threshold}' failed: ${why}.\n`);
  }
  if (failed.length > 0) throw new CallExit(1);
}
