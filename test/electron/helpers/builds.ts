import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build, Platform } from 'electron-builder';
import { repoRoot } from '../../e2e/helpers/paths';
import { electron9Folder } from './electron9';

const run = promisify(execFile);

/** Builds the self-contained app folder for Electron 9 (`node scripts/build.mjs --electron9 FOLDER`). */
export async function buildElectron9App(folder: string): Promise<void> {
  await run(process.execPath, ['scripts/build.mjs', '--electron9', folder], { cwd: repoRoot });
}

/**
 * Packages an app folder with electron-builder's `--linux dir` and the repository's electron-builder.yml, around the
 * Electron 9.4.1 on disk instead of a download. Fuses are left out: Electron 9 predates them (its binary has no fuse
 * wire for @electron/fuses to flip). Answers the packaged executable.
 */
export async function packageElectron9App(appFolder: string, output: string): Promise<string> {
  await build({
    projectDir: repoRoot,
    targets: Platform.LINUX.createTarget('dir'),
    config: {
      directories: { app: appFolder, output },
      electronDist: electron9Folder(),
      electronVersion: '9.4.1',
      electronFuses: null,
    },
  });
  return join(output, 'linux-unpacked', 'protodesk');
}
