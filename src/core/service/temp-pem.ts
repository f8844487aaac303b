import { writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { PemWriter } from '../workspace/tls-profile-settings';
import type { TempArea } from './temp-area';

/** The folders embedded PEM text was written to in this process (one per temporary area, so the set stays small). */
const pemFolders = new Set<string>();

/** Writes embedded PEM text to private files in a temporary area (removed with it). */
export const tempPemWriter =
  (temp: TempArea): PemWriter =>
  async (pem, name) => {
    const file = temp.path(`${name}.pem`);
    await writeFile(file, pem, { mode: 0o600 });
    pemFolders.add(dirname(file));
    return file;
  };

/** Whether `path` is a temporary copy of a TLS profile's embedded PEM text (not a file the user named). */
export const isEmbeddedPemCopy = (path: string): boolean =>
  path.endsWith('.pem') && pemFolders.has(dirname(path));
