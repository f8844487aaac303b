import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Prefix of the temporary files atomic writes leave behind only when the process dies mid-write. */
export const atomicTempPrefix = '.protodesk-tmp-';

/** The exact name of Protodesk's temporary files and folders: `.protodesk-tmp-<pid>-<12 hex digits>`. */
export const temporaryNamePattern = /^\.protodesk-tmp-\d+-[0-9a-f]{12}$/;

/** A fresh temporary name matching `temporaryNamePattern`. */
export function temporaryName(): string {
  return `${atomicTempPrefix}${process.pid}-${randomBytes(6).toString('hex')}`;
}

/**
 * Replaces a file so that readers (and a crash at any moment) see either the old or the new content, never a mix:
 * writes a temporary file in the same folder, flushes it to disk, renames it over the target, then flushes the folder
 * so the rename itself survives a power cut. `mode` applies to the new file (0o600 for secrets).
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array, mode = 0o644): Promise<void> {
  const folder = dirname(path);
  const temp = join(folder, temporaryName());
  try {
    const file = await open(temp, 'wx', mode);
    try {
      await file.writeFile(data);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncFolder(folder);
}

/** Flushes a folder's entries; some platforms (Windows) cannot open folders, where rename is already durable enough. */
async function syncFolder(folder: string): Promise<void> {
  let handle;
  try {
    handle = await open(folder, 'r');
    await handle.sync();
  } catch {
    // Not supported here: nothing more can be done.
  } finally {
    await handle?.close();
  }
}
