import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { buildElectron9App, packageElectron9App } from './helpers/builds';
import { smokeSuite } from './smoke-suite';

interface AsarEntry {
  files?: Record<string, AsarEntry>;
}

/** Every file in an asar archive: its header is a JSON tree after 16 bytes of sizes (the 4th is the JSON's length). */
async function asarFiles(archive: string): Promise<string[]> {
  const bytes = await readFile(archive);
  const header = JSON.parse(bytes.toString('utf8', 16, 16 + bytes.readUInt32LE(12))) as AsarEntry;
  const walk = (entry: AsarEntry, prefix: string): string[] =>
    Object.entries(entry.files ?? {}).flatMap(([name, child]) =>
      child.files ? walk(child, `${prefix}${name}/`) : [`${prefix}${name}`],
    );
  return walk(header, '');
}

// The same app packaged by electron-builder (`--linux dir`, asar) around Electron 9.4.1: the page loads from inside
// app.asar, with its relative asset paths and Monaco's workers.
smokeSuite('the desktop app, packaged by electron-builder, in Electron 9.4.1', {
  prepare: async () => {
    const root = mkdtempSync(join(tmpdir(), 'protodesk-package-'));
    await buildElectron9App(join(root, 'app'));
    return { executable: await packageElectron9App(join(root, 'app'), join(root, 'release')), args: [] };
  },
  extra: (session) => {
    test('the app runs from app.asar, which holds only the built output', async () => {
      const where = await session().app.evaluate(({ app }) => app.getAppPath());
      expect(where).toMatch(/[/\\]resources[/\\]app\.asar$/);
      const files = await asarFiles(where);
      expect(files.filter((file) => !file.startsWith('dist/'))).toEqual(['package.json']);
      expect(new Set(files.map((file) => file.split('/')[1]).filter(Boolean))).toEqual(
        new Set(['main', 'preload', 'renderer']),
      );
      expect(files).toContain('dist/renderer/workers/json.worker.js');
      expect(files).toContain('dist/main/engine.cjs'); // the engine runs beside main, in its own process
      expect(files.filter((file) => file.endsWith('.map') || file.includes('node_modules'))).toEqual([]);
    });
  },
});
