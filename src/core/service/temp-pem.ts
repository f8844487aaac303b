import { writeFile } from 'node:fs/promises';
import type { PemWriter } from '../workspace/tls-profile-settings';
import type { TempArea } from './temp-area';

/** The files written from embedded PEM text in this process: they vanish with their area, so nothing may point at them. */
const pemCopies = new Set<string>();

/** Writes embedded PEM text to private files in a temporary area (removed with it). */
export const tempPemWriter =
  (temp: TempArea): PemWriter =>
  async (pem, name) => {
    const file = temp.path(`${name}.pem`);
    await writeFile(file, pem, { mode: 0o600 });
    pemCopies.add(file);
    return file;
  };

/** Whether `path` is a temporary copy of a TLS profile's embedded PEM text (not a file the user named). */
export const isEmbeddedPemCopy = (path: string): boolean => pemCopies.has(path);
