// The desktop app's page is untrusted by design: through the dispatcher its IPC handlers hand every call to (arguments
// checked, failures as data), the engine with the `granted` policy reads and writes only what the user picked in a
// native dialog, inside the open workspace, or what the workspace names. Real files in a scratch "home" folder; the
// native dialog is the one thing stood in for: `user.picks` is what the user chooses in it.
import { copyFile, cp, mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { EngineService } from '../../src/core/service';
import type { ProtodeskService } from '../../src/shared/api/contract';
import type { PathPurpose } from '../../src/shared/api/types';
import { grpcGoTestdata } from '../helpers/certs';
import { dispatchedApi, failureOf } from '../main/node12/dispatched-api';
import { freshDataDir, protoRoot } from '../core/service/service-harness';

const decoy = 'DECOY_TOKEN=s3cr3t-decoy-value';

let home: string;
let dataDir: string;
let services: EngineService[];
/** What the user picks in the next native dialog of each purpose. */
let picks: Partial<Record<PathPurpose, string[]>>;

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'protodesk-file-access-'));
  dataDir = freshDataDir();
  services = [];
  picks = {};
  await mkdir(join(home, '.ssh'));
  await writeFile(join(home, '.env'), `${decoy}\n`);
  const tls = grpcGoTestdata();
  await Promise.all([
    copyFile(tls.ca, join(home, 'ca.pem')),
    copyFile(tls.cert, join(home, 'client.pem')),
    copyFile(tls.key, join(home, 'client.key')),
  ]);
});
afterEach(async () => {
  await Promise.all(services.map((service) => service.close()));
  await rm(home, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

/** The page's API of an app started over the scratch data folder, as the window reaches it. */
function appApi(): ProtodeskService {
  return appWindow().api;
}

/** The app's engine and the page's API; main reports drops to the engine (src/preload/dropped-paths.ts). */
function appWindow(): { api: ProtodeskService; service: EngineService } {
  const service = new EngineService({
    transport: 'electron',
    version: '0.0.0-test',
    dataDir,
    choosePaths: (purpose) => Promise.resolve(picks[purpose] ?? []),
    fileAccess: 'granted',
  });
  services.push(service);
  return { api: dispatchedApi(service.connect(() => undefined).api), service };
}

/** The user picks `paths` in the dialog the page asks for. */
async function pick(api: ProtodeskService, purpose: PathPurpose, ...paths: string[]): Promise<void> {
  picks[purpose] = paths;
  expect(await api.files.choosePaths({ purpose })).toEqual(paths);
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

const notChosenToRead = (path: string) => ({
  kind: 'forbidden',
  message: `Protodesk reads only files you chose: ${path} was not picked in a dialog and is not part of the open workspace.`,
  hint: 'Choose it with Browse… (the system dialog).',
  path,
});
const notPicked = (path: string) => ({
  kind: 'forbidden',
  message: `Protodesk opens and imports only what you picked: ${path} was not picked in a dialog.`,
  hint: 'Choose it with Browse… (the system dialog).',
  path,
});
const notChosenToWrite = (path: string) => ({
  kind: 'forbidden',
  message: `Protodesk writes only where you chose: ${path} was not picked in a save dialog and is not inside the open workspace.`,
  hint: 'Save with the system dialog (Save as…), which lets you choose the place.',
  path,
});

describe('writing', () => {
  test('a path nobody chose is refused and nothing is created', async () => {
    const api = appApi();
    const keys = join(home, '.ssh', 'authorized_keys');
    expect(await failureOf(api.files.write({ path: keys, text: 'ssh-ed25519 AAAA attacker' }))).toEqual(
      notChosenToWrite(keys),
    );
    expect(await exists(keys)).toBe(false);
    // Out of the workspace by `..`, and out of it through a link inside it: both land outside, both refused.
    const workspace = join(home, 'ws');
    await mkdir(workspace);
    await pick(api, 'workspaceFolder', workspace);
    await api.workspace.open({ folder: workspace });
    await symlink(join(home, '.ssh'), join(workspace, 'ssh-link'));
    for (const path of [
      join(workspace, '..', '.ssh', 'authorized_keys'),
      join(workspace, 'ssh-link', 'authorized_keys'),
    ]) {
      expect((await failureOf(api.files.write({ path, text: 'x' }))).kind, path).toBe('forbidden');
    }
    expect(await exists(keys)).toBe(false);
    expect(await failureOf(api.workspace.exportCollection({ collection: 'c', file: keys }))).toEqual(
      notChosenToWrite(keys),
    );
    expect(await failureOf(api.calls.saveMessages({ callId: 'call-1', path: keys }))).toEqual(
      notChosenToWrite(keys),
    );
    expect(await exists(keys)).toBe(false);
  });

  test('a path chosen in the save dialog, and files inside the workspace, are written', async () => {
    const api = appApi();
    const chosen = join(home, 'response.json');
    await pick(api, 'saveFile', chosen);
    await api.files.write({ path: chosen, text: '{"ok": true}' });
    expect(await readFile(chosen, 'utf8')).toBe('{"ok": true}');
    // The default workspace in the data folder is open: writing inside it needs no dialog.
    const { folder } = await api.workspace.state();
    await api.files.write({ path: join(folder, 'notes.txt'), text: 'hello' });
    expect(await readFile(join(folder, 'notes.txt'), 'utf8')).toBe('hello');
  });

  test('the workspace files that name what may be read change only through their own operations', async () => {
    const api = appApi();
    const { folder } = await api.workspace.state();
    const manifest = join(folder, 'protodesk.json');
    const before = await readFile(manifest, 'utf8');
    const sneaky = JSON.stringify({
      format: 1,
      sources: [{ kind: 'descriptorSet', file: join(home, '.env') }],
    });
    for (const path of [manifest, join(folder, 'tls', 'evil.json')]) {
      expect(await failureOf(api.files.write({ path, text: sneaky })), path).toMatchObject({
        kind: 'forbidden',
        message: `${path} is the workspace's own file: it changes only through Protodesk's editors, not by "save as".`,
      });
    }
    expect(await readFile(manifest, 'utf8')).toBe(before);
    expect(await exists(join(folder, 'tls', 'evil.json'))).toBe(false);
    // A TLS profile names its files for good: saving one that names an unchosen key is refused too.
    const key = join(home, 'client.key');
    expect(
      await failureOf(
        api.tls.saveProfile({
          name: 'evil',
          profile: { mode: 'mutual', certFile: join(home, 'client.pem'), keyFile: key },
          baseVersion: null,
          overwrite: false,
        }),
      ),
    ).toEqual(notChosenToRead(join(home, 'client.pem')));
    // Nor through a BloomRPC file the page wrote into the workspace: its TLS entries would name the key.
    const bloom = join(folder, 'tls.json');
    const entry = {
      rootCert: { filePath: join(home, 'ca.pem') },
      certChain: { filePath: join(home, 'client.pem') },
    };
    await api.files.write({
      path: bloom,
      text: JSON.stringify({ certificates: [{ ...entry, privateKey: { filePath: key } }] }),
    });
    expect(await failureOf(api.workspace.importBloomRpc({ file: bloom }))).toEqual(notPicked(bloom));
    expect((await api.workspace.state()).tlsProfiles).toEqual([]);
  });
});

describe('reading', () => {
  test('no folder is listed for the page: it has the native dialogs', async () => {
    expect(await failureOf(appApi().files.listDirectory({ path: home }))).toEqual({
      kind: 'forbidden',
      message: 'The desktop app does not list folders for the page.',
      hint: 'Pick files and folders with Browse… (the system dialog).',
    });
  });

  test('a .env nobody chose is not read; chosen, its contents still never reach the message', async () => {
    const api = appApi();
    const env = join(home, '.env');
    expect(await failureOf(api.workspace.importBloomRpc({ file: env }))).toEqual(notPicked(env));
    expect(await failureOf(api.workspace.importCollection({ file: env }))).toEqual(notChosenToRead(env));
    await pick(api, 'jsonFile', env);
    const failures = [
      await failureOf(api.workspace.importBloomRpc({ file: env })),
      await failureOf(api.workspace.importCollection({ file: env })),
    ];
    expect(failures).toEqual([
      {
        kind: 'file',
        message: `${env} is not a BloomRPC environments.json or tls.json (expected JSON; line 1, column 1: expected a value).`,
        hint: 'Choose BloomRPC’s environments.json or tls.json.',
        path: env,
      },
      expect.objectContaining({
        kind: 'file',
        message: `${env} is not a valid collection bundle: it is not JSON (line 1, column 1: expected a value).`,
      }),
    ]);
    expect(JSON.stringify(failures)).not.toContain('DECOY');
  });

  test('sources, certificates and workspaces: refused until picked, then loaded', async () => {
    const api = appApi();
    const folder = join(home, 'api');
    await cp(join(protoRoot, 'grpc'), join(folder, 'grpc'), { recursive: true });
    const source = { kind: 'protoFolder' as const, folder };
    expect(await failureOf(api.sources.add({ source }))).toEqual(notChosenToRead(folder));
    expect(
      await failureOf(api.sources.add({ source: { kind: 'descriptorSet', file: join(home, '.env') } })),
    ).toEqual(notChosenToRead(join(home, '.env')));
    await pick(api, 'protoFolder', folder);
    expect(await api.sources.add({ source })).toMatchObject({ status: 'loaded' });

    const profile = { mode: 'customCa' as const, caFiles: [join(home, 'ca.pem')] };
    expect(await failureOf(api.tls.check({ profile }))).toEqual(notChosenToRead(join(home, 'ca.pem')));
    expect(await failureOf(api.tls.testConnection({ profile, target: '127.0.0.1:1' }))).toEqual(
      notChosenToRead(join(home, 'ca.pem')),
    );
    const { id } = await api.sources.add({ source });
    const call = api.calls.start({
      sourceId: id,
      request: {
        target: '127.0.0.1:1',
        tls: { mode: 'tls', caFiles: [join(home, 'ca.pem')] },
        method: 'grpc.testing.TestService/EmptyCall',
        metadata: [],
        requests: ['{}'],
      },
    });
    expect(await failureOf(call)).toEqual(notChosenToRead(join(home, 'ca.pem')));
    await pick(api, 'pemFile', join(home, 'ca.pem'));
    const [ca] = (await api.tls.check({ profile })).files;
    expect(ca).toMatchObject({ role: 'ca', file: join(home, 'ca.pem') });
    expect(ca?.problem).toBeUndefined();
    expect(ca?.certificates).toHaveLength(1);

    const workspace = join(home, 'project');
    await mkdir(workspace);
    expect(await failureOf(api.workspace.open({ folder: workspace }))).toEqual(notPicked(workspace));
    expect(await exists(join(workspace, 'protodesk.json'))).toBe(false);
    await pick(api, 'workspaceFolder', workspace);
    expect((await api.workspace.open({ folder: workspace })).folder).toBe(workspace);
  });

  test('files and folders the user dropped on the window are read; others dropped nowhere are not', async () => {
    const { api, service } = appWindow();
    const folder = join(home, 'dropped');
    await cp(join(protoRoot, 'grpc'), join(folder, 'grpc'), { recursive: true });
    const file = join(home, 'loose.proto');
    await writeFile(file, 'syntax = "proto3";\nmessage Loose {}\n');
    // main reports the drop, and at once the page asks (the grant is recorded before the check answers).
    service.grantDropped([folder, file]);
    const fromFolder = await api.sources.add({ source: { kind: 'protoFolder', folder } });
    const fromFile = await api.sources.add({
      source: { kind: 'protoFiles', files: [file], importPaths: [] },
    });
    expect([fromFolder.status, fromFile.status]).toEqual(['loaded', 'loaded']);
    const beside = join(home, 'client.key');
    expect(
      await failureOf(api.tls.check({ profile: { mode: 'mutual', certFile: file, keyFile: beside } })),
    ).toEqual(notChosenToRead(beside));
  });

  test('what the workspace names stays readable when the app starts again; what it does not stays refused', async () => {
    const first = appApi();
    const workspace = join(home, 'project');
    await mkdir(workspace);
    await writeFile(join(workspace, 'inside.proto'), 'syntax = "proto3";\nmessage Inside {}\n');
    await pick(first, 'workspaceFolder', workspace);
    await first.workspace.open({ folder: workspace, create: true });
    const mutual = {
      mode: 'mutual' as const,
      certFile: join(home, 'client.pem'),
      keyFile: join(home, 'client.key'),
    };
    await pick(first, 'pemFile', join(home, 'client.pem'));
    await pick(first, 'pemFile', join(home, 'client.key'));
    await first.tls.saveProfile({ name: 'mutual', profile: mutual, baseVersion: null, overwrite: false });
    await Promise.all(services.splice(0).map((service) => service.close()));

    const again = appApi(); // no grants: the user picked nothing yet in this run
    expect((await again.workspace.state()).folder).toBe(workspace);
    expect((await again.tls.check({ profile: mutual })).keyPair).toMatchObject({ matches: true });
    const inside = await again.sources.add({
      source: {
        kind: 'protoFiles',
        files: [join(workspace, 'inside.proto')],
        importPaths: [],
      },
    });
    expect(inside.status).toBe('loaded');
    const other = { ...mutual, keyFile: join(home, '.env') };
    expect(await failureOf(again.tls.check({ profile: other }))).toEqual(notChosenToRead(join(home, '.env')));
  });
});
