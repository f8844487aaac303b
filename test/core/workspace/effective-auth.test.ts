// Which auth a call uses, from real files on disk: the request's own, else the nearest _folder.json up to the
// collection's, else the environment's; `none` stops the walk, and a _folder.json that cannot be used is an error.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { effectiveAuth } from '../../../src/core/workspace/effective-auth';
import { environmentVariables } from '../../../src/core/workspace/environment-variables';
import { WorkspaceFileError } from '../../../src/core/workspace/errors';
import { FileSecretStore, secretScope } from '../../../src/core/workspace/secrets';
import { WorkspaceFiles } from '../../../src/core/workspace/workspace-files';
import { describeAuthOrigin, type AuthSettings } from '../../../src/shared/auth';
import { filesUnder } from '../../helpers/files-under';

let folder: string;
let files: WorkspaceFiles;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'protodesk-effective-auth-'));
  files = await WorkspaceFiles.open(folder);
});
afterEach(async () => rm(folder, { recursive: true, force: true }));

const own: AuthSettings = { type: 'apiKey', name: 'x-api-key', value: '{{apiKey}}' };
const collection: AuthSettings = { type: 'bearer', token: '{{token}}' };
const admin: AuthSettings = { type: 'basic', username: 'admin', password: '{{password}}' };
const environment = {
  name: 'dev',
  auth: { type: 'command', command: 'print-token' } as AuthSettings,
};

async function writeRaw(path: string, text: string): Promise<void> {
  const file = join(folder, ...path.split('/'));
  await mkdir(join(file, '..'), { recursive: true });
  await writeFile(file, text);
}

async function rejection(promise: Promise<unknown>): Promise<WorkspaceFileError> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(WorkspaceFileError);
      return error as WorkspaceFileError;
    },
  );
}

describe('effectiveAuth', () => {
  beforeEach(async () => {
    await files.saveFolderSettings('collections/users', { auth: collection }, null);
    await files.saveFolderSettings('collections/users/admin', { auth: admin }, null);
    // A folder with a _folder.json that sets no auth passes its parent's on.
    await files.saveFolderSettings('collections/users/admin/deep', {}, null);
  });

  test('the request’s own auth wins over its folders and the environment', async () => {
    expect(
      await effectiveAuth(files, { savedPath: 'collections/users/admin/Get.json', own, environment }),
    ).toEqual({ settings: own, from: { kind: 'request' } });
    // An unsaved tab has no folders.
    expect(await effectiveAuth(files, { own })).toEqual({ settings: own, from: { kind: 'request' } });
  });

  test('else the nearest folder’s, walking up to the collection’s, else the environment’s', async () => {
    const from = async (savedPath?: string) =>
      effectiveAuth(files, { ...(savedPath ? { savedPath } : {}), environment });
    expect(await from('collections/users/admin/deep/er/Get.json')).toEqual({
      settings: admin,
      from: { kind: 'folder', path: 'collections/users/admin' },
    });
    expect(await from('collections/users/admin/Get.json')).toEqual({
      settings: admin,
      from: { kind: 'folder', path: 'collections/users/admin' },
    });
    const fromCollection = await from('collections/users/Get.json');
    expect(fromCollection).toEqual({
      settings: collection,
      from: { kind: 'folder', path: 'collections/users' },
    });
    expect(describeAuthOrigin(fromCollection!.from)).toBe('the collection "users"');
    expect(await from('collections/other/Get.json')).toEqual({
      settings: environment.auth,
      from: { kind: 'environment', name: 'dev' },
    });
    expect(await from(undefined)).toEqual({
      settings: environment.auth,
      from: { kind: 'environment', name: 'dev' },
    });
  });

  test('nothing sets one: no auth', async () => {
    expect(await effectiveAuth(files, { savedPath: 'collections/other/Get.json' })).toBeUndefined();
    expect(await effectiveAuth(files, { environment: { name: 'dev' } })).toBeUndefined();
    expect(await effectiveAuth(files, {})).toBeUndefined();
  });

  test('`none` on the way stops inheritance and is answered as is', async () => {
    await files.saveFolderSettings(
      'collections/users/admin/deep',
      { auth: { type: 'none' } },
      (await files.readFolderSettings('collections/users/admin/deep'))!.version,
    );
    expect(
      await effectiveAuth(files, { savedPath: 'collections/users/admin/deep/Get.json', environment }),
    ).toEqual({ settings: { type: 'none' }, from: { kind: 'folder', path: 'collections/users/admin/deep' } });
    expect(
      await effectiveAuth(files, {
        savedPath: 'collections/users/Get.json',
        own: { type: 'none' },
        environment,
      }),
    ).toEqual({ settings: { type: 'none' }, from: { kind: 'request' } });
  });

  test('a broken _folder.json on the way is an error naming it and saying what to do', async () => {
    await writeRaw('collections/users/_folder.json', '{"format": 1, "auth": {"type": "bearer"}}');
    const error = await rejection(
      effectiveAuth(files, { savedPath: 'collections/users/Get.json', environment }),
    );
    expect(error.path).toBe('collections/users/_folder.json');
    expect(error.message).toBe(
      'collections/users/_folder.json does not hold a valid folder settings file: auth.token: Invalid input: expected string, received undefined',
    );
    expect(error.hint).toBe(
      'Correct that field (or restore the file from git). Requests in collections/users take their auth from it; until it is fixed, give the request its own auth.',
    );
    // Nearer settings, or the request's own, decide before the broken file is reached.
    expect(await effectiveAuth(files, { savedPath: 'collections/users/admin/Get.json' })).toMatchObject({
      from: { kind: 'folder', path: 'collections/users/admin' },
    });
    expect(await effectiveAuth(files, { savedPath: 'collections/users/Get.json', own })).toMatchObject({
      from: { kind: 'request' },
    });
  });

  test('a _folder.json that cannot be read as a file is an error too', async () => {
    await mkdir(join(folder, 'collections', 'other', '_folder.json'), { recursive: true });
    const error = await rejection(effectiveAuth(files, { savedPath: 'collections/other/Get.json' }));
    expect(error.message).toBe('collections/other/_folder.json cannot be read (EISDIR).');
    expect(error.hint).toMatch(/^Check that it is a file you may read\. Requests in collections\/other take/);
  });

  test('a path that is not a saved request’s is refused', async () => {
    const error = await rejection(effectiveAuth(files, { savedPath: 'collections/../x.json' }));
    expect(error.message).toBe("collections/../x.json is not a saved request's path.");
  });
});

describe('the environment’s auth', () => {
  test('reaches the call’s variables as saved, {{clientSecret}} in the file and the secret only in the store', async () => {
    const secretValue = 'cs-3f9a1d-very-secret';
    const auth: AuthSettings = {
      type: 'oauth2',
      flow: 'clientCredentials',
      tokenUrl: 'http://127.0.0.1:4000/token',
      clientId: 'protodesk',
      clientSecret: '{{clientSecret}}',
    };
    await files.saveEnvironment('dev', { variables: {}, secrets: ['clientSecret'], auth }, null, false);
    await files.saveFolderSettings('collections/users', { auth }, null);
    const dataDir = await mkdtemp(join(tmpdir(), 'protodesk-effective-auth-data-'));
    try {
      const store = new FileSecretStore(join(dataDir, 'secrets.json'));
      await store.set(secretScope(files.folder, 'dev'), 'clientSecret', secretValue);
      const variables = await environmentVariables(files, store, 'dev');
      expect(variables.auth).toEqual(auth);
      expect(variables.secrets.get('clientSecret')).toBe(secretValue);
      expect(await effectiveAuth(files, { environment: { name: 'dev', auth: variables.auth } })).toEqual({
        settings: auth,
        from: { kind: 'environment', name: 'dev' },
      });
      const written = await filesUnder(folder);
      expect(written.map((file) => file.path).sort()).toEqual([
        'collections/users/_folder.json',
        'environments/dev.json',
        'protodesk.json',
      ]);
      for (const { path, text } of written) expect(text, path).not.toContain(secretValue);
      expect(await readFile(join(folder, 'environments', 'dev.json'), 'utf8')).toContain(
        '"clientSecret": "{{clientSecret}}"',
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test('an environment without auth gives none', async () => {
    await files.saveEnvironment('dev', { variables: {}, secrets: [] }, null, false);
    const store = new FileSecretStore(join(folder, '..', `${folder.split('/').pop() ?? ''}-secrets.json`));
    expect((await environmentVariables(files, store, 'dev')).auth).toBeUndefined();
  });
});
