import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { atomicTempPrefix } from '../../../src/core/workspace/atomic-write';
import { WorkspaceConflictError, WorkspaceFileError, WorkspaceFormatError } from '../../../src/core/workspace/errors';
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
    expect(await readFile(join(fresh, 'protodesk.json'), 'utf8')).toBe('{\n  "format": 1,\n  "sources": []\n}\n');
  });

  test('removes temporary files a killed process left, but not one another process may be writing right now', async () => {
    await mkdir(join(folder, 'collections', 'c'), { recursive: true });
    const old = join(folder, 'collections', 'c', `${atomicTempPrefix}r.json-abc`);
    const fresh = join(folder, 'collections', 'c', `${atomicTempPrefix}r.json-def`);
    await writeFile(old, '{"half');
    await writeFile(fresh, '{"half');
    const longAgo = new Date(Date.now() - 3_600_000);
    await utimes(old, longAgo, longAgo);
    await WorkspaceFiles.open(folder);
    expect(await readdir(join(folder, 'collections', 'c'))).toEqual([`${atomicTempPrefix}r.json-def`]);
  });
});

describe('round trips', () => {
  test('every file kind reads back as saved, on disk in the canonical form, listed by state()', async () => {
    const profile: TlsProfile = { mode: 'customCa', caFiles: ['/etc/ssl/ca.pem'], serverName: 'api.internal' };
    const saved = await files.saveRequest('collections/users/admin/Get user.json', request, null, false);
    await files.saveEnvironment('dev', environment, null, false);
    await files.saveTlsProfile('internal', profile, null, false);
    await files.saveManifest({ sources: [{ kind: 'descriptorSet', file: '/opt/api.binpb' }] }, null, true);

    expect(await files.readRequest('collections/users/admin/Get user.json')).toEqual({ value: request, version: saved.version });
    expect((await files.readEnvironment('dev')).value).toEqual(environment);
    expect((await files.readTlsProfile('internal')).value).toEqual(profile);
    expect((await files.readManifest()).value).toEqual({ sources: [{ kind: 'descriptorSet', file: '/opt/api.binpb' }] });

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
      { kind: 'protoFiles' as const, files: [inside('protos', 'api', 'users.proto')], importPaths: [inside('protos'), '/usr/include'] },
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
      { kind: 'reflection', target: 'localhost:443', tls: { mode: 'tls', caFiles: ['certs/ca.pem'], certFile: '/home/me/client.pem' } },
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
    await writeFile(join(folder, 'tls', 'ca.json'), '{"format": 1, "mode": "customCa", "caFiles": ["../shared/ca.pem"]}');
    expect((await files.readTlsProfile('ca')).value.caFiles).toEqual([join(folder, '..', 'shared', 'ca.pem')]);
  });
});

describe('conflicts', () => {
  test('a save based on an older version than the disk holds is refused unless overwriting', async () => {
    const { version } = await files.saveRequest('collections/c/r.json', request, null, false);
    await writeFile(join(folder, 'collections', 'c', 'r.json'), encodeWorkspaceFile('request', { ...request, target: 'edited:1' }));

    const error = await rejection(files.saveRequest('collections/c/r.json', { ...request, target: 'mine:1' }, version, false));
    expect(error).toBeInstanceOf(WorkspaceConflictError);
    expect(error.message).toBe('collections/c/r.json changed on disk since it was opened.');
    expect((await files.readRequest('collections/c/r.json')).value.target).toBe('edited:1');

    await files.saveRequest('collections/c/r.json', { ...request, target: 'mine:1' }, version, true);
    expect((await files.readRequest('collections/c/r.json')).value.target).toBe('mine:1');
  });

  test('a new file (base null) must not exist yet', async () => {
    await files.saveEnvironment('dev', environment, null, false);
    expect(await rejection(files.saveEnvironment('dev', environment, null, false))).toBeInstanceOf(WorkspaceConflictError);
    expect(await rejection(files.saveTlsProfile('p', { mode: 'insecure' }, sha256('x'), false))).toBeInstanceOf(WorkspaceConflictError);
  });

  test('a save based on the version read succeeds and answers the new version', async () => {
    await files.saveEnvironment('dev', environment, null, false);
    const read = await files.readEnvironment('dev');
    const saved = await files.saveEnvironment('dev', { ...environment, tlsProfile: 'local' }, read.version, false);
    expect(saved.version).toBe(sha256(await onDisk('environments/dev.json')));
  });
});

describe('names', () => {
  test('never let a file land outside the workspace', async () => {
    for (const path of ['collections/../../escape.json', 'collections/c/../r.json', '../collections/c/r.json', 'collections/c/.hidden.json']) {
      expect(await rejection(files.saveRequest(path, request, null, true))).toBeInstanceOf(WorkspaceFileError);
    }
    for (const name of ['../escape', 'a/b', '.git', '', 'a\\b']) {
      expect(await rejection(files.saveEnvironment(name, environment, null, true))).toBeInstanceOf(WorkspaceFileError);
      expect(await rejection(files.saveTlsProfile(name, { mode: 'insecure' }, null, true))).toBeInstanceOf(WorkspaceFileError);
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
    { kind: 'request', path: 'collections/c/r.json', read: () => files.readRequest('collections/c/r.json'), text: '{"format": 1, "method": ' },
    { kind: 'environment', path: 'environments/dev.json', read: () => files.readEnvironment('dev'), text: '{"format": 1, "variables": {"a": 1}, "secrets": []}' },
    { kind: 'TLS profile', path: 'tls/p.json', read: () => files.readTlsProfile('p'), text: '{"format": 1, "mode": "quantum"}' },
  ];

  test.each(cases)('a broken $kind is moved aside by a scan, listed as a problem, its bytes intact', async ({ path, text }) => {
    await writeRaw(path, text);
    const state = await files.state();
    expect(state.problems).toHaveLength(1);
    const [problem] = state.problems;
    expect(problem?.path).toBe(path);
    expect(problem?.movedTo).toMatch(new RegExp(`^${path.replace('.', '\\.')}\\.corrupt-\\d{8}-\\d{6}$`));
    expect(problem?.hint).toContain(`The original is kept as ${problem?.movedTo ?? ''}`);
    expect(await onDisk(problem?.movedTo ?? '')).toBe(text);
    await expect(stat(join(folder, path))).rejects.toThrow();
    expect(state.requests).toEqual([]);
    expect(state.environments).toEqual([]);
    expect(state.tlsProfiles).toEqual([]);
    // Still listed on the next scan, and by another session, until the person deals with it.
    expect((await files.state()).problems).toEqual([problem]);
    expect((await (await WorkspaceFiles.open(folder)).state()).problems).toEqual([
      expect.objectContaining({ path, movedTo: problem?.movedTo, message: `${path} could not be read and was moved to ${problem?.movedTo ?? ''}.` }),
    ]);
  });

  test.each(cases)('reading a broken $kind directly throws with where it was moved', async ({ path, text, read }) => {
    await writeRaw(path, text);
    const error = await rejection(read());
    expect(error).toBeInstanceOf(WorkspaceFileError);
    const movedTo = (error as WorkspaceFileError).movedTo ?? '';
    expect(movedTo).toContain('.corrupt-');
    expect(await onDisk(movedTo)).toBe(text);
  });

  test('the messages say what is wrong and where', async () => {
    await writeRaw('collections/c/bad json.json', '{\n  "format": 1,\n  "method": "a.B/C"\n  "target": ""\n}\n');
    await writeRaw('environments/dev.json', '{"format": 1, "variables": {"a": 1}, "secrets": []}');
    const messages = (await files.state()).problems.map((problem) => problem.message);
    expect(messages).toEqual([
      'collections/c/bad json.json is not a valid saved request: it is not JSON (line 4, column 3: expected "," or "}" after a property).',
      'environments/dev.json does not hold a valid environment: variables.a: Invalid input: expected string, received number',
    ]);
  });

  test('a broken protodesk.json is moved aside; the workspace opens with no sources and the problem', async () => {
    const text = '{"format": 1, "sources": [{"kind": "protoFiles"}]}';
    await writeFile(join(folder, 'protodesk.json'), text);
    const reopened = await WorkspaceFiles.open(folder);
    const { problems } = await reopened.state();
    expect(problems).toEqual([expect.objectContaining({ path: 'protodesk.json', movedTo: expect.stringMatching(/^protodesk\.json\.corrupt-/) })]);
    expect(await onDisk(problems[0]?.movedTo ?? '')).toBe(text);
    expect((await reopened.readManifest()).value).toEqual({ sources: [] });
  });

  test('reading a broken protodesk.json directly throws once, then answers no sources', async () => {
    await writeFile(join(folder, 'protodesk.json'), 'not json');
    const error = await rejection(files.readManifest());
    expect((error as WorkspaceFileError).movedTo).toMatch(/^protodesk\.json\.corrupt-/);
    expect((await files.readManifest()).value).toEqual({ sources: [] });
  });

  test('a file of a newer format is refused but left in place and still listed', async () => {
    const text = '{"format": 9, "method": "a.B/C", "future": true}';
    await writeRaw('collections/c/r.json', text);
    const state = await files.state();
    expect(state.requests).toEqual([expect.objectContaining({ path: 'collections/c/r.json', method: '' })]);
    expect(state.problems).toEqual([
      {
        path: 'collections/c/r.json',
        message: 'collections/c/r.json was written by a newer Protodesk (file format 9; this version reads up to format 1).',
        hint: 'Update Protodesk to open it. The file is left unchanged.',
      },
    ]);
    expect(await rejection(files.readRequest('collections/c/r.json'))).toBeInstanceOf(WorkspaceFormatError);
    expect(await onDisk('collections/c/r.json')).toBe(text);
  });

  test('a JSON file with a name that cannot be used, or in the wrong place, is listed as a problem, not touched', async () => {
    await writeRaw('collections/c/what?.json', encodeWorkspaceFile('request', request));
    await writeRaw('environments/nested/dev.json', '{}');
    await writeRaw('collections/loose.json', '{}');
    expect((await files.state()).problems.map((problem) => problem.path)).toEqual([
      'collections/c/what?.json',
      'collections/loose.json',
      'environments/nested/dev.json',
    ]);
    expect(await onDisk('collections/c/what?.json')).toBe(encodeWorkspaceFile('request', request));
  });
});

describe('collection bundles', () => {
  test('export one collection to a file, import it back under a free name', async () => {
    await files.saveRequest('collections/users/Get user.json', request, null, false);
    await files.saveRequest('collections/users/admin/Delete user.json', { ...request, method: 'a.Users/Delete' }, null, false);
    await files.saveRequest('collections/other/X.json', request, null, false);
    const bundle = join(folder, '..', `${folder.split('/').pop() ?? ''}-users.bundle.json`);
    try {
      expect(await files.exportCollection('users', bundle)).toEqual({ count: 2 });
      const exported = JSON.parse(await readFile(bundle, 'utf8')) as { format: number; collection: string; requests: { path: string }[] };
      expect(exported.format).toBe(1);
      expect(exported.collection).toBe('users');
      expect(exported.requests.map((entry) => entry.path)).toEqual(['Get user', 'admin/Delete user']);

      expect(await files.importCollection(bundle)).toEqual({ collection: 'users 2', count: 2 });
      expect(await files.importCollection(bundle)).toEqual({ collection: 'users 3', count: 2 });
      expect(await files.readRequest('collections/users 2/admin/Delete user.json')).toMatchObject({ value: { method: 'a.Users/Delete' } });
      expect(await onDisk('collections/users 2/Get user.json')).toBe(await onDisk('collections/users/Get user.json'));
      expect((await readdir(join(folder, 'collections'))).sort()).toEqual(['other', 'users', 'users 2', 'users 3']);
    } finally {
      await rm(bundle, { force: true });
    }
  });

  test('a bundle that does not parse is refused, nothing imported, the file left alone', async () => {
    const bundle = join(folder, 'bundle.json');
    await writeFile(bundle, '{"format": 1, "collection": "c", "requests": [{"path": "../../x", "request": {}}]}');
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
