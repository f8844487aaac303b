import { promises as fs } from 'node:fs';

/**
 * `fs.rm(path, { force: true, recursive })`: removes a file (or, with `recursive`, a folder and everything in it); a path
 * that does not exist is not an error. fs.rm arrived in Node 14.14; Node 12 (Electron 9's main process) gets
 * `removeWithoutRm`.
 */
export async function removePath(path: string, options: { recursive?: boolean } = {}): Promise<void> {
  // Looked up on the namespace at call time: a feature check, not a version check.
  if (typeof fs.rm !== 'function') return removeWithoutRm(path, options);
  return fs.rm(path, { force: true, recursive: options.recursive === true });
}

/** The same with unlink, or rmdir's recursive mode (Node 12.10+, what fs.rm grew out of); exported to be tested everywhere. */
export async function removeWithoutRm(path: string, options: { recursive?: boolean } = {}): Promise<void> {
  const info = await fs.lstat(path).catch(unlessMissing);
  if (info === undefined) return;
  if (info.isDirectory() && options.recursive) await fs.rmdir(path, { recursive: true });
  else await fs.unlink(path).catch(unlessMissing);
}

/** Swallows "no such file" (someone else removed it first), rethrows anything else. */
function unlessMissing(error: NodeJS.ErrnoException): undefined {
  if (error.code === 'ENOENT') return undefined;
  throw error;
}
