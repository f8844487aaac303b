// `npm run package -- <electron-builder arguments>`: installers for the Electron in package.json.
//   npm run package -- --linux AppImage deb     npm run package -- --mac     npm run package -- --win
// Builds the self-contained app folder build/app (package.json + dist/main, dist/preload, dist/renderer; the bundles
// carry their npm packages), then runs electron-builder with electron-builder.yml. electron-builder downloads Electron
// and its packaging tools from GitHub: this needs internet (see README "Building installers").
import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { buildAppFolder } from './build/electron.mjs';
import { productionTarget } from './build/targets.mjs';

const packageJson = new URL('../package.json', import.meta.url);
const pkg = JSON.parse(await readFile(packageJson, 'utf8'));
const appFolder = 'build/app';

await rm(appFolder, { recursive: true, force: true });
await buildAppFolder(appFolder, productionTarget(packageJson), pkg);

const cli = createRequire(import.meta.url).resolve('electron-builder/cli.js');
const child = spawn(process.execPath, [cli, ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
