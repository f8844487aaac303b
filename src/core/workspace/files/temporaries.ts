/**
 * Cleaning up after a Protodesk killed mid-write: only what is recognisably its own is removed.
 *
 * The rule: an entry is ours when its name matches `temporaryNamePattern` exactly (`.protodesk-tmp-<pid>-<12 hex>`)
 * AND it is a regular file whose first bytes are the start every encoded workspace file has (`{\n  "format": `; an
 * empty or shorter file must be a prefix of it, since a kill can land before or during the first write), or a folder
 * (an import's staging folder) holding nothing but such files and folders. Anything else (a person's file named
 * `.protodesk-tmp-notes`, a link, a folder with one foreign file inside) is never touched, and folders are emptied
 * entry by entry, never removed recursively by name. A marker inside the file itself would change the bytes the
 * rename puts in place, so the canonical start of the encoding is the marker.
 */
import { lstat, open, rmdir, unlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { temporaryNamePattern } from '../atomic-write';
import { encodedFilePrefix } from '../file-format';
import { entries, workspaceFolders } from './scan';

/** Removes our temporary files and staging folders older than `minAgeMs` (younger ones may be being written now). */
export async function removeStaleTemporaries(
  folder: string,
  minAgeMs: number,
  now = Date.now(),
): Promise<void> {
  const visit = async (path: string, isRoot: boolean): Promise<void> => {
    for (const entry of await entries(path)) {
      const child = join(path, entry.name);
      if (temporaryNamePattern.test(entry.name)) {
        const info = await lstat(child).catch(() => undefined);
        if (info && now - info.mtimeMs >= minAgeMs) await removeTemporary(child);
      } else if (
        entry.isDirectory() &&
        !entry.name.startsWith('.') &&
        (!isRoot || isWorkspaceFolder(entry.name))
      ) {
        await visit(child, false);
      }
    }
  };
  await visit(folder, true);
}

/** Removes a temporary file or folder of ours (see the rule above); leaves it, whole, when it is not recognisably ours. */
export async function removeTemporary(path: string): Promise<void> {
  if (temporaryNamePattern.test(basename(path)) && (await isOurs(path))) await removeOurs(path);
}

function isWorkspaceFolder(name: string): boolean {
  return (workspaceFolders as readonly string[]).includes(name);
}

async function isOurs(path: string): Promise<boolean> {
  const info = await lstat(path).catch(() => undefined);
  if (info?.isFile()) return startsLikeOurs(path);
  if (!info?.isDirectory()) return false;
  for (const entry of await entries(path)) {
    // Inside a staging folder: request files and their folders, and atomic writes' own temporaries.
    if (!(await isOurs(join(path, entry.name)))) return false;
  }
  return true;
}

async function removeOurs(path: string): Promise<void> {
  const info = await lstat(path).catch(() => undefined);
  if (info?.isDirectory()) {
    for (const entry of await entries(path)) await removeOurs(join(path, entry.name));
    await rmdir(path).catch(() => undefined);
  } else if (info?.isFile()) {
    await unlink(path).catch(() => undefined);
  }
}

async function startsLikeOurs(path: string): Promise<boolean> {
  const marker = Buffer.from(encodedFilePrefix);
  const head = Buffer.alloc(marker.length);
  const file = await open(path, 'r').catch(() => undefined);
  if (!file) return false;
  try {
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return marker.subarray(0, bytesRead).equals(head.subarray(0, bytesRead));
  } finally {
    await file.close();
  }
}
