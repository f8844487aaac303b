import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readBloomRpcState } from '../../../src/core/workspace/bloomrpc';
import { WorkspaceFileError } from '../../../src/core/workspace/errors';

const fixtures = new URL('../../fixtures/bloomrpc/', import.meta.url).pathname;
const ca = '/home/alice/certs/ca.pem';

describe('readBloomRpcState', () => {
  test('BloomRPC’s TLS entries become profiles and its environments become variables with their profile', async () => {
    const state = await readBloomRpcState(fixtures);
    expect(state.tlsProfiles).toEqual([
      { name: 'Server Certificate', profile: { mode: 'systemRoots' } },
      { name: 'ca', profile: { mode: 'customCa', caFiles: [ca], serverName: 'foo.test.google.fr' } },
      {
        name: 'ca + client',
        profile: {
          mode: 'mutual',
          caFiles: [ca],
          certFile: '/home/alice/certs/client.pem',
          keyFile: '/home/alice/certs/client.key',
        },
      },
      // Only an environment used this one: it is added under its own name.
      {
        name: 'qa-ca',
        profile: { mode: 'customCa', caFiles: ['/home/alice/qa/qa-ca.crt'], serverName: 'qa.internal' },
      },
    ]);
    expect(state.environments).toEqual([
      { name: 'local', file: { variables: { target: 'localhost:50051' }, secrets: [] } },
      {
        name: 'staging',
        file: {
          variables: { authorization: 'Bearer abc', 'x-tenant': '42', target: 'staging.example.com:443' },
          secrets: [],
          tlsProfile: 'Server Certificate',
        },
      },
      // "/" cannot be in a file name.
      {
        name: 'prod-eu',
        file: { variables: { target: 'grpc.eu.example.com:443' }, secrets: [], tlsProfile: 'ca + client' },
      },
      {
        name: 'mtls-qa',
        file: { variables: { target: 'qa.internal:8443' }, secrets: [], tlsProfile: 'qa-ca' },
      },
    ]);
    expect(state.skipped).toEqual([
      'TLS entry 4: it names no CA certificate file (rootCert), so there is nothing to trust.',
      'Environment "prod/eu": its metadata is not JSON (line 1, column 19: the text ends too early), so no variables were made from it.',
      'Environment "mtls-qa": the metadata key "x trace" cannot be a variable name (letters, digits, _ . - only; "target" is the URL).',
    ]);
  });

  test('choosing either file reads its sibling too; the same state comes back', async () => {
    const fromFolder = await readBloomRpcState(fixtures);
    expect(await readBloomRpcState(join(fixtures, 'tls.json'))).toEqual(fromFolder);
    expect(await readBloomRpcState(join(fixtures, 'environments.json'))).toEqual(fromFolder);
  });

  test('files that are not BloomRPC’s state are refused with where to find it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'protodesk-bloom-'));
    try {
      await expect(readBloomRpcState(join(fixtures, 'editor.json'))).rejects.toThrow(
        `${join(fixtures, 'editor.json')} holds no BloomRPC environments or TLS certificates.`,
      );
      await expect(readBloomRpcState(dir)).rejects.toBeInstanceOf(WorkspaceFileError);
      await writeFile(join(dir, 'tls.json'), '{"certificates": [');
      await expect(readBloomRpcState(join(dir, 'tls.json'))).rejects.toThrow(
        `${join(dir, 'tls.json')} is not a BloomRPC environments.json or tls.json (expected JSON; line 1, column 19: the text ends too early).`,
      );
      // A file that is not JSON at all: the message says what was expected, never what the file holds.
      await writeFile(join(dir, '.env'), 'DECOY_TOKEN=s3cr3t-decoy-value\n');
      const decoy = await readBloomRpcState(join(dir, '.env')).catch((error: WorkspaceFileError) => error);
      expect(decoy).toMatchObject({
        message: `${join(dir, '.env')} is not a BloomRPC environments.json or tls.json (expected JSON; line 1, column 1: expected a value).`,
        hint: 'Choose BloomRPC’s environments.json or tls.json.',
      });
      const missing = readBloomRpcState(join(dir, 'nothing.json'));
      await expect(missing).rejects.toThrow(/^Cannot read .*nothing\.json: no such file\.$/);
      await expect(missing).rejects.toMatchObject({
        hint: 'Choose BloomRPC’s environments.json or tls.json.',
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
