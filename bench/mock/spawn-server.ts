import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { PeerProcess } from '../calls/peers';

/** Spawns a Node server process that prints a line naming its port; stdin open as its lifeline. */
export async function spawnServer(
  label: string,
  args: string[],
  portOf: (line: string) => number | undefined,
): Promise<PeerProcess> {
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${label} exited with ${code} before listening`)));
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const found = portOf(line);
      if (found !== undefined) resolve(found);
    });
  });
  const stop = (): Promise<void> =>
    child.exitCode !== null
      ? Promise.resolve()
      : new Promise((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          child.stdin.end();
        });
  return { label, address: `127.0.0.1:${port}`, stop };
}
