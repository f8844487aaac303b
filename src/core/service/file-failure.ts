import { ApiError } from '../../shared/api/errors';
import { dirname } from 'node:path';
import { isFsError } from './failure';

/** What the service was doing with a path when the file system refused. */
export type FileAction = 'list' | 'read' | 'write';

/** The error to throw for a failed list, read or write of `path`: a file-system error phrased for the page, anything else as is. */
export function fileFailure(error: unknown, path: string, action: FileAction): unknown {
  if (!isFsError(error)) return error;
  if (action === 'read') return readFailure(error, path);
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

function readFailure(error: NodeJS.ErrnoException, path: string): ApiError {
  const fail = (message: string, hint: string) => new ApiError({ kind: 'file', message, hint });
  switch (error.code) {
    case 'ENOENT':
      return fail(`The file ${path} does not exist.`, 'Check the path, or pick a file that exists.');
    case 'EISDIR':
      return fail(`${path} is a folder, not a file.`, 'Pick a file inside it.');
    case 'EACCES':
    case 'EPERM':
      return fail(`No permission to read the file ${path}.`, 'Pick a file you can read.');
    default:
      return fail(`Cannot read the file ${path}: ${error.message}`, 'Try another file.');
  }
}
