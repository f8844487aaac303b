import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { readdir, readFile, lstat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

/** True when users other than the owner may run `file`: it and every folder above it are executable by others. */
function othersMayRun(file: string): boolean {
  for (let path = file; ; path = dirname(path)) {
    if ((statSync(path).mode & 0o001) === 0) return false;
    if (path === dirname(path)) return true;
  }
}

/**
 * A Node executable `nobody` may run: this one, or a hard link to it (a copy across file systems) in the ignored
 * test-results/ folder, as when .ci/run installs Node 22 under root's 0700 home. Made once, reused by later runs.
 */
function unprivilegedNode(): string {
  if (othersMayRun(process.execPath)) return process.execPath;
  const node = fileURLToPath(new URL(`../../../test-results/node/node-${process.version}`, import.meta.url));
  if (!existsSync(node)) {
    mkdirSync(dirname(node), { recursive: true });
    // Linked under a name of its own, then renamed: test files running side by side never see half a copy.
    const partial = `${node}.${process.pid}`;
    try {
      linkSync(process.execPath, partial);
    } catch {
      copyFileSync(process.execPath, partial);
    }
    renameSync(partial, node);
  }
  return node;
}

/** Runs the built `protodesk` with no stdin to its end. */
export function protodesk(args: string[], options: RunOptions = {}): Promise<Ended> {
  const ids = options.unprivileged ? unprivilegedIds() : {};
  const node = 'uid' in ids ? unprivilegedNode() : process.execPath;
  const child = spawn(node, [...(options.nodeFlags ?? []), bin, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.cwd ? { cwd: options.cwd } : {}),
    ...ids,
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
