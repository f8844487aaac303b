// Issue 14 §1 and §5, the workspace files group: each bad input seen in the issue, opened through the app's service.
// Each case asserts the message the person sees (or that the file is rightly ignored) and that nothing on disk
// changed: no file moved, renamed, rewritten, created or deleted.
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { EngineService } from '../../../src/core/service';
import { encodeWorkspaceFile } from '../../../src/core/workspace/file-format';
import type { WorkspaceState } from '../../../src/shared/workspace';
import { conflictHint, conflictProblem, snapshot } from '../../helpers/git-workspace';
import { eventService } from '../service/service-harness';

let scratch: string;
const services: EngineService[] = [];
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'protodesk-bad-inputs-'));
});
afterAll(async () => rm(scratch, { recursive: true, force: true }));
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.close()));
});

/** A service over its own data folder, closed after each test. */
function newService(): EngineService {
  const { service } = eventService();
  services.push(service);
  return service;
}

const request = encodeWorkspaceFile('request', {
  method: 'grpc.testing.TestService/EmptyCall',
  target: 'localhost:50051',
  metadata: [],
  body: {},
});
/** A file as git leaves it mid-merge: both sides of the changed line between conflict markers, from line 3. */
const conflicted = (ours: string, theirs: string): string =>
  `{\n  "format": 1,\n<<<<<<< HEAD\n  ${ours}\n=======\n  ${theirs}\n>>>>>>> feature\n}\n`;

interface Case {
  name: string;
  files: Record<string, string>;
  /** The problems listed, as path → message; none when the input is rightly ignored. */
  problems: Record<string, string>;
  hint?: string;
}

/** A file left mid-merge, listed with its conflict markers and the hint to resolve them in git. */
const conflictCase = (what: string, path: string, ours: string, theirs: string): Case => ({
  name: `conflict markers in ${what}`,
  files: { [path]: conflicted(ours, theirs) },
  problems: { [path]: conflictProblem(path, 3).message },
  hint: conflictHint,
});

const cases: Case[] = [
  conflictCase('a request', 'collections/c/R.json', '"method": "a.B/C",', '"method": "a.B/D",'),
  conflictCase('protodesk.json', 'protodesk.json', '"sources": []', '"sources": [{"kind": "reflection"}]'),
  conflictCase(
    'an environment',
    'environments/dev.json',
    '"variables": {"a": "1"},',
    '"variables": {"a": "2"},',
  ),
  conflictCase('a TLS profile', 'tls/p.json', '"mode": "insecure"', '"mode": "plaintext"'),
  {
    name: 'a truncated request',
    files: { 'collections/c/R.json': request.slice(0, 40) },
    problems: {
      'collections/c/R.json':
        'collections/c/R.json is not a valid saved request: it is not JSON (line 3, column 13: the text ends too early).',
    },
    hint: 'Fix the JSON at that position (or restore the file from git).',
  },
  {
    name: 'a request with a wrong type',
    files: {
      'collections/c/R.json':
        '{"format": 1, "method": "a.B/C", "target": "x", "metadata": "none", "body": {}}',
    },
    problems: {
      'collections/c/R.json':
        'collections/c/R.json does not hold a valid saved request: metadata: Invalid input: expected array, received string',
    },
    hint: 'Correct that field (or restore the file from git).',
  },
  {
    name: 'a request with an unknown key',
    files: {
      'collections/c/R.json':
        '{"format": 1, "method": "a.B/C", "target": "x", "metadata": [], "body": {}, "colour": 1}',
    },
    problems: {
      'collections/c/R.json':
        'collections/c/R.json does not hold a valid saved request: Unrecognized key: "colour"',
    },
    hint: 'Correct that field (or restore the file from git).',
  },
  {
    name: 'a request file quoting a secret in its broken JSON (the message quotes nothing)',
    files: { 'collections/c/R.json': '{"format": 1, "method": TOKEN-s3cr3t}' },
    problems: {
      'collections/c/R.json':
        'collections/c/R.json is not a valid saved request: it is not JSON (line 1, column 25: expected a value).',
    },
    hint: 'Fix the JSON at that position (or restore the file from git).',
  },
  {
    name: 'other JSON under collections/ (test data, fixtures): ignored',
    files: {
      'collections/c/users.fixture.json': '{"users": ["ada"]}',
      'collections/c/rows.json': '[1, 2, 3]',
      'collections/testdata/http.json': '{"method": "GET", "url": "http://127.0.0.1"}',
    },
    problems: {},
  },
];

describe('bad inputs in a workspace, opened in the app', () => {
  test.each(cases)('$name', async ({ files, problems, hint }) => {
    const folder = await mkdtemp(join(scratch, 'case-'));
    const all = {
      'protodesk.json': encodeWorkspaceFile('manifest', { sources: [] }),
      'collections/c/Ok.json': request,
      ...files,
    };
    for (const [path, text] of Object.entries(all)) {
      await mkdir(join(folder, ...path.split('/').slice(0, -1)), { recursive: true });
      await writeFile(join(folder, ...path.split('/')), text);
    }
    const before = await snapshot(folder);
    const service = newService();
    const state = (await service.workspace.open({ folder })) as WorkspaceState;
    expect(Object.fromEntries(state.problems.map((problem) => [problem.path, problem.message]))).toEqual(
      problems,
    );
    for (const problem of state.problems) expect(problem.hint).toBe(hint);
    expect(JSON.stringify(state.problems)).not.toContain('s3cr3t');
    // The requests that parse still work.
    expect((await service.workspace.readRequest({ path: 'collections/c/Ok.json' })).value.method).toBe(
      'grpc.testing.TestService/EmptyCall',
    );
    expect(await service.workspace.state()).toEqual(state);
    expect(await snapshot(folder)).toEqual(before);
  });

  test('files of the person named like temporaries, older than 60 s, are never deleted', async () => {
    const folder = await mkdtemp(join(scratch, 'temp-'));
    await mkdir(join(folder, 'collections', 'c', '.protodesk-tmp-folder'), { recursive: true });
    const files = {
      'protodesk.json': encodeWorkspaceFile('manifest', { sources: [] }),
      '.protodesk-tmp-x': 'mine',
      'collections/c/.protodesk-tmp-x': request,
      'collections/c/.protodesk-tmp-folder/notes.json': request,
      'environments/.protodesk-tmp-1-0123456789ab': 'exact pattern, but not what Protodesk writes',
    };
    for (const [path, text] of Object.entries(files)) {
      await mkdir(join(folder, ...path.split('/').slice(0, -1)), { recursive: true });
      await writeFile(join(folder, ...path.split('/')), text);
    }
    const longAgo = new Date(Date.now() - 3_600_000);
    for (const path of [...Object.keys(files), 'collections/c/.protodesk-tmp-folder']) {
      await utimes(join(folder, ...path.split('/')), longAgo, longAgo);
    }
    const before = await snapshot(folder);
    const state = (await newService().workspace.open({ folder })) as WorkspaceState;
    expect(state.problems).toEqual([]);
    expect(await snapshot(folder)).toEqual(before);
  });

  test('a folder with files but no protodesk.json: nothing is created until confirmed, then only protodesk.json', async () => {
    const folder = await mkdtemp(join(scratch, 'project-'));
    await mkdir(join(folder, 'collections'));
    await writeFile(join(folder, 'README.md'), '# my project\n');
    await writeFile(join(folder, 'collections', 'broken.json'), '{"format": 1, "method": ');
    const before = await snapshot(folder);
    const service = newService();
    expect(await service.workspace.open({ folder })).toEqual({ needsConfirmation: true, folder });
    expect(await service.workspace.open({ folder, create: false })).toEqual({
      needsConfirmation: true,
      folder,
    });
    expect(await snapshot(folder)).toEqual(before);
    const state = (await service.workspace.open({ folder, create: true })) as WorkspaceState;
    expect(state.folder).toBe(folder);
    const after = await snapshot(folder);
    expect([...after.keys()]).toEqual([...before.keys(), 'protodesk.json'].sort());
    for (const [path, bytes] of before) expect(after.get(path)).toBe(bytes);
  });

  test('an empty or missing folder becomes a workspace directly (the person chose a new workspace)', async () => {
    const empty = await mkdtemp(join(scratch, 'empty-'));
    const missing = join(scratch, 'missing', 'workspace');
    const service = newService();
    for (const folder of [empty, missing]) {
      expect(((await service.workspace.open({ folder })) as WorkspaceState).folder).toBe(folder);
      expect([...(await snapshot(folder)).keys()]).toEqual(['protodesk.json']);
    }
  });
});
