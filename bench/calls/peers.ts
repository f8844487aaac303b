import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { goReflectBinary, startGoReflect, type GoReflectFlags } from '../../test/peers/go-reflect/server';

/** A server process the benchmark started, and how to reach it. */
export interface PeerProcess {
  /** What it is, for the printed report. */
  label: string;
  address: string;
  stop: () => Promise<void>;
}

/**
 * Spawns the vectors peer (test/peers/vectors/main.ts, bundled beside this benchmark as vectors-peer.js) in its own
 * process. Its stdin stays open as a lifeline: if the benchmark dies, the peer exits.
 */
export async function spawnVectorsPeer(): Promise<PeerProcess> {
  const entry = fileURLToPath(new URL('./vectors-peer.js', import.meta.url));
  const child = spawn(process.execPath, [entry], { stdio: ['pipe', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the vectors peer exited with ${code} before listening`)));
    createInterface({ input: child.stdout }).once('line', (line) => resolve(Number(line)));
  });
  const stop = (): Promise<void> =>
    child.exitCode !== null
      ? Promise.resolve()
      : new Promise((resolve) => child.once('exit', () => resolve()).stdin.end());
  return { label: 'grpc-js vectors peer', address: `127.0.0.1:${port}`, stop };
}

/** The grpc-go interop peer when it has been built (.ci/install-peers.sh), else none; without reflection unless asked. */
export async function startGoPeer(
  reflection: GoReflectFlags['reflection'] = 'none',
): Promise<PeerProcess | undefined> {
  if (!existsSync(goReflectBinary)) return undefined;
  const peer = await startGoReflect({ reflection });
  return { label: 'grpc-go interop peer', address: `127.0.0.1:${peer.port}`, stop: peer.stop };
}
