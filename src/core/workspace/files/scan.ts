/** Lists what is on disk in a workspace: its own files, the corrupt copies beside them, and leftover temporary files. */
import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { removePath } from '../../compat/remove-path';
import { atomicTempPrefix } from '../atomic-write';
import { collectionsFolder, environmentsFolder, manifestFile, tlsFolder } from './locations';

/**
 * Workspace-relative paths (with `/`) of the manifest and every file under collections/, environments/ and tls/,
 * hidden ones included, in code-unit order. Hidden folders are not entered (`.git`), except that a leftover temporary
 * folder is listed itself.
 */
export async function listWorkspaceFiles(folder: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await entries(folder)) {
    if (entry.isFile() && (entry.name.startsWith(manifestFile) || entry.name.startsWith(atomicTempPrefix))) found.push(entry.name);
  }
  for (const top of [collectionsFolder, environmentsFolder, tlsFolder]) await walk(folder, top, found);
  return found.sort();
}

/** Removes temporary files and folders older than `minAgeMs` that a process killed mid-write left behind. */
export async function removeStaleTemporaries(folder: string, minAgeMs: number, now = Date.now()): Promise<void> {
  for (const path of await listWorkspaceFiles(folder)) {
    if (!(path.split('/').pop() ?? '').startsWith(atomicTempPrefix)) continue;
    const absolute = join(folder, ...path.split('/'));
    // A younger one may belong to another Protodesk saving into this workspace right now.
    const info = await stat(absolute).catch(() => undefined);
    if (info && now - info.mtimeMs >= minAgeMs) await removePath(absolute, { recursive: true });
  }
}

async function walk(root: string, path: string, found: string[]): Promise<void> {
  for (const entry of await entries(join(root, ...path.split('/')))) {
    const child = `${path}/${entry.name}`;
    if (entry.isDirectory() && entry.name.startsWith(atomicTempPrefix)) found.push(child);
    else if (entry.isDirectory() && !entry.name.startsWith('.')) await walk(root, child, found);
    else if (entry.isFile()) found.push(child);
  }
}

/** A folder's entries; none when it does not exist (a workspace without environments yet). */
async function entries(folder: string): Promise<Dirent[]> {
  return readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [];
    throw error;
  });
}
