import { writeFileAtomic } from '../../core/service/entry/files';
import { startMock, workspaceMock, type RunningMock } from '../../core/service/entry/mock';
import { runWorkspace } from '../../core/service/run/runner';
import { dataFolderSecrets } from '../../core/service/use-cases/data-folder';
import { CallExit } from '../call-exit';
import { problemReporter, servingLine } from '../mock/mock-lines';
import { parseDuration } from '../duration';
import { checkOutputFile } from '../output-file';
import { selectionUsageError } from '../selection-error';
import { formatReport, type ReporterName } from '../run-report/format';
import { prettyResult, prettySummary } from '../run-report/pretty';
import type { CliIo } from '../cli-io';
import { UsageError } from '../usage-error';

/** The flags of `protodesk run` as commander parses them. */
export interface RunFlags {
  collection?: string;
  env?: string;
  reporter: ReporterName;
  output?: string;
  var: string[];
  deadline?: string;
  mock?: boolean;
}

const reportExtensions: Record<ReporterName, string> = { pretty: 'txt', json: 'json', junit: 'xml' };

/** Runs a workspace's saved requests, prints the progress and the report, and fails when a request failed. */
export async function runCommand(workspace: string, flags: RunFlags, io: CliIo): Promise<void> {
  const variables = Object.fromEntries(flags.var.map(parseVariable));
  const defaultDeadlineMs =
    flags.deadline === undefined ? undefined : parseDuration(flags.deadline, '--deadline');
  // Checked before the run, so a bad path does not throw away a whole run's results at its end.
  const output =
    flags.output === undefined
      ? undefined
      : await checkOutputFile(flags.output, '--output', {
          createFolder: true,
          regularOnly: true,
          example: `protodesk.${reportExtensions[flags.reporter]}`,
        });
  // json and junit keep stdout machine-readable (the report, or nothing with --output): progress goes to stderr.
  const progress = flags.reporter === 'pretty' ? io.out : io.err;
  const secrets = dataFolderSecrets();
  const mock = flags.mock ? await startWorkspaceMock(workspace, secrets, progress) : undefined;
  const report = await runWorkspace({
    folder: workspace,
    ...(flags.collection !== undefined ? { collection: flags.collection } : {}),
    ...(flags.env !== undefined ? { environment: flags.env } : {}),
    secrets,
    variables,
    ...(defaultDeadlineMs !== undefined ? { defaultDeadlineMs } : {}),
    onResult: (result) => progress(prettyResult(result)),
    ...(mock ? { target: { address: mock.address, tls: { mode: 'plaintext' } } } : {}),
  })
    .catch((error: unknown) => {
      throw selectionUsageError(error);
    })
    .finally(() => mock?.stop(0));
  progress(prettySummary(report));
  const text = formatReport(flags.reporter, report);
  if (output !== undefined) await writeFileAtomic(output, text);
  else if (flags.reporter !== 'pretty') io.out(text);
  if (!report.passed) throw new CallExit(1);
}

/** The workspace's mock on a free port of 127.0.0.1, announced in the progress as `protodesk mock` announces it. */
async function startWorkspaceMock(
  workspace: string,
  secrets: ReturnType<typeof dataFolderSecrets>,
  progress: (text: string) => void,
): Promise<RunningMock> {
  const { schema, stubsDir } = await workspaceMock(workspace, secrets).catch((error: unknown) => {
    throw selectionUsageError(error);
  });
  const mock = await startMock({
    schema,
    stubsDir,
    fallback: 'sample',
    onProblems: problemReporter((text) => progress(text), stubsDir),
  });
  progress(servingLine({ ...mock, tls: 'none' }));
  return mock;
}

/** `name=value` of --var (also `load`'s). */
export function parseVariable(text: string): [string, string] {
  const equals = text.indexOf('=');
  if (equals <= 0) throw new UsageError(`--var takes name=value, got "${text}".`);
  return [text.slice(0, equals), text.slice(equals + 1)];
}
