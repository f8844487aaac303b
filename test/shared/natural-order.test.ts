import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { planRun } from '../../src/core/service/run/runner-plan';
import { WorkspaceFiles } from '../../src/core/workspace/workspace-files';
import { compareNames, compareRequests } from '../../src/shared/natural-order';
import type { SavedRequest, WorkspaceState } from '../../src/shared/workspace';

// The order a user expects, and the one every place must show: numbers by value, a folder's own requests first.
const expected = [
  'smoke/2 Login',
  'smoke/10 Chained',
  'smoke/auth/1 token',
  'smoke/auth/10 refresh',
  'smoke/Beta/a',
  'smoke/beta/b',
  'smoke/users/2 Get',
  'smoke/users/admin/Delete',
];

const request: SavedRequest = {
  method: 'grpc.testing.TestService/EmptyCall',
  target: '127.0.0.1:1',
  metadata: [],
  body: {},
};
let folder: string;
let state: WorkspaceState;
let files: WorkspaceFiles;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'protodesk-order-'));
  files = await WorkspaceFiles.open(folder);
  // Saved in reverse, so no order comes from the order of writing.
  for (const path of [...expected].reverse())
    await files.saveRequest(`collections/${path}.json`, request, null, false);
  state = await files.state();
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const shortPath = (path: string): string => path.slice('collections/'.length, -'.json'.length);

describe('one natural order of saved requests', () => {
  test('it is compareRequests, the order the sidebar builds its tree in (test/renderer/…/collection-tree.test.ts)', () => {
    expect([...state.requests].reverse().sort(compareRequests)).toEqual(state.requests);
  });

  test('the workspace scan lists them in it', () => {
    expect(state.requests.map((entry) => shortPath(entry.path))).toEqual(expected);
  });

  test('protodesk run calls them in it', () => {
    expect(planRun(state).map((step) => shortPath(step.entry.path))).toEqual(expected);
  });

  test('an exported collection keeps it', async () => {
    const bundle = join(folder, 'smoke.bundle.json');
    await files.exportCollection('smoke', bundle);
    const exported = JSON.parse(await readFile(bundle, 'utf8')) as { requests: { path: string }[] };
    expect(exported.requests.map((entry) => `smoke/${entry.path}`)).toEqual(expected);
  });

  test('names equal but for case keep one order on every machine', () => {
    expect(['b', 'B', '10', '9', 'a'].sort(compareNames)).toEqual(['9', '10', 'a', 'B', 'b']);
  });
});
