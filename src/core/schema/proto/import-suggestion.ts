/** Where a missing import is on disk near the file that imports it: the folder to add to the import paths. */
import { readdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** How many folders up from the importing file the search goes (a proto tree's root is rarely further). */
const levelsUp = 6;

/**
 * The folder that, added as an import path, makes `name` resolve: the importing file's folder or one of its
 * parents holding `name`, else a sub-folder of one of those (a sibling `third_party/`, `vendor/`, `proto/`).
 * Undefined when none of them does.
 */
export async function suggestImportPath(name: string, importingFile: string): Promise<string | undefined> {
  const ancestors: string[] = [];
  for (let folder = dirname(importingFile); ancestors.length < levelsUp; folder = dirname(folder)) {
    ancestors.push(folder);
    if (dirname(folder) === folder) break;
  }
  for (const folder of ancestors) if (await isFile(join(folder, name))) return folder;
  for (const folder of ancestors) {
    for (const child of await subFolders(folder)) if (await isFile(join(child, name))) return child;
  }
  return undefined;
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false;
}

async function subFolders(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
    .map((entry) => join(folder, entry.name));
}
