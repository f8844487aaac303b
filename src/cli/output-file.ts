import { constants } from 'node:fs';
import { access, mkdir, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileType } from '../core/service/entry/files';
import { UsageError } from './usage-error';

/** How an output option treats what is already at its path and a missing folder. */
export interface OutputRules {
  /** Create the folder when it is missing (`run --output`, whose help promises it) instead of refusing. */
  createFolder: boolean;
  /** Refuse pipes and devices too: a report replaced atomically (a temporary file renamed) must go to a regular file. */
  regularOnly: boolean;
  /** A file name to suggest inside a folder given by mistake. */
  example: string;
}

/**
 * Checks, before any work starts, that `flag`'s file `given` can be written: not a folder, in a folder that exists
 * and accepts new files. Returns the absolute path; throws UsageError saying what to change.
 */
export async function checkOutputFile(given: string, flag: string, rules: OutputRules): Promise<string> {
  const path = resolve(given);
  const existing = await stat(path).catch(() => undefined);
  if (existing?.isDirectory()) {
    throw new UsageError(
      `${flag} ${given} is a folder: name a file inside it, e.g. ${join(given, rules.example)}.`,
    );
  }
  if (existing && !existing.isFile() && rules.regularOnly) {
    throw new UsageError(`${flag} ${given} is ${fileType(existing)}: name a regular file.`);
  }
  const folder = dirname(path);
  const folderStats = await stat(folder).catch((error: NodeJS.ErrnoException) => error);
  if (folderStats instanceof Error) {
    if (folderStats.code !== 'ENOENT') throw cannotWrite(flag, given, folderStats);
    if (!rules.createFolder) {
      throw new UsageError(
        `${flag} ${given}: the folder ${folder} does not exist. Create it first, or name another.`,
      );
    }
    await mkdir(folder, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
      throw cannotWrite(flag, given, error);
    });
  } else if (!folderStats.isDirectory()) {
    throw new UsageError(`${flag} ${given}: ${folder} is ${fileType(folderStats)}, not a folder.`);
  }
  await access(folder, constants.W_OK).catch((error: NodeJS.ErrnoException) => {
    throw cannotWrite(flag, given, error, `new files cannot be created in ${folder}`);
  });
  if (existing) {
    await access(path, constants.W_OK).catch((error: NodeJS.ErrnoException) => {
      throw cannotWrite(flag, given, error, 'the file is read-only');
    });
  }
  return path;
}

function cannotWrite(flag: string, given: string, error: NodeJS.ErrnoException, what?: string): UsageError {
  const why =
    error.code === 'EACCES' || error.code === 'EPERM'
      ? `permission denied${what ? `: ${what}` : ''}`
      : error.code === 'EROFS'
        ? 'the file system is read-only'
        : error.code === 'ENOTDIR'
          ? 'part of its path is a file, not a folder'
          : error.message;
  return new UsageError(
    `${flag} ${given} cannot be written (${why}). Name a file in a folder you can write to.`,
  );
}
