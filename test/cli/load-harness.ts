import { spawn } from 'node:child_process';
import type { Writable } from 'node:stream';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';

export const bin = new URL('../../bin/protodesk.js', import.meta.url).pathname;

/** What a test file of `protodesk load` works against: grpc-go's interop server, its address, a scratch folder. */
export interface GoTarget {
  server: GoReflectServer;
  target: string;
  dir: string;
}

/**
 * Starts grpc-go's interop server (with reflection) and makes a scratch folder named `prefix…` before the file's tests,
 * and stops and removes them after; the fields are set once the tests run.
 */
export function goTarget(prefix: string): GoTarget {
  const go = {} as GoTarget;
  beforeAll(async () => {
    go.server = await startGoReflect();
    go.target = `127.0.0.1:${go.server.port}`;
    go.dir = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    await go.server?.stop();
    if (go.dir) await rm(go.dir, { recursive: true, force: true });
  });
  return go;
}

/** The real `protodesk` process: its pipes, what it printed so far, and how it ended. */
export interface CliProcess {
  /** Its stdin, when started with `{ stdin: true }`; otherwise it reads nothing. */
  readonly stdin: Writable | null;
  readonly out: string;
  readonly err: string;
  /** Resolves once stdout and stderr are closed (all output read) with the exit code. */
  readonly exit: Promise<number | null>;
  /** Resolves once `predicate` holds for what was printed; rejects if the process ends first. */
  until: (predicate: () => boolean) => Promise<void>;
  interrupt: () => void;
}

export interface SpawnOptions {
  /** Gives the process a stdin pipe to write to. */
  stdin?: boolean;
}

/** Starts `protodesk <args>` as a child process (`env` on top of this one's). */
export function protodesk(
  args: string[],
  env: Record<string, string> = {},
  options: SpawnOptions = {},
): CliProcess {
  return spawnProcess(process.execPath, [bin, ...args], env, options);
}

/** Starts any program, its output collected as for `protodesk`. */
export function spawnProcess(
  program: string,
  args: string[],
  env: Record<string, string> = {},
  options: SpawnOptions = {},
): CliProcess {
  const child = spawn(program, args, {
    stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let out = '';
  let err = '';
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  // Both are pipes (see stdio above); the type only loses that because stdin's kind is chosen at run time.
  child.stdout!.on('data', (chunk: Buffer) => ((out += chunk.toString()), changed()));
  child.stderr!.on('data', (chunk: Buffer) => ((err += chunk.toString()), changed()));
  // 'close', not 'exit': only then has everything the pipes held been read.
  const exit = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return {
    stdin: child.stdin,
    get out() {
      return out;
    },
    get err() {
      return err;
    },
    exit,
    until: (predicate) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (!predicate()) return;
          listeners.delete(check);
          resolve();
        };
        listeners.add(check);
        check();
        void exit.then((code) => {
          if (listeners.delete(check)) reject(new Error(`protodesk exited ${code} first.\nstderr: ${err}`));
        });
      }),
    interrupt: () => child.kill('SIGINT'),
  };
}

/** Runs `protodesk <args>` to the end. */
export function protodeskRun(args: string[], env?: Record<string, string>): Promise<Ended> {
  return spawnRun(process.execPath, [bin, ...args], env);
}

/** How a program ended: its exit code and all it printed. */
export interface Ended {
  code: number | null;
  out: string;
  err: string;
}

/** Runs any program to the end. */
export async function spawnRun(
  program: string,
  args: string[],
  env?: Record<string, string>,
): Promise<Ended> {
  const run = spawnProcess(program, args, env);
  const code = await run.exit;
  return { code, out: run.out, err: run.err };
}
