// Searching the disk for a value that must not be there (a secret): every file under a folder, read whole.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** Every file under a folder (path relative to it), its bytes read as latin1 so any encoding of a value is searched. */
export async function filesUnder(folder: string): Promise<{ path: string; text: string }[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const path = join(entry.parentPath, entry.name);
        return { path: relative(folder, path), text: await readFile(path, 'latin1') };
      }),
  );
}
