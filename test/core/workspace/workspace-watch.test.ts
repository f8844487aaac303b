import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { encodeWorkspaceFile } from '../../../src/core/workspace/file-format';
import { WorkspaceFiles } from '../../../src/core/workspace/workspace-files';
import type { SavedRequest } from '../../../src/shared/workspace';

const request: SavedRequest = { method: 'a.B/C', target: 'localhost:1', metadata: [], body: { n: 1 } };
const edited = (n: number): string => encodeWorkspaceFile('request', { ...request, body: { n } });

let folder: string;
let files: WorkspaceFiles;
let stop: () => void;
let reports: string[][];
/** How many reports the tests have looked at. */
let looked: number;
let waiters: (() => void)[];
let markers = 0;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'protodesk-watch-'));
  files = await WorkspaceFiles.open(folder);
  await files.saveRequest('collections/c/r.json', request, null, false);
  await mkdir(path('tls'));
  reports = [];
  looked = 0;
  waiters = [];
  const watching = files.watch((paths) => {
    reports.push(paths);
    waiters.splice(0).forEach((wake) => wake());
  });
  stop = watching;
  await watching.ready;
});
afterEach(async () => {
  stop();
  await rm(folder, { recursive: true, force: true });
});

/**
 * The paths reported since the last look, for every change made until now: someone else then writes a marker file,
 * and the reports are collected up to the marker's. The watcher sees the earlier changes first, so they are reported
 * before the marker or with it, never after (fails when the marker is not reported within 10 s).
 */
async function reportedChanges(): Promise<string[]> {
  const marker = `tls/marker-${++markers}.json`;
  await writeFile(path(marker), '{"format": 1, "mode": "plaintext"}\n');
  await new Promise<void>((resolve, reject) => {
    const deadline = setTimeout(
      () => reject(new Error(`the watcher did not report ${marker} within 10 s`)),
      10_000,
    );
    const check = (): void => {
      if (!reports.some((paths) => paths.includes(marker))) return void waiters.push(check);
      clearTimeout(deadline);
      resolve();
    };
    check();
  });
  const seen = reports.slice(looked).flat();
  looked = reports.length;
  return [...new Set(seen)].filter((changed) => changed !== marker).sort();
}

const path = (...parts: string[]): string => join(folder, ...parts);

test('a plain write by someone else is reported with its workspace-relative path', async () => {
  await writeFile(path('collections', 'c', 'r.json'), edited(2));
  expect(await reportedChanges()).toEqual(['collections/c/r.json']);
  await mkdir(path('environments'));
  await writeFile(path('environments', 'dev.json'), '{"format": 1, "variables": {}, "secrets": []}\n');
  expect(await reportedChanges()).toEqual(['environments/dev.json']);
});

test("the object's own saves, deletions and imports are not reported; files that are not workspace files neither", async () => {
  const { version } = await files.readRequest('collections/c/r.json');
  await files.saveRequest('collections/c/r.json', { ...request, target: 'other:1' }, version, false);
  await files.saveEnvironment('dev', { variables: { a: 'b' }, secrets: [] }, null, false);
  await files.saveTlsProfile('p', { mode: 'insecure' }, null, false);
  await files.saveRequest('collections/c/deep/x.json', request, null, false);
  await files.deleteRequest('collections/c/deep/x.json');
  const bundle = path('bundle.json');
  await files.exportCollection('c', bundle);
  await files.importCollection(bundle);
  await writeFile(path('README.md'), 'hello');
  await mkdir(path('node_modules', 'x'), { recursive: true });
  await writeFile(path('node_modules', 'x', 'package.json'), '{}');
  await writeFile(path('collections', 'c', 'notes.txt'), 'not a request');
  expect(await reportedChanges()).toEqual([]);

  // Still watching: a change by someone else afterwards is reported alone.
  await writeFile(path('tls', 'p.json'), '{"format": 1, "mode": "plaintext"}\n');
  expect(await reportedChanges()).toEqual(['tls/p.json']);
});

test('a save by rename (write a temporary file, rename it over), as editors and git do, is reported', async () => {
  await writeFile(path('collections', 'c', 'r.json.tmp-editor'), edited(3));
  await rename(path('collections', 'c', 'r.json.tmp-editor'), path('collections', 'c', 'r.json'));
  expect(await reportedChanges()).toEqual(['collections/c/r.json']);
});

test('a git checkout that changes and deletes files is reported', async () => {
  const git = (...args: string[]): Promise<unknown> =>
    promisify(execFile)(
      'git',
      ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'init.defaultBranch=main', ...args],
      { cwd: folder },
    );
  await files.saveEnvironment('dev', { variables: { host: 'a' }, secrets: [] }, null, false);
  await git('init', '-q');
  await git('add', '-A');
  await git('commit', '-qm', 'one');
  await git('checkout', '-qb', 'other');
  await writeFile(
    path('environments', 'dev.json'),
    '{"format": 1, "variables": {"host": "b"}, "secrets": []}\n',
  );
  await rm(path('collections', 'c', 'r.json'));
  await git('commit', '-qam', 'two');
  expect(await reportedChanges()).toEqual(['collections/c/r.json', 'environments/dev.json']);

  await git('checkout', '-q', 'main');
  expect(await reportedChanges()).toEqual(['collections/c/r.json', 'environments/dev.json']);
});
