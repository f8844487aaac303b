import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

const run = promisify(execFile);
const bin = new URL('../../bin/protodesk.js', import.meta.url).pathname;
const protos = new URL('../fixtures/protos/', import.meta.url).pathname;

// The installed `protodesk` is the bundled build (dist/), not the sources: prove it runs on its own,
// including finding the bundled well-known protos next to the bundle.
test('the protodesk executable lists services from protos that import well-known types', async () => {
  const { stdout } = await run(process.execPath, [
    bin,
    'list',
    '--proto',
    `${protos}protodesk/wkt.proto`,
    '-I',
    protos,
  ]);
  expect(stdout.split('\n')).toContain('protodesk.wkt.Clock');
});

test('the protodesk executable exits 2 with a message on a usage error', async () => {
  const failure = await run(process.execPath, [bin, 'list']).then(
    () => undefined,
    (error: { code: number; stderr: string }) => error,
  );
  expect(failure?.code).toBe(2);
  expect(failure?.stderr).toContain('No schema given');
});
