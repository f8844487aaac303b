// fs.rm and its Node 12 stand-in (used by Electron 9's main process), side by side on real files.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { removePath, removeWithoutRm } from '../../../src/core/compat/remove-path';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'protodesk-remove-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe.each([
  ['removePath (fs.rm here)', removePath],
  ['removeWithoutRm (Node 12)', removeWithoutRm],
])('%s', (_name, remove) => {
  test('removes a file; a missing path is no error', async () => {
    const file = join(dir, 'a.json');
    await writeFile(file, '{}');
    await remove(file);
    expect(existsSync(file)).toBe(false);
    await remove(file);
    await remove(join(dir, 'never', 'there'), { recursive: true });
  });

  test('removes a folder tree only when asked to, and never follows a link out of it', async () => {
    const outside = join(dir, 'outside');
    const tree = join(dir, 'tree');
    await mkdir(outside);
    await writeFile(join(outside, 'keep.txt'), 'keep');
    await mkdir(join(tree, 'deep', 'er'), { recursive: true });
    await writeFile(join(tree, 'deep', 'er', 'x.proto'), 'syntax = "proto3";');
    await symlink(outside, join(tree, 'link'));
    await expect(remove(tree)).rejects.toThrow();
    expect(existsSync(tree)).toBe(true);
    await remove(tree, { recursive: true });
    expect(existsSync(tree)).toBe(false);
    expect(existsSync(join(outside, 'keep.txt'))).toBe(true);
  });
});
