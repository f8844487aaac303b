import { mkdir, stat } from 'node:fs/promises';
import {
  jsonLinesLog,
  MockStartError,
  startMock,
  type StartMockOptions,
} from '../../core/service/entry/mock';
import type { MockLogEntry } from '../../shared/mock';
import type { CliIo } from '../cli-io';
import { CliAuth } from '../cli-auth';
import { checkOutputFile } from '../output-file';
import { UsageError } from '../usage-error';
import { mockPlan, type MockFlags } from './mock-flags';
import { callLine, problemReporter, servingLine } from './mock-lines';
import { mockSchema } from './mock-schema';
import { untilStopped } from '../until-stopped';

/** How long calls in flight may take to finish once the mock is told to stop; then they are cancelled. */
const stopGraceMs = 1000;

/** `protodesk mock`: serves the schema's methods until Ctrl-C or SIGTERM, then ends with exit 0. */
export async function runMock(target: string | undefined, flags: MockFlags, io: CliIo): Promise<void> {
  const plan = mockPlan(target, flags);
  // Checked before anything starts, so a mistyped path does not surface at the first call.
  const logFile =
    plan.log === undefined
      ? undefined
      : await checkOutputFile(plan.log, '--log', {
          createFolder: false,
          regularOnly: false,
          example: 'mock-calls.jsonl',
        });
  if (plan.stubsDir !== undefined) await checkStubsFolder(plan.stubsDir, plan.record !== undefined);
  const auth = CliAuth.fromFlags(flags, io.err);
  if (auth.given && plan.record === undefined)
    throw new UsageError(
      'The auth flags give the upstream of --record a credential; a mock without --record calls no server.',
      'Add --record --upstream HOST:PORT, or drop the auth flags.',
    );
  const { schema, stubsDir } = await auth.guard(() => mockSchema(plan, auth), io.err);
  const log =
    logFile === undefined ? undefined : jsonLinesLog(logFile, (text) => io.err(`protodesk: ${text}\n`));
  const onCall =
    log || plan.verbose
      ? (entry: MockLogEntry) => {
          log?.write(entry);
          if (plan.verbose) io.err(callLine(entry));
        }
      : undefined;
  if (!isLoopback(plan.host)) {
    io.err(
      `protodesk: warning: the mock listens on ${plan.host}, so other machines can call it; ` +
        'use --address 127.0.0.1 to keep it to this one.\n',
    );
  }
  const options: StartMockOptions = {
    schema,
    host: plan.host,
    port: plan.port,
    fallback: plan.fallback,
    onProblems: problemReporter(io.err, stubsDir),
    ...(stubsDir !== undefined ? { stubsDir } : {}),
    ...(plan.tls ? { tls: plan.tls } : {}),
    ...(plan.record
      ? { record: { ...plan.record, ...(auth.given ? { credentials: () => auth.apply([]) } : {}) } }
      : {}),
    ...(onCall ? { onCall } : {}),
  };
  const mock = await startMock(options).catch((error: unknown) => {
    throw bindError(error);
  });
  io.out(
    servingLine({
      ...mock,
      tls: plan.tls === undefined ? 'none' : plan.tls.clientCaFile === undefined ? 'tls' : 'mtls',
    }),
  );
  if (mock.upstream !== undefined) {
    io.err(`protodesk: recording the calls passed to ${mock.upstream} as stubs in ${stubsDir}\n`);
  }
  await untilStopped(io);
  await mock.stop(stopGraceMs);
  await log?.flush();
}

/** A port or address that cannot be bound, or TLS files that do not fit, is a usage error in the engine's words. */
function bindError(error: unknown): unknown {
  return error instanceof MockStartError ? new UsageError(error.message, error.hint) : error;
}

/** --stubs must name a folder: a mistyped path would otherwise serve the fallback in silence. Record mode creates it. */
async function checkStubsFolder(folder: string, create: boolean): Promise<void> {
  if (create) await mkdir(folder, { recursive: true });
  const info = await stat(folder).catch(() => undefined);
  if (info?.isDirectory()) return;
  throw new UsageError(
    info ? `--stubs ${folder} is not a folder.` : `--stubs ${folder}: there is no such folder.`,
    'Name the folder of stub files (an empty one serves the fallback until you add files), or fix the path.',
  );
}

/** Whether only this machine can reach the address. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
