// `npm run screenshots`: refreshes the README's screenshots (docs/screenshots/*.png). Runs the tests that take them
// (they write to the ignored test-results/screenshots/, so `npm test` never touches tracked files), then copies each
// one over its docs/ copy. Needs what npm test needs (the e2e ones drive Chromium, electron-window.png Electron 9).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const docs = join(root, 'docs', 'screenshots');
const taken = join(root, 'test-results', 'screenshots');

/** Every test file below `dir`. */
const testFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));

const names = readdirSync(docs).filter((name) => name.endsWith('.png'));
const tests = testFiles(join(root, 'test'));
/** The test file that takes each screenshot: the one that names it (`screenshotPath('stream.png')`). */
const takers = new Map(
  names.map((name) => [name, tests.find((file) => readFileSync(file, 'utf8').includes(`'${name}'`))]),
);
const orphans = names.filter((name) => !takers.get(name));
if (orphans.length > 0) {
  console.error(`No test takes ${orphans.join(', ')}: remove it from docs/screenshots or name it in a test.`);
  process.exit(1);
}

const files = [...new Set(takers.values())].map((file) => relative(root, file));
console.log(`screenshots: running ${files.join(', ')}`);
const vitest = spawnSync('npx', ['vitest', 'run', ...files], { cwd: root, stdio: 'inherit' });
if (vitest.status !== 0) {
  console.error('screenshots: the tests failed, so docs/screenshots is left as it was.');
  process.exit(1);
}

for (const name of names) {
  const from = join(taken, name);
  if (!existsSync(from)) {
    console.error(`screenshots: ${takers.get(name)} passed but did not write ${from}.`);
    process.exit(1);
  }
  copyFileSync(from, join(docs, name));
  console.log(`screenshots: docs/screenshots/${name} refreshed`);
}
