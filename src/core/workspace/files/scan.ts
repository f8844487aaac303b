/** Lists a workspace's own files on disk: the manifest and everything under collections/, environments/ and tls/. */
import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { collectionsFolder, environmentsFolder, manifestFile, tlsFolder } from './locations';

/** The folders of a workspace that hold its files. */
export const workspaceFolders = [collectionsFolder, environmentsFolder, tlsFolder] as const;

/**
 * Workspace-relative paths (with `/`) of the manifest (when there is one) and every file under collections/,
 * environments/ and tls/, in code-unit order. Hidden files and folders (`.git`, temporary files) are skipped.
 */
export async function listWorkspaceFiles(folder: string): Promise<string[]> {
  const found: string[] = [];
  if ((await entries(folder)).some((entry) => entry.isFile() && entry.name === manifestFile))
    found.push(manifestFile);
  for (const top of workspaceFolders) await walk(folder, top, found);
  return found.sort();
}

async function walk(root: string, path: string, found: string[]): Promise<void> {
  for (const entry of await entries(join(root, ...path.split('/')))) {
    const child = `${path}/${entry.name}`;
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) await walk(root, child, found);
    else if (entry.isFile()) found.push(child);
  }
}

/** A folder's entries; none when it does not exist (a workspace without environments yet). */
export async function entries(folder: string): Promise<Dirent[]> {
  return readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [];
    throw error;
  });
}
