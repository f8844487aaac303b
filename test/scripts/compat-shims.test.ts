// The Electron 9 shims of src/compat are in the Electron 9 test build only: the shipped bundles (dist/, built by the
// test run's global setup for `npm start`, `npm run package` and browser mode) contain none of them.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const dist = join(import.meta.dirname, '../../dist');

/** Text each shim's code carries, so a shim is found even where a bundle's source map would not name it. */
const shimMarks = {
  'legacy-builtins': 'replaceAll must be called with a global RegExp',
  'node12/fs-rm': 'Path is a directory: rm ',
  'node12/der': 'indefinite DER length',
  'page/legacy-dom': '"replaceChildren"in',
  'electron9/new-window': 'new-window',
};

/** The JavaScript files of the app's bundles under `dist` (main, engine, workers, preload, page and its chunks). */
async function bundles(dist: string): Promise<string[]> {
  const files = await readdir(dist, { recursive: true });
  return files
    .filter((file) => /^(main|preload|renderer)\//.test(file) && /\.c?js$/.test(file))
    .map((file) => join(dist, file));
}

/** What of src/compat a bundle holds: the shim files its source map names, and the shims whose text it contains. */
async function compatIn(bundle: string): Promise<{ sources: string[]; marks: string[] }> {
  const [code, map] = await Promise.all([readFile(bundle, 'utf8'), readFile(`${bundle}.map`, 'utf8')]);
  const sources = (JSON.parse(map) as { sources: string[] }).sources
    .map((source) => /src\/compat\/(.+)\.ts$/.exec(source)?.[1])
    .filter((shim) => shim !== undefined);
  const marks = Object.entries(shimMarks)
    .filter(([, mark]) => code.includes(mark))
    .map(([shim]) => shim);
  return { sources, marks };
}

/** Every bundle under `dist` with the shims it holds. */
async function compatByBundle(dist: string): Promise<Record<string, { sources: string[]; marks: string[] }>> {
  const found: Record<string, { sources: string[]; marks: string[] }> = {};
  for (const bundle of await bundles(dist)) found[relative(dist, bundle)] = await compatIn(bundle);
  return found;
}

describe('the shipped build (dist/)', () => {
  it('has every bundle of the app, and none holds any shim of src/compat', async () => {
    const found = await compatByBundle(dist);
    for (const bundle of ['main/index.cjs', 'main/engine.cjs', 'preload/index.cjs', 'renderer/app.js']) {
      expect(Object.keys(found)).toContain(bundle);
    }
    expect(Object.keys(found).some((bundle) => bundle.startsWith('renderer/chunks/'))).toBe(true);
    for (const [bundle, compat] of Object.entries(found))
      expect(compat, bundle).toEqual({ sources: [], marks: [] });
  });
});

describe('the Electron 9 test build', () => {
  const folder = join(mkdtempSync(join(tmpdir(), 'protodesk-compat-shims-')), 'app');
  let found: Record<string, { sources: string[]; marks: string[] }>;

  beforeAll(async () => {
    await promisify(execFile)(process.execPath, ['scripts/build.mjs', '--electron9', folder]);
    found = await compatByBundle(join(folder, 'dist'));
  });

  const node12 = [
    'legacy-builtins',
    'node12/der',
    'node12/fs-rm',
    'node12/install',
    'node12/x509-certificate',
    'node12/x509-names',
  ];

  it("gives main the Node 12 shims and setWindowOpenHandler over 'new-window'", () => {
    expect(found['main/index.cjs']?.sources.sort()).toEqual([...node12, 'electron9/new-window'].sort());
    expect(found['main/index.cjs']?.marks.sort()).toEqual(
      ['legacy-builtins', 'node12/fs-rm', 'node12/der', 'electron9/new-window'].sort(),
    );
  });

  it('gives the engine host and its workers the Node 12 shims, without electron', () => {
    for (const bundle of ['main/engine.cjs', 'main/compile-worker.cjs', 'main/load-worker.cjs']) {
      expect(found[bundle]?.sources.sort(), bundle).toEqual(node12);
      expect(found[bundle]?.marks, bundle).not.toContain('electron9/new-window');
    }
  });

  it('gives the page and its workers the built-ins and DOM methods of Chromium 83, once, before any chunk', () => {
    const page = ['legacy-builtins', 'page/install', 'page/legacy-dom'];
    const withPageShims = Object.entries(found)
      .filter(([bundle, compat]) => bundle.startsWith('renderer/chunks/') && compat.sources.length > 0)
      .map(([, compat]) => compat.sources.sort());
    expect(withPageShims).toEqual([page]);
    for (const worker of ['editor.worker.js', 'json.worker.js', 'json-format.worker.js']) {
      expect(found[`renderer/workers/${worker}`]?.sources.sort(), worker).toEqual(page);
    }
  });

  it('leaves the sandboxed preload without shims', () => {
    expect(found['preload/index.cjs']).toEqual({ sources: [], marks: [] });
  });
});
