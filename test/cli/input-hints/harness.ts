import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile, lstat } from 'node:fs/promises';
import { join } from 'node:path';

const bin = new URL('../../../bin/protodesk.js', import.meta.url).pathname;

/** How a `protodesk` process ended. */
export interface Ended {
  code: number | null;
  out: string;
  err: string;
}

/** Options of one run of the real executable. */
export interface RunOptions {
  /** Run as an unprivileged user, so file modes apply (root ignores them). */
  unprivileged?: boolean;
  /** Flags for node itself, e.g. a heap limit. */
  nodeFlags?: string[];
  cwd?: string;
}

/** The uid/gid of `nobody` when the tests run as root; the current user otherwise. */
function unprivilegedIds(): { uid: number; gid: number } | Record<string, never> {
  return process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
}

/** Runs the built `protodesk` with no stdin to its end. */
export function protodesk(args: string[], options: RunOptions = {}): Promise<Ended> {
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), bin, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.cwd ? { cwd: options.cwd } : {}),
    ...(options.unprivileged ? unprivilegedIds() : {}),
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, out, err }));
  });
}

/** Every entry below `dir` with its type, mode and content hash: equal snapshots mean nothing on disk changed. */
export async function snapshot(dir: string): Promise<Record<string, string>> {
  const entries: Record<string, string> = {};
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      const stats = await lstat(path);
      const content = entry.isFile()
        ? createHash('sha256')
            .update(await readFile(path))
            .digest('hex')
        : '';
      entries[path] = `${stats.mode.toString(8)} ${stats.size} ${content}`;
      if (entry.isDirectory()) await walk(path);
    }
  };
  await walk(dir);
  return entries;
}
