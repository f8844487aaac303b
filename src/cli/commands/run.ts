import { Option, type Command } from 'commander';
import { appDataDir, secretsFile } from '../../core/workspace/app-data';
import { writeFileAtomic } from '../../core/workspace/atomic-write';
import { defaultRunDeadlineMs, runWorkspace } from '../../core/service/run/runner';
import { RunSelectionError } from '../../core/service/run/runner-errors';
import { FileSecretStore } from '../../core/workspace/secrets';
import { CallExit } from '../call-exit';
import { parseDuration } from '../duration';
import { checkOutputFile } from '../output-file';
import { formatReport, reporters, type ReporterName } from '../run-report/format';
import { prettyResult, prettySummary } from '../run-report/pretty';
import type { CliIo } from '../cli-io';
import { UsageError } from '../usage-error';

interface RunFlags {
  collection?: string;
  env?: string;
  reporter: ReporterName;
  output?: string;
  var: string[];
  deadline?: string;
}

const reportExtensions: Record<ReporterName, string> = { pretty: 'txt', json: 'json', junit: 'xml' };

const collect = (value: string, previous: string[]): string[] => [...previous, value];

const help = `
Order: collections by name, then inside each by folder path and name, in natural order ("2 x" before "10 x").
Values captured by a request are variables of the requests after it (over the environment's and --var's).
Each request must end with status OK unless it asserts another status. A request that cannot run (unresolved
variable, no source has its method, bad TLS profile, unreachable server, its file or protodesk.json does not
parse) fails, and the run goes on. A run only reads the workspace: it never creates, moves or rewrites a file.

Output: the pretty progress (one line per request as it finishes, then a summary) goes to stdout with
--reporter pretty, to stderr with json and junit, whose report goes to stdout. --output FILE writes the report
to FILE instead (its folder is created); the progress is printed all the same.

Secret variables are read from the secrets file in the data folder ($PROTODESK_DATA_DIR, else the platform's
app data folder); in CI, pass them with --var NAME=VALUE.

Exit codes:
  0  every request ran and every assertion held
  1  a request failed an assertion or could not run
  2  a usage error: no such workspace, collection or environment, or bad flags

Examples:
  protodesk run ./api-workspace --env staging
  protodesk run . --collection smoke --env ci --var token=$API_TOKEN --reporter junit --output reports/protodesk.xml
`;

/** `protodesk run <workspace>`: runs the saved requests of a workspace with their captures and assertions, for CI. */
export function registerRun(program: Command, io: CliIo): void {
  program
    .command('run')
    .description('run the saved requests of a workspace in order and check their assertions (for CI)')
    .argument('<workspace>', 'the workspace folder (the one holding protodesk.json)')
    .option('--collection <name>', 'run only this collection')
    .option('--env <name>', 'the environment whose variables fill {{name}}')
    .addOption(new Option('--reporter <name>', 'report format').choices(reporters).default('pretty'))
    .option('--output <file>', 'write the report to this file instead of stdout')
    .option('--var <name=value>', "a variable for this run, over the environment's (repeatable)", collect, [])
    .option(
      '--deadline <duration>',
      `deadline of requests that set none: 200ms, 5s, 1m (default ${defaultRunDeadlineMs / 1000}s)`,
    )
    .addHelpText('after', help)
    .action(async (workspace: string, flags: RunFlags) => {
      await runCommand(workspace, flags, io);
    });
}

async function runCommand(workspace: string, flags: RunFlags, io: CliIo): Promise<void> {
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
  const report = await runWorkspace({
    folder: workspace,
    ...(flags.collection !== undefined ? { collection: flags.collection } : {}),
    ...(flags.env !== undefined ? { environment: flags.env } : {}),
    secrets: new FileSecretStore(secretsFile(appDataDir())),
    variables,
    ...(defaultDeadlineMs !== undefined ? { defaultDeadlineMs } : {}),
    onResult: (result) => progress(prettyResult(result)),
  }).catch((error: unknown) => {
    throw error instanceof RunSelectionError ? new UsageError(error.message) : error;
  });
  progress(prettySummary(report));
  const text = formatReport(flags.reporter, report);
  if (output !== undefined) await writeFileAtomic(output, text);
  else if (flags.reporter !== 'pretty') io.out(text);
  if (!report.passed) throw new CallExit(1);
}

/** `name=value` of --var. */
function parseVariable(text: string): [string, string] {
  const equals = text.indexOf('=');
  if (equals <= 0) throw new UsageError(`--var takes name=value, got "${text}".`);
  return [text.slice(0, equals), text.slice(equals + 1)];
}
