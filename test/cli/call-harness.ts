import { join } from 'node:path';
import { Readable } from 'node:stream';
import { runCli } from '../../src/cli/run';

/** The test protos' import root. */
export const protoRoot = new URL('../fixtures/protos/', import.meta.url).pathname;

/** The flags that load grpc's interop protos (grpc.testing.TestService) as a call's schema. */
export const interopProtoFlags = ['--proto', join(protoRoot, 'grpc/testing/test.proto'), '-I', protoRoot];

/** A `protodesk` run in-process: what it printed so far, its exit code once done, and a stand-in for Ctrl-C. */
export interface CliRun {
  readonly out: string;
  readonly err: string;
  readonly done: Promise<number>;
  /** Resolves once `predicate` holds for the output; rejects if the run ends first. */
  until: (predicate: (run: CliRun) => boolean) => Promise<void>;
  /** What Ctrl-C does in the real executable, while a call has taken it over. */
  interrupt: () => void;
}

/** Starts `protodesk <args>` in-process, with `stdin` as standard input (empty when absent). */
export function startCli(args: string[], stdin: Readable = Readable.from([])): CliRun {
  let out = '';
  let err = '';
  let onInterrupt: (() => void) | undefined;
  const waiters = new Set<() => void>();
  const changed = () => waiters.forEach((check) => check());
  const done = runCli(args, {
    out: (text) => ((out += text), changed()),
    err: (text) => ((err += text), changed()),
    stdin: () => stdin,
    trapInterrupt: (handler) => {
      onInterrupt = handler;
      return () => (onInterrupt = undefined);
    },
  });
  const run: CliRun = {
    get out() {
      return out;
    },
    get err() {
      return err;
    },
    done,
    until: (predicate) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (!predicate(run)) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
        void done.then((code) => {
          if (!waiters.has(check)) return;
          waiters.delete(check);
          reject(new Error(`protodesk exited ${code} first.\nstdout: ${out}\nstderr: ${err}`));
        });
      }),
    interrupt: () => {
      if (!onInterrupt) throw new Error('No call is running to interrupt.');
      onInterrupt();
    },
  };
  return run;
}

/** Runs `protodesk <args>` in-process to the end. */
export async function cli(
  args: string[],
  stdin?: Readable,
): Promise<{ code: number; out: string; err: string }> {
  const run = startCli(args, stdin);
  const code = await run.done;
  return { code, out: run.out, err: run.err };
}
