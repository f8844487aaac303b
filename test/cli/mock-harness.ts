/** `protodesk mock` as a user runs it: the built executable in a child process, its first line, its exit. */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { grpcurlBinary } from '../helpers/grpcurl';
import { mockAddress } from '../helpers/mock-address';

const cli = new URL('../../dist/cli.js', import.meta.url).pathname;

/** The zoo fixture: zoo.v1.Zoo with every call kind, and its stub files. */
export const zooProtos = new URL('../fixtures/protos/', import.meta.url).pathname;
export const zooFlags = ['--proto', `${zooProtos}zoo/v1/zoo.proto`, '-I', zooProtos];
export const zooStubs = new URL('../fixtures/mock-stubs/zoo/', import.meta.url).pathname;

/** A running `protodesk mock`. */
export interface MockProcess {
  child: ChildProcess;
  /** The first stdout line; rejects with stderr if the command exits first. */
  firstLine: Promise<string>;
  /** The address the first line names. */
  address: () => Promise<string>;
  /** What it printed on stderr so far. */
  stderr: () => string;
  /** Resolves when stderr holds `text`; rejects if the command exits first. */
  stderrHas: (text: string) => Promise<void>;
  /** Its exit, once its output is all read. */
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

const running = new Set<ChildProcess>();

/** Kills what a test left running (after a failed assertion). */
export function killLeftovers(): void {
  for (const child of running)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  running.clear();
}

/** Starts `protodesk <args>` (`mock …` or `run …`). */
export function startProtodesk(args: string[], env: NodeJS.ProcessEnv = process.env): MockProcess {
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  running.add(child);
  let stdout = '';
  let stderr = '';
  const waiters = new Set<() => void>();
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    waiters.forEach((check) => check());
  });
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exit = new Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
    stdout: string;
    stderr: string;
  }>((resolve) => child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  const firstLine = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    void exit.then(({ code }) => reject(new Error(`protodesk exited with ${code} first: ${stderr}`)));
  });
  firstLine.catch(() => undefined);
  const stderrHas = (text: string): Promise<void> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        if (!stderr.includes(text)) return;
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
      void exit.then(() => {
        if (waiters.delete(check)) reject(new Error(`protodesk exited before printing ${text}: ${stderr}`));
      });
    });
  return {
    child,
    firstLine,
    address: async () => mockAddress(await firstLine),
    stderr: () => stderr,
    stderrHas,
    exit,
  };
}

/** Starts `protodesk mock <args>`. */
export function startMockCli(args: string[]): MockProcess {
  return startProtodesk(['mock', ...args]);
}

/** grpcurl's arguments run as they are (no shell): its output and exit code. */
export function grpcurl(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(grpcurlBinary, args, { timeout: 30_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}
