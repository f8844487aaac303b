// Switching workspaces with schemas and TLS profiles loaded: bringing them copies their definitions into the new
// workspace and leaves the old one byte for byte as it was; keeping them leaves them loaded but saved in neither.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { EngineService } from '../../../src/core/service';
import { filesUnder } from '../../helpers/files-under';
import { eventService, failureOf, testProtoSource } from './service-harness';

let scratch: string;
const services: EngineService[] = [];

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'protodesk-workspace-switch-'));
});
afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.close()));
});

/** A workspace folder with the interop protos as its source and a TLS profile `testca` whose CA file lies inside it. */
async function oldWorkspace(name: string): Promise<{ service: EngineService; folder: string }> {
  const { service } = eventService();
  services.push(service);
  const folder = join(scratch, name);
  await mkdir(join(folder, 'certs'), { recursive: true });
  await writeFile(join(folder, 'certs', 'ca.pem'), 'not read here\n');
  await service.workspace.open({ folder, create: true });
  await service.sources.add({ source: testProtoSource });
  await service.tls.saveProfile({
    name: 'testca',
    profile: { mode: 'customCa', caFiles: [join(folder, 'certs', 'ca.pem')], serverName: 'x.test' },
    baseVersion: null,
    overwrite: false,
  });
  return { service, folder };
}

describe('switching workspaces', () => {
  test('bringing copies the sources and TLS profiles in (paths still pointing at the files) and changes nothing left', async () => {
    const { service, folder } = await oldWorkspace('bring-old');
    const before = await filesUnder(folder);
    const next = join(scratch, 'bring-new');

    await service.workspace.open({ folder: next });
    expect(await service.sources.list()).toEqual([]);
    const report = await service.workspace.bringIn({ sources: [testProtoSource], tlsProfiles: ['testca'] });

    expect(report).toEqual({
      from: 'bring-old',
      sources: [{ source: testProtoSource, outcome: 'brought' }],
      tlsProfiles: [{ name: 'testca', outcome: 'brought' }],
    });
    const sources = await service.sources.list();
    expect(sources.map((source) => [source.source, source.status])).toEqual([[testProtoSource, 'loaded']]);
    const manifest = JSON.parse(await readFile(join(next, 'protodesk.json'), 'utf8')) as {
      sources: unknown[];
    };
    expect(manifest.sources).toHaveLength(1);
    const profile = await service.tls.readProfile({ name: 'testca' });
    expect(profile.value).toEqual({
      mode: 'customCa',
      caFiles: [join(folder, 'certs', 'ca.pem')],
      serverName: 'x.test',
    });
    expect(await filesUnder(folder)).toEqual(before);
  });

  test('bringing twice finds them already there; a different profile of the same name is kept, not overwritten', async () => {
    const { service } = await oldWorkspace('twice-old');
    const next = join(scratch, 'twice-new');
    await mkdir(join(next, 'tls'), { recursive: true });
    const theirs = '{\n  "format": 1,\n  "mode": "systemRoots"\n}\n';
    await writeFile(join(next, 'tls', 'testca.json'), theirs);
    await service.workspace.open({ folder: next, create: true });

    await service.workspace.bringIn({ sources: [testProtoSource], tlsProfiles: ['testca'] });
    const again = await service.workspace.bringIn({
      sources: [testProtoSource],
      tlsProfiles: ['testca', 'nosuch'],
    });

    expect(again.sources).toEqual([{ source: testProtoSource, outcome: 'alreadyThere' }]);
    expect(again.tlsProfiles).toEqual([
      { name: 'testca', outcome: 'keptExisting' },
      { name: 'nosuch', outcome: 'missing' },
    ]);
    expect(await readFile(join(next, 'tls', 'testca.json'), 'utf8')).toBe(theirs);
    expect(await service.sources.list()).toHaveLength(1);
  });

  test('a source the workspace left does not list is not brought', async () => {
    const { service } = await oldWorkspace('missing-old');
    await service.workspace.open({ folder: join(scratch, 'missing-new') });
    const other = { kind: 'descriptorSet' as const, file: join(scratch, 'elsewhere.pb') };

    const report = await service.workspace.bringIn({ sources: [other], tlsProfiles: [] });

    expect(report.sources).toEqual([{ source: other, outcome: 'missing' }]);
    expect(await service.sources.list()).toEqual([]);
  });

  test('keeping leaves the sources loaded under their ids, saved in neither workspace; reopening the old one saves them again', async () => {
    const { service, folder } = await oldWorkspace('keep-old');
    const [loaded] = await service.sources.list();
    const next = join(scratch, 'keep-new');

    await service.workspace.open({ folder: next, keepSources: true });

    expect((await service.sources.list()).map((source) => source.id)).toEqual([loaded?.id]);
    const manifest = JSON.parse(await readFile(join(next, 'protodesk.json'), 'utf8')) as {
      sources: unknown[];
    };
    expect(manifest.sources).toEqual([]);
    await service.workspace.open({ folder });
    // Not loaded twice: the kept source is the old workspace's own again.
    expect((await service.sources.list()).map((source) => source.id)).toEqual([loaded?.id]);
  });

  test('with no switch since the engine started there is nothing to bring from, and it says so', async () => {
    const { service } = eventService();
    services.push(service);
    const failure = await failureOf(
      service.workspace.bringIn({ sources: [testProtoSource], tlsProfiles: [] }),
    );
    expect(failure.message).toMatch(/no longer knows the workspace/);
    expect(failure.hint).toMatch(/Open workspace/);
  });
});
