// `npm start`: runs the desktop app from dist/ (the npm script builds it first). The `electron` npm package gives the
// binary's path (fetching the binary on first use; ELECTRON_OVERRIDE_DIST_PATH points it at another Electron).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

let electron;
try {
  electron = require('electron');
} catch {
  // The electron package has printed its own download error above.
  console.error(
    '\nProtodesk: Electron could not be downloaded (its binary is fetched from GitHub on first start).',
  );
  console.error('Run the same app in your browser instead: npx protodesk serve');
  process.exit(1);
}

// Chromium's sandbox refuses to start as root; outside root the sandbox stays on.
const args = process.getuid?.() === 0 ? ['.', '--no-sandbox'] : ['.'];
const child = spawn(electron, [...args, ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('error', (error) => {
  console.error(`Protodesk: could not start Electron at ${electron}: ${error.message}`);
  console.error('Run the same app in your browser instead: npx protodesk serve');
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
