import { Readable } from 'node:stream';
import { parseThresholds } from '../../core/service/entry/load';
import type { CliIo } from '../cli-io';
import { parseVariable } from '../commands/run-action';
import { checkOutputFile } from '../output-file';
import { UsageError } from '../usage-error';
import { CliAuth } from '../cli-auth';
import { writeExport } from './export-files';
import { flagSubject } from './flag-subject';
import { loadPlanFromFlags, type ExportKind, type LoadFlags, type LoadFormat } from './load-flags';
import type { LoadSubject } from './load-subject';
import { writeLoadReport } from './report-output';
import { runLoad } from './run-load';
import { savedSubject } from './saved-subject';
import { loadUsageError } from './usage-errors';
import { loadVerdict } from './verdict';

/** Which flags the user typed: the request's own (-d, -H, TLS, schema…) and any other. */
export interface GivenFlags {
  /** Request flags typed on the command line, as typed (`--plaintext`), for `--workspace` to refuse. */
  requestFlags: string[];
  format: boolean;
}

const exampleFiles: Record<LoadFormat | ExportKind, string> = {
  summary: 'load.txt',
  json: 'load.json',
  csv: 'load.csv',
  html: 'load.html',
  locust: 'locustfile.py',
  ghz: 'ghz.sh',
};

/**
 * `protodesk load`: checks every flag before anything is loaded (usage errors exit 2), then writes an export, or runs
 * the load test and prints its report; the verdict (asserts, Ctrl-C) sets the exit code.
 */
export async function runLoadCommand(
  target: string | undefined,
  method: string | undefined,
  flags: LoadFlags,
  given: GivenFlags,
  io: CliIo,
): Promise<void> {
  try {
    await loadCommand(target, method, flags, given, io);
  } catch (error) {
    throw loadUsageError(error, requestName(flags));
  }
}

/** How a usage error names the request whose JSON is wrong. */
function requestName(flags: LoadFlags): string {
  if (flags.workspace !== undefined) return `The body of the saved request "${flags.request}"`;
  return `The request (${flags.data === undefined ? '{} without -d' : '-d'})`;
}

async function loadCommand(...args: Parameters<typeof runLoadCommand>): Promise<void> {
  const [target, method, flags, given, io] = args;
  const plan = loadPlanFromFlags(flags);
  const { export: kind, format } = flags;
  checkExport(kind, flags, given);
  // Checked before anything is loaded: a typo in an --assert should not cost a schema load and a whole run.
  parseThresholds(flags.assert);
  const output =
    flags.output === undefined
      ? undefined
      : await checkOutputFile(flags.output, '-o', {
          createFolder: true,
          regularOnly: true,
          example: exampleFiles[kind ?? format],
        });
  const auth = CliAuth.fromFlags(flags, io.err);
  const subject = await auth.guard(() => loadSubject(target, method, flags, given, io, auth), io.err);
  try {
    if (kind !== undefined && output !== undefined) {
      await writeExport(kind, subject, plan, output);
      if (!flags.quiet) io.err(`Wrote ${output}\n`);
      return;
    }
    const progress = flags.quiet ? 'quiet' : io.errIsTerminal ? 'terminal' : 'lines';
    const report = await runLoad(subject, plan, progress, io);
    await writeLoadReport(format, report, output, io);
    loadVerdict(report, io.err);
  } finally {
    await subject.dispose();
  }
}

/** --export writes a file and runs nothing: it needs -o, and report flags would be ignored, so they are refused. */
function checkExport(kind: ExportKind | undefined, flags: LoadFlags, given: GivenFlags): void {
  if (kind === undefined) return;
  if (flags.output === undefined) {
    throw new UsageError(`--export ${kind} writes a file: name it with -o, e.g. -o ${exampleFiles[kind]}.`);
  }
  if (given.format || flags.assert.length > 0) {
    throw new UsageError(
      `--export ${kind} writes a file and runs nothing, so there is no report: drop --format and --assert, or drop --export.`,
    );
  }
}

/** The request to load-test: a saved one (--workspace, --request) or the one the target, method and flags describe. */
function loadSubject(
  target: string | undefined,
  method: string | undefined,
  flags: LoadFlags,
  given: GivenFlags,
  io: CliIo,
  auth: CliAuth,
): Promise<LoadSubject> {
  if (flags.workspace !== undefined) {
    if (target !== undefined) {
      throw new UsageError(
        `--workspace runs a saved request, which names its own target and method: drop "${[target, method].filter(Boolean).join(' ')}".`,
      );
    }
    if (given.requestFlags.length > 0) {
      throw new UsageError(
        `--workspace runs the saved request as it is saved: drop ${given.requestFlags.join(', ')} (edit the request in the app, or use an environment and --var).`,
      );
    }
    if (flags.request === undefined) {
      throw new UsageError(
        '--workspace needs --request, the saved request to run: e.g. --request "smoke/Get user".',
      );
    }
    return savedSubject(
      {
        workspace: flags.workspace,
        request: flags.request,
        ...(flags.env !== undefined ? { environment: flags.env } : {}),
        variables: Object.fromEntries(flags.var.map(parseVariable)),
      },
      auth,
    );
  }
  const workspaceOnly = [
    flags.request !== undefined && '--request',
    flags.env !== undefined && '--env',
    flags.var.length > 0 && '--var',
  ].filter((flag): flag is string => typeof flag === 'string');
  if (workspaceOnly.length > 0) {
    throw new UsageError(
      `${workspaceOnly.join(', ')} choose a saved request and its variables: add --workspace DIR.`,
    );
  }
  if (target === undefined || method === undefined) {
    throw new UsageError(
      'Name what to load-test: protodesk load <target> <package.Service/Method> [flags], or a saved request with --workspace DIR --request PATH.',
    );
  }
  return flagSubject(target, method, flags, io.stdin ?? (() => Readable.from([])), auth);
}
