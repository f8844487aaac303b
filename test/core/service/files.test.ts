import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listDirectory, writeTextFile } from '../../../src/core/service/files';
import { failureOf } from './service-harness';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'protodesk-files-test-'));
  for (const folder of ['b-folder', 'A-folder', '.hidden-folder', 'folder10', 'folder9'])
    await mkdir(join(root, folder));
  for (const file of ['z.proto', '.env', 'a.proto']) await writeFile(join(root, file), '');
  await symlink(join(root, 'b-folder'), join(root, 'link-to-folder'));
});
afterAll(async () => rm(root, { recursive: true, force: true }));

describe('listDirectory', () => {
  test('lists folders first, then files, each by name with dotfiles last, hiding nothing', async () => {
    const listing = await listDirectory(root);
    expect(listing.path).toBe(root);
    expect(listing.parent).toBe(tmpdir());
    expect(listing.entries.map((e) => `${e.kind === 'directory' ? 'd' : 'f'} ${e.name}`)).toEqual([
      'd A-folder',
      'd b-folder',
      'd folder9',
      'd folder10',
      'd link-to-folder',
      'd .hidden-folder',
      'f a.proto',
      'f z.proto',
      'f .env',
    ]);
  });

  test('the root has no parent', async () => {
    expect((await listDirectory('/')).parent).toBeUndefined();
  });

  test('a missing folder or a file is a file failure that says so', async () => {
    expect(await failureOf(listDirectory(join(root, 'nope')))).toEqual({
      kind: 'file',
      message: `The folder ${join(root, 'nope')} does not exist.`,
      hint: 'Check the path, or pick a folder that exists.',
    });
    expect(await failureOf(listDirectory(join(root, 'a.proto')))).toMatchObject({
      kind: 'file',
      message: `${join(root, 'a.proto')} is a file, not a folder.`,
    });
  });
});

describe('writeTextFile', () => {
  test('writes (and replaces) a file', async () => {
    const file = join(root, 'response.json');
    await writeTextFile(file, '{"a": 1}');
    await writeTextFile(file, '{"b": 2}');
    expect(await readFile(file, 'utf8')).toBe('{"b": 2}');
  });

  test('creates no folders: a missing folder fails with what to do', async () => {
    const file = join(root, 'missing', 'response.json');
    expect(await failureOf(writeTextFile(file, 'x'))).toEqual({
      kind: 'file',
      message: `Cannot write ${file}: the folder ${join(root, 'missing')} does not exist.`,
      hint: 'Choose an existing folder, or create it first.',
    });
  });

  test('a folder path fails with what to do', async () => {
    expect(await failureOf(writeTextFile(join(root, 'b-folder'), 'x'))).toMatchObject({
      kind: 'file',
      hint: 'Choose a file name inside the folder.',
    });
  });
});
