import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { screenshotPath } from '../e2e/helpers/paths';
import { buildElectron9App } from './helpers/builds';
import { electron9Binary } from './helpers/electron9';
import { smokeSuite } from './smoke-suite';

// The app folder `node scripts/build.mjs --electron9` makes, started as `electron <folder>` in the real Electron 9.4.1.
smokeSuite('the desktop app, unpacked, in Electron 9.4.1', {
  prepare: async () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'protodesk-electron9-')), 'app');
    await buildElectron9App(folder);
    return { executable: electron9Binary(), args: [folder] };
  },
  screenshot: screenshotPath('electron-window.png'),
});
