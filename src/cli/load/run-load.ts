import type { LoadPlan, LoadReport } from '../../shared/load';
import { describePlan, startLoad, SecretRedactor } from '../../core/service/entry/load';
import type { CliIo } from '../cli-io';
import type { LoadSubject } from './load-subject';
import { ProgressReporter, type ProgressMode } from './progress';

/**
 * Runs the load test with a progress line on stderr; Ctrl-C stops it (in-flight calls cancelled) and the report of
 * what ran is still returned, marked stopped. The environment's secret values are hidden in the report, as the app
 * hides them: a server may echo a token in an error message.
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
  // Said once the calls are going, so a log shows what ran and a person knows how to stop it.
  if (progressMode !== 'quiet') {
    io.err(`Load test of ${subject.input.request.method}, ${describePlan(plan)}; Ctrl-C stops it.\n`);
  }
  try {
    return new SecretRedactor(subject.secrets).redactValue(await run.done);
  } finally {
    release?.();
    progress.finish();
  }
}
