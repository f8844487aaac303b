import { spawn } from 'node:child_process';

export const bin = new URL('../../bin/protodesk.js', import.meta.url).pathname;

/** The real `protodesk` process: its pipes, what it printed so far, and how it ended. */
export interface LoadProcess {
  readonly out: string;
  readonly err: string;
  /** Resolves once stdout and stderr are closed (all output read) with the exit code. */
  readonly exit: Promise<number | null>;
  /** Resolves once `predicate` holds for what was printed; rejects if the process ends first. */
  until: (predicate: () => boolean) => Promise<void>;
  interrupt: () => void;
}

/** Starts `protodesk <args>` as a child process (`env` on top of this one's). */
export function protodesk(args: string[], env: Record<string, string> = {}): LoadProcess {
  return spawnProcess(process.execPath, [bin, ...args], env);
}

/** Starts any program, its output collected as for `protodesk`. */
export function spawnProcess(program: string, args: string[], env: Record<string, string> = {}): LoadProcess {
  const child = spawn(program, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let out = '';
  let err = '';
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  child.stdout.on('data', (chunk: Buffer) => ((out += chunk.toString()), changed()));
  child.stderr.on('data', (chunk: Buffer) => ((err += chunk.toString()), changed()));
  // 'close', not 'exit': only then has everything the pipes held been read.
  const exit = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return {
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
