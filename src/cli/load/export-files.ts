import type { LoadPlan } from '../../shared/load';
import { readDataFile } from '../../core/service/entry/load';
import { loadExportText } from '../../core/service/load-export-text';
import { writeFileAtomic } from '../../core/service/entry/files';
import { UnresolvedVariablesError } from '../../core/service/entry/errors';
import { UsageError } from '../usage-error';
import type { ExportKind } from './load-flags';
import type { LoadSubject } from './load-subject';

/**
 * Writes the load test as a Locust file or a self-contained ghz script at `output`, as the app exports it (secrets as
 * environment-variable references); runs nothing.
 */
export async function writeExport(
  kind: ExportKind,
  subject: LoadSubject,
  plan: LoadPlan,
  output: string,
): Promise<void> {
  const rows = plan.dataFile === undefined ? undefined : await readDataFile(plan.dataFile);
  let text: string;
  try {
    text = loadExportText(kind, {
      ...subject.input,
      secrets: subject.secrets,
      source: subject.source,
      plan,
      ...(rows ? { rows } : {}),
      ...(subject.effectiveAuth ? { authSettings: subject.effectiveAuth.settings } : {}),
    });
  } catch (error) {
    if (!(error instanceof UnresolvedVariablesError)) throw error;
    throw new UsageError(`${error.message} (An export fills every {{variable}} before it is written.)`);
  }
  await writeFileAtomic(output, text, kind === 'ghz' ? 0o755 : undefined);
}
