import { ApiError } from '../../shared/api/errors';
import { dirname } from 'node:path';
import { isFsError } from './failure';

/** What the service was doing with a path when the file system refused. */
export type FileAction = 'list' | 'write';

/** The error to throw for a failed list or write of `path`: a file-system error phrased for the page, anything else as is. */
export function fileFailure(error: unknown, path: string, action: FileAction): unknown {
  if (!isFsError(error)) return error;
  const what = action === 'list' ? 'the folder' : 'the file';
  const fail = (message: string, hint: string) => new ApiError({ kind: 'file', message, hint });
  switch (error.code) {
    case 'ENOENT':
      return action === 'list'
        ? fail(`The folder ${path} does not exist.`, 'Check the path, or pick a folder that exists.')
        : fail(
            `Cannot write ${path}: the folder ${dirname(path)} does not exist.`,
            'Choose an existing folder, or create it first.',
          );
    case 'ENOTDIR':
      return action === 'list'
        ? fail(`${path} is a file, not a folder.`, 'Pick the folder that contains it.')
        : fail(`Cannot write ${path}: part of its folder path is a file.`, 'Choose an existing folder.');
    case 'EISDIR':
      return fail(`Cannot write ${path}: it is a folder.`, 'Choose a file name inside the folder.');
    case 'EACCES':
    case 'EPERM':
      return fail(
        `No permission to ${action === 'list' ? 'read' : 'write'} ${what} ${path}.`,
        action === 'list' ? 'Pick a folder you can read.' : 'Choose a folder you can write to.',
      );
    case 'ENOSPC':
      return fail(`Cannot write ${path}: the disk is full.`, 'Free some space, or save to another disk.');
    default:
      return fail(`Cannot ${action} ${what} ${path}: ${error.message}`, 'Try another location.');
  }
}
