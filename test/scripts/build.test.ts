import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

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
    // Built for Chromium 83 (Electron 9): syntax it lacks, such as `??=`, is lowered.
    for (const file of await readdir(join(dist, 'renderer/chunks'))) {
      if (file.endsWith('.js')) expect(await read(`renderer/chunks/${file}`)).not.toContain('??=');
    }
    expect(app).not.toContain('??=');
  });

  it('builds the web workers as classic scripts (no import or export statements)', async () => {
    for (const worker of ['editor.worker.js', 'json.worker.js', 'json-format.worker.js']) {
      const code = await read(`renderer/workers/${worker}`);
      expect(code.length, worker).toBeGreaterThan(100);
      expect(code, worker).not.toMatch(/^\s*(import|export)\b/m);
    }
  });

  it('builds the Electron main bundle for Node 12 with the bundled protos beside it', async () => {
    const main = await read('main/index.cjs');
    const modules = requiredModules(main);
    expect(modules).toContain('electron');
    expect(modules.filter((name) => name.startsWith('node:') || name.endsWith('/promises'))).toEqual([]);
    expect(existsSync(join(dist, 'main/protos/google/protobuf/descriptor.proto'))).toBe(true);
  });

  it('bundles the sandboxed preload whole: it requires nothing but electron', async () => {
    const preload = await read('preload/index.cjs');
    expect(new Set(requiredModules(preload))).toEqual(new Set(['electron']));
    expect(preload).toContain('exposeInMainWorld');
  });
});
