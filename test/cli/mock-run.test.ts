// `protodesk run --mock`: a collection runs against its workspace's mock in one command.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { cli } from './call-harness';

const workspace = new URL('../fixtures/workspaces/zoo-mock', import.meta.url).pathname;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'protodesk-run-mock-'));
  process.env.PROTODESK_DATA_DIR = dataDir;
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

test("every request goes to the workspace's mock, whatever its own target, and the run passes on its answers", async () => {
  const { code, out, err } = await cli(['run', workspace, '--mock', '--collection', 'client']);
  expect(err).toBe('');
  const lines = out.trim().split('\n');
  expect(lines[0]).toMatch(
    /^Mock serving 4 methods of 1 service on 127\.0\.0\.1:\d+ \(gRPC, gRPC-Web, Connect\)$/,
  );
  expect(lines.slice(1, 4).map((line) => line.replace(/\d+ ms$/, 'N ms'))).toEqual([
    '✓ client/1 Get tiger  zoo.v1.Zoo/GetAnimal  OK  N ms',
    '✓ client/2 Missing animal  zoo.v1.Zoo/GetAnimal  NOT_FOUND  N ms',
    '✓ client/3 List cats  zoo.v1.Zoo/ListAnimals  OK  N ms',
  ]);
  expect(code).toBe(0);
});

test('an assertion the mock does not satisfy fails the run with exit 1', async () => {
  const { code, out } = await cli(['run', workspace, '--mock', '--collection', 'wrong']);
  expect(out).toContain('✗ wrong/Expects a lion');
  expect(out).toContain('$.name: expected "Lion", got "Tiger 7"');
  expect(code).toBe(1);
});

test('without --mock the same requests go to their own (unreachable) server and fail', async () => {
  const { code, out } = await cli(['run', workspace, '--collection', 'client', '--deadline', '2s']);
  expect(out).not.toContain('Mock serving');
  expect(out).toContain('✗ client/1 Get tiger');
  expect(code).toBe(1);
});
