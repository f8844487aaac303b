/** The page's file access on the engine's machine: its own path dialog and "save as". */
import { readdir, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { DirectoryEntry, DirectoryListing } from '../../shared/api/types';
import { compareNames } from '../../shared/natural-order';
import { fileFailure } from './file-failure';

/** Lists a folder (the home folder when absent): folders first, then files, each by name with dotfiles last. */
export async function listDirectory(path?: string): Promise<DirectoryListing> {
  const folder = resolve(path ?? homedir());
  let entries: DirectoryEntry[];
  try {
    const dirents = await readdir(folder, { withFileTypes: true });
    entries = await Promise.all(
      dirents.map(async (d): Promise<DirectoryEntry> => ({
        name: d.name,
        kind:
          d.isDirectory() || (d.isSymbolicLink() && (await isFolder(join(folder, d.name))))
            ? 'directory'
            : 'file',
      })),
    );
  } catch (error) {
    throw fileFailure(error, folder, 'list');
  }
  const parent = dirname(folder);
  return { path: folder, ...(parent === folder ? {} : { parent }), entries: entries.sort(byListingOrder) };
}

/** Writes text to a file, replacing it; creates no folders. */
export async function writeTextFile(path: string, text: string): Promise<void> {
  const file = resolve(path);
  try {
    await writeFile(file, text);
  } catch (error) {
    throw fileFailure(error, file, 'write');
  }
}

/** Whether a symbolic link leads to a folder (a broken link counts as a file). */
async function isFolder(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

function byListingOrder(a: DirectoryEntry, b: DirectoryEntry): number {
  if (a.kind !== b.kind) return a.kind === 'directory' ? -1 : 1;
  const dotA = a.name.startsWith('.');
  if (dotA !== b.name.startsWith('.')) return dotA ? 1 : -1;
  return compareNames(a.name, b.name);
}
