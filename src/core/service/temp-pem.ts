import { writeFile } from 'node:fs/promises';
import type { PemWriter } from '../workspace/tls-profile-settings';
import type { TempArea } from './temp-area';

/** Writes embedded PEM text to private files in a temporary area (removed with it). */
export const tempPemWriter =
  (temp: TempArea): PemWriter =>
  async (pem, name) => {
    const file = temp.path(`${name}.pem`);
    await writeFile(file, pem, { mode: 0o600 });
    return file;
  };
