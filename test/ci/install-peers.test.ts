import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { peers } from '../helpers/peer-paths';

const run = promisify(execFile);
const script = fileURLToPath(new URL('../../.ci/install-peers.sh', import.meta.url));

/** What each build leaves in the cache: a rebuild rewrites it. */
const outputs = [
  'bin/go-reflect',
  'bin/go-reflect.sum',
  'bin/grpcurl',
  'bin/grpcurl.version',
  'java-reflect/build.sha256',
  'venv/.requirements.sha256',
  'electron-9.4.1/electron',
].map((file) => join(peers.cache, file));

const modified = (): number[] => outputs.map((file) => statSync(file).mtimeMs);

// The global setup ran the script before this file, so this is a second run on a warm cache.
test('a second run of install-peers builds nothing, rewrites nothing, and takes seconds', async () => {
  const before = modified();
  const started = Date.now();
  const { stdout } = await run('bash', [script], { env: { ...process.env, PROTODESK_CACHE: peers.cache } });
  const seconds = (Date.now() - started) / 1000;

  expect(stdout).not.toMatch(/building|installing|creating|unpacking/);
  for (const peer of ['go-reflect', 'grpcurl v1.9.4', 'java-reflect', 'Python venv'])
    expect(stdout).toContain(`install-peers: ${peer} is up to date`);
  expect(stdout).toContain('install-peers: Electron 9.4.1 is unpacked');
  expect(modified()).toEqual(before);
  // Warm: about 2 s on two busy cores. A cold build of the Go peer alone takes minutes.
  expect(seconds).toBeLessThan(30);
});
