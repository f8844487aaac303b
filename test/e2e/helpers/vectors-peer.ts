import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from './paths';

/** The vectors peer in its own process, so it never shares the test's event loop with the client it serves. */
export interface VectorsPeerProcess {
  address: string;
  stop: () => Promise<void>;
}

/** Spawns dist/bench/vectors-peer.js (built with dist/); its stdin is a lifeline: it exits when we do. */
export async function spawnVectorsPeer(): Promise<VectorsPeerProcess> {
  const child = spawn(process.execPath, [join(repoRoot, 'dist', 'bench', 'vectors-peer.js')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the vectors peer exited with ${code} before listening`)));
    createInterface({ input: child.stdout }).once('line', (line) => resolve(Number(line)));
  });
  const stop = (): Promise<void> =>
    child.exitCode !== null
      ? Promise.resolve()
      : new Promise((resolve) => child.once('exit', () => resolve()).stdin.end());
  return { address: `127.0.0.1:${port}`, stop };
}
