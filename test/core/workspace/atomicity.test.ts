import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { atomicTempPrefix } from '../../../src/core/workspace/atomic-write';
import { decodeWorkspaceFile } from '../../../src/core/workspace/file-format';
import { WorkspaceFiles } from '../../../src/core/workspace/workspace-files';
import { grownBody, grownVariables, requestPath } from './fixtures/grown-content';
import { buildSaveLoop, killWhileSaving } from './fixtures/kill-saver';

const kills = 200;
/** Children killed side by side, each in its own workspace: 2 cores, and most of a child's life is startup. */
const workers = 4;

let root: string;
let child: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'protodesk-kill-'));
  child = await buildSaveLoop(root);
});
afterAll(async () => rm(root, { recursive: true, force: true }));

/** Reads both files as a person opening the workspace would: each must parse and hold one complete save. */
async function checkComplete(folder: string, lastN: number): Promise<number> {
  const requestText = await readFile(join(folder, ...requestPath.split('/')), 'utf8');
  const body = decodeWorkspaceFile('request', requestText, requestPath).body as { n: number };
  expect(body).toEqual(grownBody(body.n));
  expect(body.n).toBeGreaterThanOrEqual(lastN);
  const environment = decodeWorkspaceFile(
    'environment',
    await readFile(join(folder, 'environments', 'grown.json'), 'utf8'),
    'grown',
  );
  const values = new Set(Object.values(environment.variables));
  expect(values.size).toBe(1);
  expect(environment.variables).toEqual(grownVariables(Number([...values][0])));
  return body.n;
}

test(`files stay whole when the saving process is killed with SIGKILL at random moments (${kills} times)`, async () => {
  let killedMidWrite = false;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      const folder = join(root, `workspace-${worker}`);
      let lastN = 0;
      for (let kill = worker; kill < kills; kill += workers) {
        await killWhileSaving(child, folder);
        lastN = await checkComplete(folder, lastN);
        const names = await readdir(join(folder, 'collections', 'kill'));
        if (names.some((name) => name.startsWith(atomicTempPrefix))) killedMidWrite = true;
        expect(names.filter((name) => !name.startsWith(atomicTempPrefix))).toEqual(['Growing request.json']);
      }
      // A scan finds no problem.
      const state = await (await WorkspaceFiles.open(folder)).state();
      expect(state.problems).toEqual([]);
      expect(state.requests.map((entry) => entry.path)).toEqual([requestPath]);
    }),
  );
  // Evidence that kills landed mid-write (a temporary file was left), so the test exercised the dangerous moment.
  expect(killedMidWrite).toBe(true);
}, 120_000);
