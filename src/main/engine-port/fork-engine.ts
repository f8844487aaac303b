/**
 * Starts the engine host in its own process and answers main's end of the port. Electron 22 and later have
 * `utilityProcess` (as VS Code's shared process); older ones (Electron 9, which the smoke tests run) get a forked Node
 * process, which unlike a worker thread also reads the bundle from app.asar. Both carry the same messages through the
 * same code, so the tests prove the path both use.
 */
import { fork } from 'node:child_process';
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

/** Runs `file` (a bundle of src/main/engine-host) in a utility process when Electron has them, else in a forked one. */
export function forkEngine(file: string, utilityProcess?: UtilityProcessModule): EngineLink {
  return utilityProcess
    ? utilityLink(utilityProcess.fork(file, [], { serviceName: 'Protodesk engine' }))
    : forkedLink(file);
}

// Untested here: no Electron with utilityProcess runs on these machines (only 9.4.1 does); kept to these few lines.
function utilityLink(child: UtilityChild): EngineLink {
  let exited = false;
  child.on('exit', () => (exited = true));
  return {
    post: (message) => child.postMessage(message),
    onMessage: (listener) => child.on('message', listener),
    onExit: (listener) => child.on('exit', (code) => listener(`the engine process ended with code ${code}`)),
    end: async () => void (exited || child.kill()),
  };
}

function forkedLink(file: string): EngineLink {
  // Electron runs the fork as plain Node (ELECTRON_RUN_AS_NODE); its output joins main's.
  const child = fork(file, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    post: (message) => {
      if (child.connected) child.send(message as object);
    },
    onMessage: (listener) => child.on('message', listener),
    onExit: (listener) =>
      child.once('exit', (code, signal) =>
        listener(`the engine process ended with ${signal ?? `code ${code}`}`),
      ),
    end: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await exited;
    },
  };
}
