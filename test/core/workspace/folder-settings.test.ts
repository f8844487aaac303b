// A folder's (or a collection's own) `_folder.json` on disk: read and saved like every workspace file (versions,
// conflicts, canonical bytes), checked by every scan, never listed as a request, carried by collection bundles.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { WorkspaceConflictError, WorkspaceFileError } from '../../../src/core/workspace/errors';
import { encodeWorkspaceFile } from '../../../src/core/workspace/file-format';
import { WorkspaceFiles } from '../../../src/core/workspace/workspace-files';
import type { FolderSettings, SavedRequest } from '../../../src/shared/workspace';

let folder: string;
let files: WorkspaceFiles;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'protodesk-folder-settings-'));
  files = await WorkspaceFiles.open(folder);
});
afterEach(async () => rm(folder, { recursive: true, force: true }));

const request: SavedRequest = {
  method: 'grpc.testing.TestService/UnaryCall',
  target: '{{host}}',
  metadata: [],
  body: {},
};
const oauth: FolderSettings = {
  auth: {
    type: 'oauth2',
    flow: 'clientCredentials',
    issuer: '{{issuer}}',
    clientId: 'protodesk',
    clientSecret: '{{clientSecret}}',
  },
};

const onDisk = (path: string): Promise<string> => readFile(join(folder, ...path.split('/')), 'utf8');
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

async function writeRaw(path: string, text: string): Promise<void> {
  const file = join(folder, ...path.split('/'));
  await mkdir(join(file, '..'), { recursive: true });
  await writeFile(file, text);
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error as Error,
  );
}

describe('reading and saving', () => {
  test('a folder without a _folder.json has no settings; a saved one reads back with the version of its bytes', async () => {
    expect(await files.readFolderSettings('collections/users/admin')).toBeUndefined();
    const saved = await files.saveFolderSettings('collections/users/admin', oauth, null);
    const text = await onDisk('collections/users/admin/_folder.json');
    expect(text).toBe(encodeWorkspaceFile('folder', oauth));
    expect(saved.version).toBe(sha256(text));
    expect(await files.readFolderSettings('collections/users/admin')).toEqual({
      value: oauth,
      version: saved.version,
    });
    // The collection's own settings sit in its folder.
    await files.saveFolderSettings('collections/users', { auth: { type: 'none' } }, null);
    expect(await onDisk('collections/users/_folder.json')).toBe(
      '{\n  "format": 1,\n  "auth": {\n    "type": "none"\n  }\n}\n',
    );
    expect((await files.readFolderSettings('collections/users'))?.value).toEqual({ auth: { type: 'none' } });
  });

  test('a save based on another version than the disk holds is refused, the file left as it is', async () => {
    const { version } = await files.saveFolderSettings('collections/users', oauth, null);
    expect(
      await rejection(files.saveFolderSettings('collections/users', { auth: { type: 'none' } }, null)),
    ).toBeInstanceOf(WorkspaceConflictError);
    const edited = encodeWorkspaceFile('folder', { auth: { type: 'bearer', token: '{{token}}' } });
    await writeRaw('collections/users/_folder.json', edited);
    const error = await rejection(files.saveFolderSettings('collections/users', {}, version));
    expect(error).toBeInstanceOf(WorkspaceConflictError);
    expect(error.message).toBe('collections/users/_folder.json changed on disk since it was opened.');
    expect(await onDisk('collections/users/_folder.json')).toBe(edited);
    const read = await files.readFolderSettings('collections/users');
    await files.saveFolderSettings('collections/users', {}, read?.version ?? null);
    expect(await onDisk('collections/users/_folder.json')).toBe('{\n  "format": 1\n}\n');
  });

  test('only collections/<collection>/<folders…> are folders; nothing lands elsewhere', async () => {
    for (const bad of [
      'collections',
      'collections/',
      'collections/../..',
      'collections/c/../../x',
      'collections/c/.git',
      'environments/dev',
      '../collections/c',
      'collections/c//d',
      '',
    ]) {
      const error = await rejection(files.saveFolderSettings(bad, oauth, null));
      expect(error).toBeInstanceOf(WorkspaceFileError);
      expect(error.message).toBe(`${bad} is not a collection or a folder of one.`);
      expect((error as WorkspaceFileError).hint).toMatch(
        /^A folder is collections\/<collection>\/<folders…>/,
      );
      expect(await rejection(files.readFolderSettings(bad))).toBeInstanceOf(WorkspaceFileError);
    }
    expect(await readdir(folder)).toEqual(['protodesk.json']);
  });

  test('a request cannot take the name _folder: that file holds its folder’s settings', async () => {
    const error = await rejection(files.saveRequest('collections/c/_folder.json', request, null, true));
    expect(error).toBeInstanceOf(WorkspaceFileError);
    expect((error as WorkspaceFileError).hint).toBe(
      "_folder.json holds its folder's settings: give the request another name.",
    );
    expect(await readdir(folder)).toEqual(['protodesk.json']);
  });
});

describe('scanning', () => {
  test('a _folder.json is never listed as a request, whatever it holds', async () => {
    await files.saveRequest('collections/users/admin/Get user.json', request, null, false);
    await files.saveFolderSettings('collections/users', oauth, null);
    await files.saveFolderSettings('collections/users/admin', { auth: { type: 'none' } }, null);
    // Shaped like a request (`format` and `method`): still the folder's file, and so a broken one.
    await writeRaw('collections/other/_folder.json', encodeWorkspaceFile('request', request));
    const state = await files.state();
    expect(state.requests.map((entry) => entry.path)).toEqual(['collections/users/admin/Get user.json']);
    expect(state.problems).toEqual([
      {
        path: 'collections/other/_folder.json',
        message:
          'collections/other/_folder.json does not hold a valid folder settings file: Unrecognized keys: "method", "target", "metadata", "body"',
        hint: 'Correct that field (or restore the file from git).',
      },
    ]);
  });

  test('a broken _folder.json is a problem with its line and what to do, left exactly as it is', async () => {
    const text = '{\n  "format": 1,\n  "auth": {"type": "bearer" "token": "x"}\n}\n';
    await writeRaw('collections/users/_folder.json', text);
    await writeRaw('collections/users/admin/_folder.json', '<<<<<<< HEAD\n{}\n=======\n[]\n>>>>>>> x\n');
    await files.saveRequest('collections/users/admin/Get user.json', request, null, false);
    const state = await files.state();
    expect(state.problems).toEqual([
      {
        path: 'collections/users/_folder.json',
        message:
          'collections/users/_folder.json is not a valid folder settings file: it is not JSON (line 3, column 29: expected "," or "}" after a property).',
        hint: 'Fix the JSON at that position (or restore the file from git).',
      },
      expect.objectContaining({
        path: 'collections/users/admin/_folder.json',
        message:
          'collections/users/admin/_folder.json (line 1): this file has unresolved git conflict markers.',
      }),
    ]);
    // The requests beside it are still listed; a direct read throws the same message.
    expect(state.requests).toHaveLength(1);
    const error = await rejection(files.readFolderSettings('collections/users'));
    expect(error).toBeInstanceOf(WorkspaceFileError);
    expect(error.message).toBe(state.problems[0]?.message);
    expect(await onDisk('collections/users/_folder.json')).toBe(text);
  });

  test('a _folder.json outside any collection, or in a folder with a name that cannot be used, is reported', async () => {
    await writeRaw('collections/_folder.json', encodeWorkspaceFile('folder', oauth));
    await writeRaw('collections/c/what?/_folder.json', encodeWorkspaceFile('folder', oauth));
    const state = await files.state();
    expect(state.problems.map((problem) => problem.path)).toEqual([
      'collections/_folder.json',
      'collections/c/what?/_folder.json',
    ]);
    expect(state.problems[0]?.hint).toContain(
      'folder settings collections/<collection>/<folders…>/_folder.json',
    );
  });
});

describe('diffs', () => {
  test('changing one setting changes one line; saving the same settings again changes no byte', async () => {
    const first = await files.saveFolderSettings('collections/c', oauth, null);
    const before = await onDisk('collections/c/_folder.json');
    const again = await files.saveFolderSettings('collections/c', structuredClone(oauth), first.version);
    expect(again.version).toBe(first.version);
    expect(await onDisk('collections/c/_folder.json')).toBe(before);
    const changed = { auth: { ...oauth.auth, issuer: '{{otherIssuer}}' } } as FolderSettings;
    await files.saveFolderSettings('collections/c', changed, again.version);
    const after = (await onDisk('collections/c/_folder.json')).split('\n');
    const differing = before.split('\n').filter((line, index) => line !== after[index]);
    expect(differing).toEqual(['    "issuer": "{{issuer}}",']);
  });
});

describe('collection bundles', () => {
  test('carry the collection’s and its folders’ settings and import them as the same bytes', async () => {
    await files.saveRequest('collections/users/Get user.json', request, null, false);
    await files.saveRequest('collections/users/admin/Delete user.json', request, null, false);
    await files.saveFolderSettings('collections/users', oauth, null);
    await files.saveFolderSettings('collections/users/admin', { auth: { type: 'none' } }, null);
    await files.saveFolderSettings('collections/other', oauth, null);
    const bundle = join(folder, 'users.bundle.json');
    expect(await files.exportCollection('users', bundle)).toEqual({ count: 2 });
    const exported = JSON.parse(await readFile(bundle, 'utf8')) as Record<string, unknown>;
    expect(Object.keys(exported)).toEqual(['format', 'collection', 'folders', 'requests']);
    expect(exported.folders).toEqual([
      { path: '', settings: oauth },
      { path: 'admin', settings: { auth: { type: 'none' } } },
    ]);

    expect(await files.importCollection(bundle)).toEqual({ collection: 'users 2', count: 2 });
    for (const path of ['_folder.json', 'admin/_folder.json', 'Get user.json', 'admin/Delete user.json']) {
      expect(await onDisk(`collections/users 2/${path}`)).toBe(await onDisk(`collections/users/${path}`));
    }
    expect((await files.readFolderSettings('collections/users 2'))?.value).toEqual(oauth);
  });

  test('a collection without folder settings exports a bundle without a folders key', async () => {
    await files.saveRequest('collections/c/R.json', request, null, false);
    const bundle = join(folder, 'c.bundle.json');
    await files.exportCollection('c', bundle);
    expect(Object.keys(JSON.parse(await readFile(bundle, 'utf8')) as object)).toEqual([
      'format',
      'collection',
      'requests',
    ]);
  });

  test('a broken _folder.json stops the export with its message; a bundle naming a request _folder is refused', async () => {
    await files.saveRequest('collections/c/R.json', request, null, false);
    await writeRaw('collections/c/_folder.json', '{"format": 1, "auth": {"type": "magic"}}');
    const error = await rejection(files.exportCollection('c', join(folder, 'c.bundle.json')));
    expect(error).toBeInstanceOf(WorkspaceFileError);
    expect(error.message).toMatch(
      /^collections\/c\/_folder\.json does not hold a valid folder settings file: auth\.type/,
    );
    expect(await readdir(folder)).not.toContain('c.bundle.json');

    const bundle = join(folder, 'bad.bundle.json');
    await writeFile(
      bundle,
      JSON.stringify({ format: 1, collection: 'x', requests: [{ path: 'a/_folder', request }] }),
    );
    const refused = await rejection(files.importCollection(bundle));
    expect(refused.message).toContain(
      "requests[0].path: _folder.json holds its folder's settings: give the request another name.",
    );
    expect(await readdir(join(folder, 'collections'))).toEqual(['c']);
  });
});
