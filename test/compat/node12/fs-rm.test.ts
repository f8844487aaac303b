// fs.promises.rm and its Node 12 stand-in (installed in Electron 9's main process), side by side on real files.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { rmWithoutRm } from '../../../src/compat/node12/fs-rm';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'protodesk-remove-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe.each([
  ['fs.promises.rm', rm],
  ['rmWithoutRm (Node 12)', rmWithoutRm],
])('%s', (_name, remove) => {
  test('removes a file; a missing path is an error only without force', async () => {
    const file = join(dir, 'a.json');
    await writeFile(file, '{}');
    await remove(file);
    expect(existsSync(file)).toBe(false);
    await expect(remove(file)).rejects.toMatchObject({ code: 'ENOENT' });
    await remove(file, { force: true });
    await remove(join(dir, 'never', 'there'), { recursive: true, force: true });
  });

  test('removes a folder tree only when asked to, and never follows a link out of it', async () => {
    const outside = join(dir, 'outside');
    const tree = join(dir, 'tree');
    await mkdir(outside);
    await writeFile(join(outside, 'keep.txt'), 'keep');
    await mkdir(join(tree, 'deep', 'er'), { recursive: true });
    await writeFile(join(tree, 'deep', 'er', 'x.proto'), 'syntax = "proto3";');
    await symlink(outside, join(tree, 'link'));
    await expect(remove(tree, { force: true })).rejects.toThrow();
    expect(existsSync(tree)).toBe(true);
    await remove(tree, { recursive: true, force: true });
    expect(existsSync(tree)).toBe(false);
    expect(existsSync(join(outside, 'keep.txt'))).toBe(true);
  });
});
