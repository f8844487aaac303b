import type { LoadPlan, LoadReport } from '../../shared/load';
import { startLoad } from '../../core/load/run/start-load';
import type { CliIo } from '../cli-io';
import type { LoadSubject } from './load-subject';
import { ProgressReporter, type ProgressMode } from './progress';

/**
 * Runs the load test with a progress line on stderr; Ctrl-C stops it (in-flight calls cancelled) and the report of
 * what ran is still returned, marked stopped.
 */
export async function runLoad(
  subject: LoadSubject,
  plan: LoadPlan,
  progressMode: ProgressMode,
  io: CliIo,
): Promise<LoadReport> {
  const progress = new ProgressReporter(progressMode, io.err);
  const run = await startLoad(subject.input, plan, (snapshot) => progress.snapshot(snapshot));
  const release = io.trapInterrupt?.(() => run.stop());
  try {
    return await run.done;
  } finally {
    release?.();
    progress.finish();
  }
}
