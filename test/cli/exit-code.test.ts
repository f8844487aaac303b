// The command line words an engine error as the page does (one mapping, engineFailure), with the hint on its own line.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runCli } from '../../src/cli/run';
import { engineFailure } from '../../src/core/service/failure';
import { WorkspaceFiles } from '../../src/core/workspace/workspace-files';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'protodesk-exit-code-'));
  await WorkspaceFiles.open(folder);
  await mkdir(join(folder, 'environments'));
  await writeFile(
    join(folder, 'environments', 'ci.json'),
    '{"format": 1, "variables": {"host": 7}, "secrets": []}',
  );
});
afterAll(() => rm(folder, { recursive: true, force: true }));

async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(args, { out: (t) => void (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

test('a broken environment file ends protodesk run with exit 1, the message and, on its own line, what to do', async () => {
  const { code, out, err } = await cli('run', folder, '--env', 'ci');
  const failure = engineFailure(
    await WorkspaceFiles.open(folder)
      .then((files) => files.readEnvironment('ci'))
      .catch((e: unknown) => e),
  );
  expect(failure).toMatchObject({
    kind: 'file',
    path: 'environments/ci.json',
    hint: 'Correct that field (or restore the file from git).',
  });
  expect({ code, out, err }).toEqual({
    code: 1,
    out: '',
    err: `protodesk: ${failure.message}\n  ${failure.hint}\n`,
  });
  expect(err).toContain('environments/ci.json does not hold a valid environment: variables.host');
});
