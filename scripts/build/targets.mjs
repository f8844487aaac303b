// Which JavaScript each bundle may use. The production build targets the Electron in package.json; the Electron 9
// build exists only so the shell can be smoke-tested here (9.4.1 is the one Electron these machines can run).
import { readFileSync } from 'node:fs';

/** Node and Chromium inside each Electron major we know of (the oldest that ships them, so newer ones qualify too). */
const runtimes = [
  { electron: 38, node: 'node22', chrome: 'chrome140' },
  { electron: 9, node: 'node12', chrome: 'chrome83' },
];

/** The test-only Electron: end-of-life, never shipped to users. */
export const electron9 = { version: '9.4.1', node: 'node12', chrome: 'chrome83', legacy: true };

/** The targets for the Electron that package.json depends on (e.g. "^45.4.1" → Node 22, Chromium 140 or later). */
export function productionTarget(packageJsonUrl) {
  const pkg = JSON.parse(readFileSync(packageJsonUrl, 'utf8'));
  const range = pkg.devDependencies?.electron ?? '';
  const major = Number(/\d+/.exec(range)?.[0]);
  const runtime = runtimes.find((entry) => major >= entry.electron);
  if (!runtime)
    throw new Error(`scripts/build: no build targets known for electron ${range}; add it to targets.mjs`);
  return { version: range, node: runtime.node, chrome: runtime.chrome, legacy: false };
}
