// Issue 14 §1 from the command line: the built `protodesk run` on a workspace in the middle of a real git merge
// conflict calls what parses, reports the conflicted files as not run, exits 1, and leaves git status and every
// byte of the workspace as they were (it never creates, moves or rewrites a file).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readJunitFile, validateJunitSchema } from '../../helpers/junit';
import {
  conflictedWorkspace,
  conflictHint,
  conflictProblem,
  treeState,
  unaryCall,
} from '../../helpers/git-workspace';
import { startGoReflect, type GoReflectServer } from '../../peers/go-reflect/server';

const bin = new URL('../../../bin/protodesk.js', import.meta.url).pathname;

let server: GoReflectServer;
let scratch: string;
beforeAll(async () => {
  server = await startGoReflect();
  scratch = await mkdtemp(join(tmpdir(), 'protodesk-run-conflicts-'));
});
afterAll(async () => {
  await server?.stop();
  await rm(scratch, { recursive: true, force: true });
});

/** The built executable; resolves with its exit code and output whatever the code. */
function protodesk(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { env: { ...process.env, PROTODESK_DATA_DIR: join(scratch, 'data') } },
      (error, out, err) => resolve({ code: error ? Number(error.code) : 0, out, err }),
    );
  });
}

test('a conflicted request is reported as not run with its message; the others run; an unused broken TLS profile does not matter', async () => {
  const folder = join(scratch, 'request-conflict');
  await conflictedWorkspace(folder, { manifestToo: false });
  // A TLS profile no request uses, with a wrong type in it: listed as a problem by the app, irrelevant to this run.
  await writeFile(join(folder, 'tls', 'unused.json'), '{"format": 1, "mode": "quantum"}');
  const before = await treeState(folder);
  const { code, out, err } = await protodesk('run', folder, '--var', `host=127.0.0.1:${server.port}`);
  expect(err).toBe('');
  const lines = out.trim().split('\n');
  expect(lines.slice(0, 3).map((line) => line.replace(/\d+ ms$/, 'N ms'))).toEqual([
    '✓ smoke/Empty  grpc.testing.TestService/EmptyCall  OK  N ms',
    '✗ smoke/Unary  ?  not run  N ms',
    `    error: ${conflictProblem(unaryCall, 7).message} ${conflictHint}`,
  ]);
  expect(lines.at(-1)).toMatch(/^2 requests: 1 passed, 1 failed \(1 could not run\);/);
  expect(out).not.toContain('tls/unused.json');
  expect(code).toBe(1);
  expect(await treeState(folder)).toEqual(before);
  expect(before.status).toBe(`UU ${unaryCall}\n M tls/unused.json\n`);
});

test('a conflicted protodesk.json: every request is an error in JUnit, exit 1, nothing on disk changed', async () => {
  const folder = join(scratch, 'manifest-conflict');
  await conflictedWorkspace(folder, { manifestToo: true });
  const report = join(scratch, 'reports', 'junit.xml');
  const before = await treeState(folder);
  const { code, err } = await protodesk(
    'run',
    folder,
    '--var',
    `host=127.0.0.1:${server.port}`,
    '--reporter',
    'junit',
    '--output',
    report,
  );
  expect(code).toBe(1);
  expect(err).toContain('2 requests: 0 passed, 2 failed (2 could not run)');
  await validateJunitSchema(report);
  expect(await readJunitFile(report)).toMatchObject({ tests: 2, failures: 0, errors: 2 });
  const xml = await readFile(report, 'utf8');
  expect(
    xml.match(/protodesk\.json \(line 11\): this file has unresolved git conflict markers\./g)?.length,
  ).toBe(4);
  expect(await treeState(folder)).toEqual(before);
});

test('a folder without protodesk.json is refused with exit 2, and nothing is created in it', async () => {
  const folder = join(scratch, 'not-a-workspace');
  await conflictedWorkspace(folder, { manifestToo: false });
  await rm(join(folder, 'protodesk.json'));
  const before = await treeState(folder);
  const { code, err } = await protodesk('run', folder);
  expect({ code, err }).toEqual({
    code: 2,
    err: `protodesk: ${folder} is not a Protodesk workspace: it has no protodesk.json.\n`,
  });
  expect(await treeState(folder)).toEqual(before);
});
