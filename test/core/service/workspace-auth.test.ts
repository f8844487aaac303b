// The workspace's auth operations as the page sends them (through dispatch, so the contract's checks run too):
// folder settings read and saved with versions, and the auth a call would use with where it is set.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { dispatch, type EngineService } from '../../../src/core/service';
import type { ApiResult } from '../../../src/shared/api/types';
import { describeAuthOrigin, type AuthSettings, type EffectiveAuth } from '../../../src/shared/auth';
import type { FolderSettings, Versioned } from '../../../src/shared/workspace';
import { filesUnder } from '../../helpers/files-under';
import { eventService } from './service-harness';

let scratch: string;
const services: EngineService[] = [];
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'protodesk-workspace-auth-'));
});
afterAll(async () => rm(scratch, { recursive: true, force: true }));
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.close()));
});

/** A service with a fresh workspace of its own open. */
async function openWorkspace(): Promise<{ service: EngineService; folder: string }> {
  const { service } = eventService();
  services.push(service);
  const folder = await mkdtemp(join(scratch, 'workspace-'));
  await service.workspace.open({ folder });
  return { service, folder };
}

const value = <T>(result: ApiResult<unknown>): T => {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.failure)}`);
  return result.value as T;
};

const clientCredentials: AuthSettings = {
  type: 'oauth2',
  flow: 'clientCredentials',
  tokenUrl: 'http://127.0.0.1:4000/token',
  clientId: 'protodesk',
  clientSecret: '{{clientSecret}}',
  scope: 'users.read',
};

describe('folder settings', () => {
  test('null until saved; saving answers the version, reading answers it back; a stale save is a conflict', async () => {
    const { service, folder } = await openWorkspace();
    const read = (target: string) => dispatch(service, 'workspace.readFolderSettings', { folder: target });
    expect(await read('collections/users')).toEqual({ ok: true, value: null });
    const settings: FolderSettings = { auth: clientCredentials };
    const version = value<string>(
      await dispatch(service, 'workspace.saveFolderSettings', {
        folder: 'collections/users',
        settings,
        baseVersion: null,
      }),
    );
    expect(version).toMatch(/^[0-9a-f]{64}$/);
    expect(value<Versioned<FolderSettings>>(await read('collections/users'))).toEqual({
      value: settings,
      version,
    });
    expect(await readFile(join(folder, 'collections', 'users', '_folder.json'), 'utf8')).toContain(
      '"clientSecret": "{{clientSecret}}"',
    );

    await writeFile(join(folder, 'collections', 'users', '_folder.json'), '{"format": 1}\n');
    expect(
      await dispatch(service, 'workspace.saveFolderSettings', {
        folder: 'collections/users',
        settings: {},
        baseVersion: version,
      }),
    ).toEqual({
      ok: false,
      failure: {
        kind: 'conflict',
        message: 'collections/users/_folder.json changed on disk since it was opened.',
        hint: 'Reload it to see the other change, or save again to overwrite it.',
        path: 'collections/users/_folder.json',
      },
    });
  });

  test('a folder that is not collections/<collection>/<folders…>, or settings that do not fit, are refused by name', async () => {
    const { service, folder } = await openWorkspace();
    for (const bad of ['collections', 'collections/../x', 'environments/dev', 'collections/a/.b', 'tls/x']) {
      expect(await dispatch(service, 'workspace.readFolderSettings', { folder: bad })).toEqual({
        ok: false,
        failure: {
          kind: 'invalidRequest',
          message:
            'workspace.readFolderSettings: folder: A folder is collections/<collection>/<folders…>, with plain names.',
        },
      });
    }
    expect(
      await dispatch(service, 'workspace.saveFolderSettings', {
        folder: 'collections/c',
        settings: { auth: { type: 'bearer' } },
        baseVersion: null,
      }),
    ).toEqual({
      ok: false,
      failure: {
        kind: 'invalidRequest',
        message:
          'workspace.saveFolderSettings: settings.auth.token: Invalid input: expected string, received undefined',
      },
    });
    expect((await filesUnder(folder)).map((file) => file.path)).toEqual(['protodesk.json']);
  });
});

describe('effectiveAuth', () => {
  test('says where the auth a call would use is set, with {{variables}} as saved and the secret nowhere on disk', async () => {
    const { service, folder } = await openWorkspace();
    const secret = 'cs-8c1e2b-top-secret';
    await service.workspace.saveEnvironment({
      name: 'dev',
      file: { variables: {}, secrets: ['clientSecret'], auth: clientCredentials },
      secrets: { clientSecret: secret },
      baseVersion: null,
      overwrite: false,
    });
    const bearer: AuthSettings = { type: 'bearer', token: '{{token}}' };
    await service.workspace.saveFolderSettings({
      folder: 'collections/users',
      settings: { auth: bearer },
      baseVersion: null,
    });
    await service.workspace.saveFolderSettings({
      folder: 'collections/users/public',
      settings: { auth: { type: 'none' } },
      baseVersion: null,
    });
    const effective = async (input: Record<string, unknown>) =>
      value<{ auth?: EffectiveAuth }>(await dispatch(service, 'workspace.effectiveAuth', input));

    const inherited = await effective({ savedPath: 'collections/users/admin/Get.json', environment: 'dev' });
    expect(inherited).toEqual({
      auth: { settings: bearer, from: { kind: 'folder', path: 'collections/users' } },
    });
    expect(describeAuthOrigin(inherited.auth!.from)).toBe('the collection "users"');
    expect(await effective({ savedPath: 'collections/users/public/Ping.json', environment: 'dev' })).toEqual({
      auth: { settings: { type: 'none' }, from: { kind: 'folder', path: 'collections/users/public' } },
    });
    expect(await effective({ savedPath: 'collections/other/Get.json', environment: 'dev' })).toEqual({
      auth: { settings: clientCredentials, from: { kind: 'environment', name: 'dev' } },
    });
    const own: AuthSettings = { type: 'basic', username: 'ada', password: '{{password}}' };
    expect(
      await effective({ savedPath: 'collections/users/Get.json', auth: own, environment: 'dev' }),
    ).toEqual({
      auth: { settings: own, from: { kind: 'request' } },
    });
    // No auth anywhere: an empty answer.
    expect(await effective({ savedPath: 'collections/other/Get.json' })).toEqual({});
    expect(await effective({})).toEqual({});

    for (const { path, text } of await filesUnder(folder)) expect(text, path).not.toContain(secret);
    expect(JSON.stringify(inherited)).not.toContain(secret);
  });

  test('a broken _folder.json on the way is a file failure naming it and saying what to do', async () => {
    const { service, folder } = await openWorkspace();
    await service.workspace.saveFolderSettings({
      folder: 'collections/users',
      settings: {},
      baseVersion: null,
    });
    await writeFile(join(folder, 'collections', 'users', '_folder.json'), '{"format": 1, "auth": ');
    expect(
      await dispatch(service, 'workspace.effectiveAuth', { savedPath: 'collections/users/Get.json' }),
    ).toEqual({
      ok: false,
      failure: {
        kind: 'file',
        message:
          'collections/users/_folder.json is not a valid folder settings file: it is not JSON (line 1, column 23: the text ends too early).',
        hint: 'Fix the JSON at that position (or restore the file from git). Requests in collections/users take their auth from it; until it is fixed, give the request its own auth.',
        path: 'collections/users/_folder.json',
      },
    });
    // The scan lists it too, and no request for it.
    const state = await service.workspace.state();
    expect(state.problems.map((problem) => problem.path)).toEqual(['collections/users/_folder.json']);
    expect(state.requests).toEqual([]);
  });

  test('a request path the contract refuses: _folder.json is not a request', async () => {
    const { service } = await openWorkspace();
    expect(
      await dispatch(service, 'workspace.effectiveAuth', { savedPath: 'collections/users/_folder.json' }),
    ).toEqual({
      ok: false,
      failure: {
        kind: 'invalidRequest',
        message:
          "workspace.effectiveAuth: savedPath: _folder.json holds its folder's settings: give the request another name.",
      },
    });
  });
});
