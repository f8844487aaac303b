/** Reading a file the user chose into a bytes field of a request. */
import { open } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { ApiError } from '../../shared/api/errors';
import { maxBytesFileSize, type FileAsBase64 } from '../../shared/api/types';
import { fileFailure } from './file-failure';

const mib = 1024 * 1024;

/** The file at `path` as base64, with its name and size; refused when it is larger than `maxBytesFileSize`. */
export async function readFileBase64(path: string): Promise<FileAsBase64> {
  const file = resolve(path);
  try {
    // One open file for the size check and the read, so a file that grows in between is still caught.
    const handle = await open(file, 'r');
    try {
      const { size } = await handle.stat();
      if (size > maxBytesFileSize) throw tooLarge(file, size);
      const bytes = await handle.readFile();
      if (bytes.length > maxBytesFileSize) throw tooLarge(file, bytes.length);
      return { name: basename(file), size: bytes.length, base64: bytes.toString('base64') };
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw fileFailure(error, file, 'read');
  }
}

function tooLarge(file: string, size: number): ApiError {
  return new ApiError({
    kind: 'file',
    message: `${basename(file)} is ${(size / mib).toFixed(1)} MiB: Protodesk inserts files of up to ${maxBytesFileSize / mib} MiB as base64, so the request editor stays responsive.`,
    hint: 'Choose a smaller file, or send this one with grpcurl or a script (-d @request.json).',
    path: file,
  });
}
