// Issue 14 §1, the watcher path under kill -9: a Protodesk process saving into a workspace is killed at random moments
// while this process (the app's service) watches and scans the same workspace. Afterwards no file of the person's has
// changed, the saved files are whole, and a later open cleans only Protodesk's own temporary leftovers.
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { temporaryNamePattern } from '../../../src/core/workspace/atomic-write';
import { decodeWorkspaceFile } from '../../../src/core/workspace/file-format';
import { snapshot } from '../../helpers/git-workspace';
import { eventService } from '../service/service-harness';
import { grownBody, requestPath } from './fixtures/grown-content';
import { buildSaveLoop, killWhileSaving } from './fixtures/kill-saver';

const kills = 40;

let root: string;
let child: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'protodesk-watch-kill-'));
  child = await buildSaveLoop(root);
});
afterAll(async () => rm(root, { recursive: true, force: true }));

/** The person's own files: a request mid-merge, test data, and files that only look like Protodesk's temporaries. */
const personal: Record<string, string> = {
  'collections/kill/Conflicted.json':
    '{\n  "format": 1,\n<<<<<<< HEAD\n  "method": "a.B/C"\n=======\n  "method": "a.B/D"\n>>>>>>> x\n}\n',
  'collections/kill/fixture.json': '{"rows": [1, 2, 3]}',
  'collections/kill/.protodesk-tmp-x': '{\n  "format": 1, "mine": true}',
  'collections/kill/.protodesk-tmp-4242-0123456789ab': 'my notes, oddly named',
  'notes.txt': 'not a workspace file',
};

/** Protodesk's own temporary leftovers (the exact name pattern, not one of the person's look-alikes). */
async function ourLeftovers(folder: string): Promise<string[]> {
  const found: string[] = [];
  for (const sub of ['collections/kill', 'environments']) {
    for (const name of await readdir(join(folder, ...sub.split('/')))) {
      if (temporaryNamePattern.test(name) && !(`${sub}/${name}` in personal)) found.push(`${sub}/${name}`);
    }
  }
  return found;
}

test(`while the app watches, ${kills} kills of a saving process change no file of the person's; only our leftovers are cleaned`, async () => {
  const folder = join(root, 'workspace');
  await mkdir(join(folder, 'collections', 'kill'), { recursive: true });
  for (const [path, text] of Object.entries(personal))
    await writeFile(join(folder, ...path.split('/')), text);
  const { service, events, until } = eventService();
  // What the watcher reported: the workspace events.
  const watched = () => events.flatMap((event) => (event.type === 'workspace' ? [event] : []));
  const age = async (paths: string[]): Promise<void> => {
    const longAgo = new Date(Date.now() - 3_600_000);
    for (const path of paths) await utimes(join(folder, ...path.split('/')), longAgo, longAgo);
  };
  try {
    await service.workspace.open({ folder, create: true });
    await age(Object.keys(personal));
    let leftovers = 0;
    for (let kill = 0; kill < kills; kill++) {
      await killWhileSaving(child, folder);
      leftovers = Math.max(leftovers, (await ourLeftovers(folder)).length);
      // A scan right after a kill, as the page's refresh does: only the person's conflicted file is a problem.
      const scanned = await service.workspace.state();
      expect(scanned.problems.map((problem) => problem.path)).toEqual(['collections/kill/Conflicted.json']);
    }
    // Once the saves stop, the watcher reports them (with the same single problem).
    await until(() => watched()[0]);
    expect(
      new Set(watched().flatMap((event) => event.state.problems.map((problem) => problem.path))),
    ).toEqual(new Set(['collections/kill/Conflicted.json']));
    const text = await readFile(join(folder, ...requestPath.split('/')), 'utf8');
    const body = decodeWorkspaceFile('request', text, requestPath).body as { n: number };
    expect(body).toEqual(grownBody(body.n));
    // Evidence that kills landed mid-write: temporary files of ours were left beside the person's look-alikes.
    expect(leftovers, 'leftovers of killed saves').toBeGreaterThan(0);

    // Reopening (once a leftover is older than the 60 s it might still be in use) cleans ours, and nothing else.
    await age(await ourLeftovers(folder));
    await service.workspace.open({ folder });
    const after = await snapshot(folder);
    for (const [path, text] of Object.entries(personal)) {
      expect(after.get(path), path).toBe(Buffer.from(text).toString('base64'));
    }
    expect([...after.keys()].filter((path) => path.includes('.protodesk-tmp-')).sort()).toEqual([
      'collections/kill/.protodesk-tmp-4242-0123456789ab',
      'collections/kill/.protodesk-tmp-x',
    ]);
  } finally {
    await service.close();
  }
}, 120_000);
