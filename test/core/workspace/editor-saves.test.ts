// Issue 14 §1: an editor that saves by truncating a file and writing it back 200 ms later, while the app watches the
// workspace. Every save must survive as written, no problem may be reported for the moment the file was empty, and
// no other file may appear.
import { mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { EngineService } from '../../../src/core/service';
import { encodeWorkspaceFile } from '../../../src/core/workspace/file-format';
import type { ApiEvent } from '../../../src/shared/api/types';
import type { SavedRequest } from '../../../src/shared/workspace';
import { freshDataDir } from '../service/service-harness';

const saves = 15;
/** How long the simulated editor leaves the file empty: the input being simulated, not a wait for an event. */
const editorGapMs = 200;
const path = 'collections/c/Edited.json';

let folder: string;
let service: EngineService;
const events: Extract<ApiEvent, { type: 'workspace' }>[] = [];
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'protodesk-editor-'));
  service = new EngineService({
    transport: 'browser',
    fileAccess: 'open',
    version: '1.0.0',
    dataDir: freshDataDir(),
    emit: (event) => void (event.type === 'workspace' && events.push(event)),
  });
});
afterAll(async () => {
  await service?.close();
  await rm(folder, { recursive: true, force: true });
});

const request = (n: number): SavedRequest => ({
  method: 'grpc.testing.TestService/UnaryCall',
  target: 'localhost:50051',
  metadata: [],
  body: { save: n, text: 'x'.repeat(2_000 + n) },
});
const version = (n: number): string => encodeWorkspaceFile('request', request(n));

/** Polls `done` until it holds, failing after 10 s. */
async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('the watcher did not report the save in time');
    await new Promise((wake) => setTimeout(wake, 20));
  }
}

test(`${saves} of ${saves} saves by truncate-then-write survive; no problem is ever reported; no file appears`, async () => {
  const file = join(folder, ...path.split('/'));
  await service.workspace.open({ folder });
  await service.workspace.saveRequest({ path, request: request(0), baseVersion: null, overwrite: false });
  const listing = async (): Promise<string[]> => (await readdir(folder, { recursive: true })).sort();
  const before = await listing();
  let intact = 0;
  for (let n = 1; n <= saves; n++) {
    const seen = events.length;
    await truncate(file, 0);
    await new Promise((wake) => setTimeout(wake, editorGapMs));
    await writeFile(file, version(n));
    // The one report of this save comes once the file is stable, and shows the finished file.
    await until(() => events.length > seen);
    expect(events.slice(seen)).toHaveLength(1);
    expect(events[seen]?.changedPaths).toEqual([path]);
    expect(events[seen]?.state.problems).toEqual([]);
    if ((await readFile(file, 'utf8')) === version(n)) intact++;
    expect((await service.workspace.readRequest({ path })).value.body).toMatchObject({ save: n });
  }
  expect(intact).toBe(saves);
  expect(events.flatMap((event) => event.state.problems)).toEqual([]);
  expect(await listing()).toEqual(before);
}, 60_000);
