import { execFile } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { protodesk, snapshot } from './harness';

const run = promisify(execFile);
const fixtures = new URL('../../fixtures/', import.meta.url).pathname;
const protos = join(fixtures, 'protos');

// Output paths that cannot take the report, through the real executable: refused as usage errors (exit 2) before
// anything runs, instead of failing after a whole run; the workspace and the folders named are left as they were.
describe('output files that cannot be written', () => {
  let dir: string;
  let workspace: string;
  let before: Record<string, string>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'protodesk-hints-'));
    await chmod(dir, 0o755);
    // The workspace names its protos as ../../protos: copy both, keeping that layout.
    workspace = join(dir, 'workspaces', 'interop');
    await cp(join(fixtures, 'workspaces', 'interop'), workspace, { recursive: true });
    await cp(protos, join(dir, 'protos'), { recursive: true });
    await mkdir(join(dir, 'reports'));
    await mkdir(join(dir, 'read-only'), { mode: 0o555 });
    await run('mkfifo', [join(dir, 'report.fifo')]);
    await writeFile(join(dir, 'a-file'), 'not a folder');
    before = await snapshot(dir);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** `protodesk run` of the copied workspace with the junit report to `output`. */
  const runTo = (output: string, unprivileged = false) =>
    protodesk(['run', workspace, '--reporter', 'junit', '--output', output], { unprivileged });

  const usage = (message: string) => ({ code: 2, out: '', err: `protodesk: ${message}\n` });

  test('run --output naming a folder says so and suggests a file in it, before running anything', async () => {
    const folder = join(dir, 'reports');
    expect(await runTo(folder)).toEqual(
      usage(`--output ${folder} is a folder: name a file inside it, e.g. ${join(folder, 'protodesk.xml')}.`),
    );
  });

  test('run --output naming a pipe is refused without opening it', async () => {
    const fifo = join(dir, 'report.fifo');
    expect(await runTo(fifo)).toEqual(usage(`--output ${fifo} is a named pipe (FIFO): name a regular file.`));
  });

  test('run --output through a file, or into a folder this user cannot write, is refused up front', async () => {
    const through = join(dir, 'a-file', 'report.xml');
    expect(await runTo(through)).toEqual(
      usage(`--output ${through}: ${join(dir, 'a-file')} is a regular file, not a folder.`),
    );
    const readOnly = join(dir, 'read-only', 'report.xml');
    expect(await runTo(readOnly, true)).toEqual(
      usage(
        `--output ${readOnly} cannot be written (permission denied: new files cannot be created in ${join(dir, 'read-only')}). Name a file in a folder you can write to.`,
      ),
    );
  });

  test('protoset -o into a folder that does not exist, or naming a folder, fails before loading the schema', async () => {
    const schema = ['--proto', join(protos, 'grpc/testing/test.proto'), '-I', protos];
    const missing = join(dir, 'missing', 'schema.protoset');
    expect(await protodesk(['protoset', '-o', missing, ...schema])).toEqual(
      usage(
        `--output ${missing}: the folder ${join(dir, 'missing')} does not exist. Create it first, or name another.`,
      ),
    );
    const folder = join(dir, 'reports');
    expect(await protodesk(['protoset', '-o', folder, ...schema])).toEqual(
      usage(
        `--output ${folder} is a folder: name a file inside it, e.g. ${join(folder, 'schema.protoset')}.`,
      ),
    );
  });

  // Runs last: no report, no temporary file, no created folder, and the workspace untouched.
  test('nothing on disk changed', async () => {
    expect(await snapshot(dir)).toEqual(before);
  });
});
