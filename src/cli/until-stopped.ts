import type { CliIo } from './cli-io';

/** Resolves on Ctrl-C (taken over from the default exit) or SIGTERM, whichever comes first. */
export function untilStopped(io: CliIo): Promise<void> {
  return new Promise((resolve) => {
    const stop = (): void => {
      release?.();
      process.off('SIGTERM', stop);
      resolve();
    };
    const release = io.trapInterrupt?.(stop);
    process.once('SIGTERM', stop);
  });
}
