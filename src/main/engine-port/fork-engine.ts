/**
 * Starts the engine host in its own runtime and answers main's end of the port. Electron 22 and later have
 * `utilityProcess` (a Node process of its own, as VS Code's shared process); older ones (Electron 9, which the smoke
 * tests run) get a worker thread. Both carry the same messages, so the tests prove the code both use.
 */
import { Worker } from 'node:worker_threads';
import type { EngineLink } from './link';

/** The parts of Electron's `utilityProcess` (22+) used here. */
export interface UtilityProcessModule {
  fork(modulePath: string, args?: string[], options?: { serviceName?: string }): UtilityChild;
}

interface UtilityChild {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  kill(): boolean;
}

/** Runs `file` (a bundle of src/main/engine-host) in a utility process when Electron has them, else in a worker. */
export function forkEngine(file: string, utilityProcess?: UtilityProcessModule): EngineLink {
  return utilityProcess
    ? utilityLink(utilityProcess.fork(file, [], { serviceName: 'Protodesk engine' }))
    : workerLink(file);
}

// Untested here: no Electron with utilityProcess runs on these machines (only 9.4.1 does); kept to these few lines.
function utilityLink(child: UtilityChild): EngineLink {
  return {
    post: (message) => child.postMessage(message),
    onMessage: (listener) => child.on('message', listener),
    onExit: (listener) => child.on('exit', (code) => listener(`the engine process ended with code ${code}`)),
    end: async () => void child.kill(),
  };
}

function workerLink(file: string): EngineLink {
  // Node 12's Worker takes only .js/.mjs files, and the bundle is .cjs (the repository's package.json says "module").
  const worker = new Worker("require(require('worker_threads').workerData)", {
    eval: true,
    workerData: file,
  });
  let failure: Error | undefined;
  worker.on('error', (error) => (failure = error));
  return {
    post: (message) => worker.postMessage(message),
    onMessage: (listener) => worker.on('message', listener),
    onExit: (listener) =>
      worker.on('exit', (code) =>
        listener(failure ? `the engine failed: ${failure.message}` : `the engine ended with code ${code}`),
      ),
    end: async () => void (await worker.terminate()),
  };
}
