import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { temporaryName } from '../../../src/core/workspace/atomic-write';
import {
  NotAWorkspaceError,
  WorkspaceConflictError,
  WorkspaceFileError,
  WorkspaceFormatError,
} from '../../../src/core/workspace/errors';
import { encodeWorkspaceFile } from '../../../src/core/workspace/file-format';
import { WorkspaceFiles } from '../../../src/core/workspace/workspace-files';
import type { EnvironmentFile, SavedRequest, TlsProfile } from '../../../src/shared/workspace';

let folder: string;
let files: WorkspaceFiles;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'protodesk-workspace-'));
  files = await WorkspaceFiles.open(folder);
});
afterEach(async () => rm(folder, { recursive: true, force: true }));

const request: SavedRequest = {
  method: 'grpc.testing.TestService/UnaryCall',
  target: 'localhost:50051',
  metadata: [{ key: 'x-user', value: '{{user}}' }],
  body: { responseSize: 3, payload: { body: 'AAAA' } },
  assertions: { status: 'OK' },
};
const environment: EnvironmentFile = { variables: { user: 'ada', host: 'localhost' }, secrets: ['token'] };

const onDisk = (path: string): Promise<string> => readFile(join(folder, ...path.split('/')), 'utf8');
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

async function rejection(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error as Error,
  );
}

describe('opening', () => {
  test('creates the folder and an empty protodesk.json', async () => {
    const fresh = join(folder, 'new', 'workspace');
    await WorkspaceFiles.open(fresh);
    expect(await readFile(join(fresh, 'protodesk.json'), 'utf8')).toBe(
      '{\n  "format": 1,\n  "sources": []\n}\n',
    );
  });

  test('a folder holding files but no protodesk.json is not made a workspace unasked; then only protodesk.json is created', async () => {
    const other = join(folder, 'project');
    await mkdir(join(other, 'collections'), { recursive: true });
    await writeFile(join(other, 'notes.txt'), 'mine');
    await writeFile(join(other, 'collections', 'x.json'), '{"format": 1, "method": ');
    const listing = async (): Promise<string[]> => (await readdir(other, { recursive: true })).sort();
    const before = await listing();
    for (const create of ['ifEmpty', 'never'] as const) {
      const error = await rejection(WorkspaceFiles.open(other, { create }));
      expect(error).toBeInstanceOf(NotAWorkspaceError);
      expect(error.message).toBe(`${other} is not a Protodesk workspace: it has no protodesk.json.`);
      expect(await listing()).toEqual(before);
    }
    await WorkspaceFiles.open(other, { create: 'always' });
    expect(await listing()).toEqual([...before, 'protodesk.json'].sort());
    expect(await readFile(join(other, 'collections', 'x.json'), 'utf8')).toBe('{"format": 1, "method": ');
  });

  test('a run opens nothing that is not a workspace, even an empty folder', async () => {
    const empty = join(folder, 'empty');
    await mkdir(empty);
    expect(await rejection(WorkspaceFiles.open(empty, { create: 'never' }))).toBeInstanceOf(
      NotAWorkspaceError,
    );
    expect(await readdir(empty)).toEqual([]);
  });

  test("cleans only temporaries that are recognisably its own and old enough; never a person's file", async () => {
    const c = join(folder, 'collections', 'c');
    await mkdir(c, { recursive: true });
    const ours = temporaryName();
    const oursEmpty = temporaryName();
    const young = temporaryName();
    const foreignContent = temporaryName();
    const staging = temporaryName();
    const foreignFolder = temporaryName();
    const encoded = encodeWorkspaceFile('request', request);
    await writeFile(join(c, ours), encoded.slice(0, 40)); // a save killed mid-write
    await writeFile(join(c, oursEmpty), ''); // killed before the first byte
    await writeFile(join(c, young), encoded.slice(0, 40)); // may be another Protodesk saving right now
    await writeFile(join(c, foreignContent), 'my notes, named oddly');
    await writeFile(join(c, '.protodesk-tmp-x'), encoded);
    await mkdir(join(folder, 'collections', staging, 'sub'), { recursive: true });
    await writeFile(join(folder, 'collections', staging, 'sub', 'A.json'), encoded);
    await mkdir(join(folder, 'collections', foreignFolder));
    await writeFile(join(folder, 'collections', foreignFolder, 'A.json'), encoded);
    await writeFile(join(folder, 'collections', foreignFolder, 'keep.txt'), 'mine');
    await mkdir(join(folder, 'collections', '.protodesk-tmp-import-abc'));
    await writeFile(join(folder, 'collections', '.protodesk-tmp-import-abc', 'A.json'), encoded);
    const longAgo = new Date(Date.now() - 3_600_000);
    for (const name of [ours, oursEmpty, foreignContent, '.protodesk-tmp-x'])
      await utimes(join(c, name), longAgo, longAgo);
    for (const name of [staging, foreignFolder, '.protodesk-tmp-import-abc']) {
      await utimes(join(folder, 'collections', name), longAgo, longAgo);
    }
    await (await WorkspaceFiles.open(folder)).removeStaleTemporaries();
    expect((await readdir(c)).sort()).toEqual(['.protodesk-tmp-x', foreignContent, young].sort());
    expect((await readdir(join(folder, 'collections'))).sort()).toEqual(
      ['.protodesk-tmp-import-abc', 'c', foreignFolder].sort(),
    );
    expect((await readdir(join(folder, 'collections', foreignFolder))).sort()).toEqual([
      'A.json',
      'keep.txt',
    ]);
    expect(await readFile(join(c, '.protodesk-tmp-x'), 'utf8')).toBe(encoded);
  });
});

describe('round trips', () => {
  test('every file kind reads back as saved, on disk in the canonical form, listed by state()', async () => {
    const profile: TlsProfile = {
      mode: 'customCa',
      caFiles: ['/etc/ssl/ca.pem'],
      serverName: 'api.internal',
    };
    const saved = await files.saveRequest('collections/users/admin/Get user.json', request, null, false);
    await files.saveEnvironment('dev', environment, null, false);
    await files.saveTlsProfile('internal', profile, null, false);
    await files.saveManifest({ sources: [{ kind: 'descriptorSet', file: '/opt/api.binpb' }] }, null, true);

    expect(await files.readRequest('collections/users/admin/Get user.json')).toEqual({
      value: request,
      version: saved.version,
    });
    expect((await files.readEnvironment('dev')).value).toEqual(environment);
    expect((await files.readTlsProfile('internal')).value).toEqual(profile);
    expect((await files.readManifest()).value).toEqual({
      sources: [{ kind: 'descriptorSet', file: '/opt/api.binpb' }],
    });

    const text = await onDisk('collections/users/admin/Get user.json');
    expect(text).toBe(encodeWorkspaceFile('request', request));
    expect(saved.version).toBe(sha256(text));
    expect(await onDisk('environments/dev.json')).toBe(encodeWorkspaceFile('environment', environment));

    expect(await files.state()).toEqual({
      folder,
      name: folder.split('/').pop(),
      isDefault: false,
      requests: [
        {
          path: 'collections/users/admin/Get user.json',
          collection: 'users',
          folders: ['admin'],
          name: 'Get user',
          method: 'grpc.testing.TestService/UnaryCall',
        },
      ],
      environments: ['dev'],
      tlsProfiles: ['internal'],
      problems: [],
    });
  });

  test('saving the same value again leaves the bytes unchanged', async () => {
    const first = await files.saveRequest('collections/c/r.json', request, null, false);
    const before = await onDisk('collections/c/r.json');
    const second = await files.saveRequest('collections/c/r.json', { ...request }, first.version, false);
    expect(second.version).toBe(first.version);
    expect(await onDisk('collections/c/r.json')).toBe(before);
  });

  test('the default workspace is named so', async () => {
    const state = await (await WorkspaceFiles.open(folder, { isDefault: true })).state();
    expect(state).toMatchObject({ name: 'Default workspace', isDefault: true });
  });
});

describe('paths in protodesk.json and TLS profiles', () => {
  test('are relative with / on disk when inside the workspace, absolute in memory', async () => {
    const inside = (...parts: string[]): string => join(folder, ...parts);
    const sources = [
      {
        kind: 'protoFiles' as const,
        files: [inside('protos', 'api', 'users.proto')],
        importPaths: [inside('protos'), '/usr/include'],
      },
      { kind: 'protoFolder' as const, folder: inside('protos'), importPaths: [inside('vendor')] },
      {
        kind: 'reflection' as const,
        target: 'localhost:443',
        tls: { mode: 'tls' as const, caFiles: [inside('certs', 'ca.pem')], certFile: '/home/me/client.pem' },
      },
    ];
    await files.saveManifest({ sources }, (await files.readManifest()).version, false);
    const disk = JSON.parse(await onDisk('protodesk.json')) as { sources: unknown };
    expect(disk.sources).toEqual([
      { kind: 'protoFiles', files: ['protos/api/users.proto'], importPaths: ['protos', '/usr/include'] },
      { kind: 'protoFolder', folder: 'protos', importPaths: ['vendor'] },
      {
        kind: 'reflection',
        target: 'localhost:443',
        tls: { mode: 'tls', caFiles: ['certs/ca.pem'], certFile: '/home/me/client.pem' },
      },
    ]);
    expect((await files.readManifest()).value.sources).toEqual(sources);

    const profile: TlsProfile = {
      mode: 'mutual',
      caFiles: [inside('certs', 'ca.pem')],
      certFile: inside('certs', 'client.pem'),
      keyFile: '/secure/client.key',
      certPem: '-----BEGIN CERTIFICATE-----\n',
    };
    await files.saveTlsProfile('mtls', profile, null, false);
    expect(JSON.parse(await onDisk('tls/mtls.json'))).toEqual({
      format: 1,
      mode: 'mutual',
      caFiles: ['certs/ca.pem'],
      certPem: '-----BEGIN CERTIFICATE-----\n',
      certFile: 'certs/client.pem',
      keyFile: '/secure/client.key',
    });
    expect((await files.readTlsProfile('mtls')).value).toEqual(profile);
  });

  test('a relative path written by hand is resolved against the workspace', async () => {
    await mkdir(join(folder, 'tls'));
    await writeFile(
      join(folder, 'tls', 'ca.json'),
      '{"format": 1, "mode": "customCa", "caFiles": ["../shared/ca.pem"]}',
    );
    expect((await files.readTlsProfile('ca')).value.caFiles).toEqual([
      join(folder, '..', 'shared', 'ca.pem'),
    ]);
  });
});

describe('conflicts', () => {
  test('a save based on an older version than the disk holds is refused unless overwriting', async () => {
    const { version } = await files.saveRequest('collections/c/r.json', request, null, false);
    await writeFile(
      join(folder, 'collections', 'c', 'r.json'),
      encodeWorkspaceFile('request', { ...request, target: 'edited:1' }),
    );

    const error = await rejection(
      files.saveRequest('collections/c/r.json', { ...request, target: 'mine:1' }, version, false),
    );
    expect(error).toBeInstanceOf(WorkspaceConflictError);
    expect(error.message).toBe('collections/c/r.json changed on disk since it was opened.');
    expect((await files.readRequest('collections/c/r.json')).value.target).toBe('edited:1');

    await files.saveRequest('collections/c/r.json', { ...request, target: 'mine:1' }, version, true);
    expect((await files.readRequest('collections/c/r.json')).value.target).toBe('mine:1');
  });

  test('a new file (base null) must not exist yet', async () => {
    await files.saveEnvironment('dev', environment, null, false);
    expect(await rejection(files.saveEnvironment('dev', environment, null, false))).toBeInstanceOf(
      WorkspaceConflictError,
    );
    expect(
      await rejection(files.saveTlsProfile('p', { mode: 'insecure' }, sha256('x'), false)),
    ).toBeInstanceOf(WorkspaceConflictError);
  });

  test('a save based on the version read succeeds and answers the new version', async () => {
    await files.saveEnvironment('dev', environment, null, false);
    const read = await files.readEnvironment('dev');
    const saved = await files.saveEnvironment(
      'dev',
      { ...environment, tlsProfile: 'local' },
      read.version,
      false,
    );
    expect(saved.version).toBe(sha256(await onDisk('environments/dev.json')));
  });
});

describe('names', () => {
  test('never let a file land outside the workspace', async () => {
    for (const path of [
      'collections/../../escape.json',
      'collections/c/../r.json',
      '../collections/c/r.json',
      'collections/c/.hidden.json',
    ]) {
      expect(await rejection(files.saveRequest(path, request, null, true))).toBeInstanceOf(
        WorkspaceFileError,
      );
    }
    for (const name of ['../escape', 'a/b', '.git', '', 'a\\b']) {
      expect(await rejection(files.saveEnvironment(name, environment, null, true))).toBeInstanceOf(
        WorkspaceFileError,
      );
      expect(await rejection(files.saveTlsProfile(name, { mode: 'insecure' }, null, true))).toBeInstanceOf(
        WorkspaceFileError,
      );
    }
    expect((await readdir(folder)).sort()).toEqual(['protodesk.json']);
    expect(await readdir(join(folder, '..'))).not.toContain('escape.json');
  });
});

describe('deleting', () => {
  test('a request goes, with the folders it leaves empty; other files stay', async () => {
    await files.saveRequest('collections/users/admin/deep/A.json', request, null, false);
    await files.saveRequest('collections/users/B.json', request, null, false);
    await files.deleteRequest('collections/users/admin/deep/A.json');
    expect(await readdir(join(folder, 'collections', 'users'))).toEqual(['B.json']);
    await files.deleteRequest('collections/users/B.json');
    expect(await readdir(join(folder, 'collections'))).toEqual([]);
  });

  test('environments and TLS profiles', async () => {
    await files.saveEnvironment('dev', environment, null, false);
    await files.saveTlsProfile('p', { mode: 'insecure' }, null, false);
    await files.deleteEnvironment('dev');
    await files.deleteTlsProfile('p');
    expect(await files.state()).toMatchObject({ environments: [], tlsProfiles: [] });
  });
});

describe('unreadable files', () => {
  const cases = [
    {
      kind: 'request',
      path: 'collections/c/r.json',
      read: () => files.readRequest('collections/c/r.json'),
      text: '{"format": 1, "method": ',
    },
    {
      kind: 'environment',
      path: 'environments/dev.json',
      read: () => files.readEnvironment('dev'),
      text: '{"format": 1, "variables": {"a": 1}, "secrets": []}',
    },
    {
      kind: 'TLS profile',
      path: 'tls/p.json',
      read: () => files.readTlsProfile('p'),
      text: '{"format": 1, "mode": "quantum"}',
    },
  ];

  test.each(cases)(
    'a broken $kind is listed as a problem by every scan and left exactly as it is',
    async ({ path, text }) => {
      await writeRaw(path, text);
      const state = await files.state();
      expect(state.problems).toEqual([expect.objectContaining({ path })]);
      expect(await onDisk(path)).toBe(text);
      // Listed where it is, so the person finds it; by the next scan and by another session alike.
      expect([
        ...state.requests.map((entry) => entry.path),
        ...state.environments,
        ...state.tlsProfiles,
      ]).toHaveLength(1);
      expect((await files.state()).problems).toEqual(state.problems);
      expect((await (await WorkspaceFiles.open(folder)).state()).problems).toEqual(state.problems);
      expect(await readdir(join(folder, ...path.split('/').slice(0, -1)))).toEqual([path.split('/').pop()]);
    },
  );

  test.each(cases)(
    'reading a broken $kind directly throws WorkspaceFileError and moves nothing',
    async ({ path, text, read }) => {
      await writeRaw(path, text);
      const error = await rejection(read());
      expect(error).toBeInstanceOf(WorkspaceFileError);
      expect(error.message).toMatch(new RegExp(`^${path.replace('.', '\\.')} `));
      expect(await onDisk(path)).toBe(text);
    },
  );

  test('the messages say what is wrong and where, quoting nothing of the file', async () => {
    await writeRaw(
      'collections/c/bad json.json',
      '{\n  "format": 1,\n  "method": "a.B/C"\n  "target": ""\n}\n',
    );
    await writeRaw('collections/c/secret.json', 'DECOY_TOKEN=very-secret-value\n');
    await writeRaw('environments/dev.json', '{"format": 1, "variables": {"a": 1}, "secrets": []}');
    const messages = (await files.state()).problems.map((problem) => problem.message);
    expect(messages).toEqual([
      'collections/c/bad json.json is not a valid saved request: it is not JSON (line 4, column 3: expected "," or "}" after a property).',
      'collections/c/secret.json is not a valid saved request: it is not JSON (line 1, column 1: expected a value).',
      'environments/dev.json does not hold a valid environment: variables.a: Invalid input: expected string, received number',
    ]);
  });

  test('a broken protodesk.json is a problem; reading it throws, and saving over it is a conflict unless overwriting', async () => {
    const text = '{"format": 1, "sources": [{"kind": "protoFiles"}]}';
    await writeFile(join(folder, 'protodesk.json'), text);
    const reopened = await WorkspaceFiles.open(folder);
    const { problems } = await reopened.state();
    expect(problems).toEqual([expect.objectContaining({ path: 'protodesk.json' })]);
    expect(await rejection(reopened.readManifest())).toBeInstanceOf(WorkspaceFileError);
    const old = sha256('{\n  "format": 1,\n  "sources": []\n}\n');
    expect(await rejection(reopened.saveManifest({ sources: [] }, old, false))).toBeInstanceOf(
      WorkspaceConflictError,
    );
    expect(await rejection(reopened.saveManifest({ sources: [] }, null, false))).toBeInstanceOf(
      WorkspaceConflictError,
    );
    expect(await onDisk('protodesk.json')).toBe(text);
    await reopened.saveManifest({ sources: [] }, null, true);
    expect(await onDisk('protodesk.json')).toBe('{\n  "format": 1,\n  "sources": []\n}\n');
  });

  test('a file of a newer format is refused but left in place and still listed', async () => {
    const text = '{"format": 9, "method": "a.B/C", "future": true}';
    await writeRaw('collections/c/r.json', text);
    const state = await files.state();
    expect(state.requests).toEqual([expect.objectContaining({ path: 'collections/c/r.json', method: '' })]);
    expect(state.problems).toEqual([
      {
        path: 'collections/c/r.json',
        message:
          'collections/c/r.json was written by a newer Protodesk (file format 9; this version reads up to format 1).',
        hint: 'Update Protodesk to open it. The file is left unchanged.',
      },
    ]);
    expect(await rejection(files.readRequest('collections/c/r.json'))).toBeInstanceOf(WorkspaceFormatError);
    expect(await onDisk('collections/c/r.json')).toBe(text);
  });

  test('a request with a name that cannot be used, or in the wrong place, is listed as a problem, not touched', async () => {
    await writeRaw('collections/c/what?.json', encodeWorkspaceFile('request', request));
    await writeRaw('environments/nested/dev.json', '{}');
    await writeRaw('collections/loose.json', encodeWorkspaceFile('request', request));
    expect((await files.state()).problems.map((problem) => problem.path)).toEqual([
      'collections/c/what?.json',
      'collections/loose.json',
      'environments/nested/dev.json',
    ]);
    expect(await onDisk('collections/c/what?.json')).toBe(encodeWorkspaceFile('request', request));
  });

  test('other JSON under collections/ (test data, fixtures) is not a request: ignored, not listed, not touched', async () => {
    const fixtures = {
      'collections/c/users.fixture.json': '{"users": [{"name": "ada"}]}',
      'collections/c/list.json': '[1, 2, 3]',
      'collections/c/http.json': '{"method": "GET", "url": "http://localhost"}',
      'collections/c/format only.json': '{"format": 1, "sources": []}',
      'collections/loose.json': '{}',
      'collections/c/what?.json': '{"rows": []}',
    };
    for (const [path, text] of Object.entries(fixtures)) await writeRaw(path, text);
    await files.saveRequest('collections/c/Real.json', request, null, false);
    const state = await files.state();
    expect(state.problems).toEqual([]);
    expect(state.requests.map((entry) => entry.path)).toEqual(['collections/c/Real.json']);
    for (const [path, text] of Object.entries(fixtures)) expect(await onDisk(path)).toBe(text);
    // Exporting the collection takes its one request and leaves the test data out.
    expect(await files.exportCollection('c', join(folder, 'c.bundle.json'))).toEqual({ count: 1 });
  });
});

describe('collection bundles', () => {
  test('export one collection to a file, import it back under a free name', async () => {
    await files.saveRequest('collections/users/Get user.json', request, null, false);
    await files.saveRequest(
      'collections/users/admin/Delete user.json',
      { ...request, method: 'a.Users/Delete' },
      null,
      false,
    );
    await files.saveRequest('collections/other/X.json', request, null, false);
    const bundle = join(folder, '..', `${folder.split('/').pop() ?? ''}-users.bundle.json`);
    try {
      expect(await files.exportCollection('users', bundle)).toEqual({ count: 2 });
      const exported = JSON.parse(await readFile(bundle, 'utf8')) as {
        format: number;
        collection: string;
        requests: { path: string }[];
      };
      expect(exported.format).toBe(1);
      expect(exported.collection).toBe('users');
      expect(exported.requests.map((entry) => entry.path)).toEqual(['Get user', 'admin/Delete user']);

      expect(await files.importCollection(bundle)).toEqual({ collection: 'users 2', count: 2 });
      expect(await files.importCollection(bundle)).toEqual({ collection: 'users 3', count: 2 });
      expect(await files.readRequest('collections/users 2/admin/Delete user.json')).toMatchObject({
        value: { method: 'a.Users/Delete' },
      });
      expect(await onDisk('collections/users 2/Get user.json')).toBe(
        await onDisk('collections/users/Get user.json'),
      );
      expect((await readdir(join(folder, 'collections'))).sort()).toEqual([
        'other',
        'users',
        'users 2',
        'users 3',
      ]);
    } finally {
      await rm(bundle, { force: true });
    }
  });

  test('a bundle that does not parse is refused, nothing imported, the file left alone', async () => {
    const bundle = join(folder, 'bundle.json');
    await writeFile(
      bundle,
      '{"format": 1, "collection": "c", "requests": [{"path": "../../x", "request": {}}]}',
    );
    const error = await rejection(files.importCollection(bundle));
    expect(error).toBeInstanceOf(WorkspaceFileError);
    expect(error.message).toContain('requests[0].path');
    expect(await readFile(bundle, 'utf8')).toContain('../../x');
    expect((await readdir(folder)).sort()).toEqual(['bundle.json', 'protodesk.json']);
  });

  test('exporting a collection that does not exist says so', async () => {
    expect((await rejection(files.exportCollection('nope', join(folder, 'b.json')))).message).toBe(
      'There is no collection named "nope" with saved requests.',
    );
  });
});

async function writeRaw(path: string, text: string): Promise<void> {
  const file = join(folder, ...path.split('/'));
  await mkdir(join(file, '..'), { recursive: true });
  await writeFile(file, text);
}
