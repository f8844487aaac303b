import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { operationNames } from '../../src/shared/api/operation-names';

// dist/ is built by the test run's global setup (test/global-setup.ts runs scripts/build.mjs).
const dist = join(import.meta.dirname, '../../dist');
const read = (path: string) => readFile(join(dist, path), 'utf8');

/** Every module a CommonJS bundle requires. */
const requiredModules = (code: string) =>
  [...code.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] ?? '');

describe('scripts/build.mjs', () => {
  it('builds the page: index.html without inline scripts, app.js with lazy chunks, app.css', async () => {
    const html = await read('renderer/index.html');
    // The CSP comes as a header from both transports; the page itself carries no inline script the CSP would refuse.
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(html).toContain('<script type="module" src="app.js"></script>');
    expect(html).toContain('<link rel="stylesheet" href="app.css" />');
    expect(html).not.toMatch(/<script>|<style>|\sstyle=/);
    expect(html).toContain('href="icon.svg"');
    expect(existsSync(join(dist, 'renderer/icon.svg'))).toBe(true);
    const app = await read('renderer/app.js');
    expect(app.length).toBeGreaterThan(1000);
    expect(existsSync(join(dist, 'renderer/app.css'))).toBe(true);
  });

  it('builds the web workers as classic scripts (no import or export statements)', async () => {
    for (const worker of ['editor.worker.js', 'json.worker.js', 'json-format.worker.js']) {
      const code = await read(`renderer/workers/${worker}`);
      expect(code.length, worker).toBeGreaterThan(100);
      expect(code, worker).not.toMatch(/^\s*(import|export)\b/m);
    }
  });

  it('bundles the Electron main process whole (no node_modules at run time), without the engine', async () => {
    const main = await read('main/index.cjs');
    const modules = new Set(requiredModules(main));
    expect(modules).toContain('electron');
    expect([...modules].filter((name) => name !== 'electron' && !isNodeBuiltin(name))).toEqual([]);
    expect(main).not.toContain('node_modules/@grpc/grpc-js/');
  });

  it('bundles the engine host beside main: whole, plain Node (no electron), the bundled protos beside it', async () => {
    const engine = await read('main/engine.cjs');
    expect([...new Set(requiredModules(engine))].filter((name) => !isNodeBuiltin(name))).toEqual([]);
    expect(engine).toContain('node_modules/@grpc/grpc-js/');
    expect(existsSync(join(dist, 'main/protos/google/protobuf/descriptor.proto'))).toBe(true);
  });

  it('bundles the sandboxed preload whole: it requires nothing but electron', async () => {
    const preload = await read('preload/index.cjs');
    expect(new Set(requiredModules(preload))).toEqual(new Set(['electron']));
    expect(preload).toContain('exposeInMainWorld');
  });

  it("gives the preload the contract's operation names without the contract's schemas (no zod)", async () => {
    const preload = await read('preload/index.cjs');
    for (const name of operationNames) expect(preload).toContain(`"${name}"`);
    expect(preload).not.toMatch(/zod/i);
    // zod alone is ~450 KB; the preload is a few KB of its own code.
    expect(preload.length).toBeLessThan(20_000);
  });
});

/** Whether a module name is one of Node's own (`fs`, `node:fs`, `fs/promises`). */
const isNodeBuiltin = (name: string): boolean => builtinModules.includes(name.replace(/^node:/, ''));

describe("scripts/build.mjs --electron9, the smoke tests' build", () => {
  const folder = join(mkdtempSync(join(tmpdir(), 'protodesk-build-electron9-')), 'app');
  const read9 = (path: string) => readFile(join(folder, path), 'utf8');

  beforeAll(async () => {
    await promisify(execFile)(process.execPath, ['scripts/build.mjs', '--electron9', folder]);
  });

  it('makes a self-contained app folder: package.json naming the main bundle, no dependencies', async () => {
    const manifest = JSON.parse(await read9('package.json')) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: 'protodesk',
      productName: 'Protodesk',
      main: 'dist/main/index.cjs',
    });
    expect(manifest).not.toHaveProperty('dependencies');
    expect((await readdir(join(folder, 'dist'))).sort()).toEqual(['main', 'preload', 'renderer']);
  });

  it('main, the engine host and preload need only what Node 12 has: no node: specifiers, no promise modules', async () => {
    for (const bundle of ['dist/main/index.cjs', 'dist/main/engine.cjs', 'dist/preload/index.cjs']) {
      const modules = requiredModules(await read9(bundle));
      expect(
        modules.filter((name) => name.startsWith('node:') || name.endsWith('/promises')),
        bundle,
      ).toEqual([]);
      expect(
        modules.filter((name) => name !== 'electron' && !isNodeBuiltin(name)),
        bundle,
      ).toEqual([]);
    }
    // Which bundles get the Node 12 built-ins (WeakRef, Array.prototype.at, performance…): compat-shims.test.ts.
    expect(new Set(requiredModules(await read9('dist/preload/index.cjs')))).toEqual(new Set(['electron']));
  });

  it('lowers the page to Chromium 83: no `??=` anywhere', async () => {
    const files = [
      'dist/renderer/app.js',
      ...(await readdir(join(folder, 'dist/renderer/chunks')))
        .filter((file) => file.endsWith('.js'))
        .map((file) => `dist/renderer/chunks/${file}`),
    ];
    for (const file of files) expect(await read9(file), file).not.toContain('??=');
  });
});
