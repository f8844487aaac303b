import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';

/** A private X display for Electron's window (these machines have no screen). */
export interface VirtualDisplay {
  /** The DISPLAY value, e.g. ":99". */
  display: string;
  stop: () => Promise<void>;
}

/** Starts Xvfb on a free display number (Xvfb picks it and writes it to file descriptor 3). */
export async function startXvfb(): Promise<VirtualDisplay> {
  const child = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1600x1000x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  const display = await new Promise<string>((resolve, reject) => {
    let errors = '';
    let number = '';
    const timer = setTimeout(() => reject(new Error(`Xvfb did not start in 10 s: ${errors}`)), 10_000);
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', (error) =>
      reject(
        new Error(
          `Xvfb could not start (${error.message}): apt-get install xvfb, or run .ci/install-peers.sh`,
        ),
      ),
    );
    child.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}: ${errors}`)));
    (child.stdio[3] as Readable).on('data', (chunk: Buffer) => {
      number += chunk.toString();
      if (number.includes('\n')) {
        clearTimeout(timer);
        resolve(`:${number.trim()}`);
      }
    });
  });
  return {
    display,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
