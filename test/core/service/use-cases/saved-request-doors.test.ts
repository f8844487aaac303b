// A saved request is made a call by one rule (src/core/service/use-cases/saved-request.ts): `protodesk run`,
// `protodesk load --workspace` and Copy as grpcurl refuse the same broken request with the same words.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunReport } from '../../../../src/core/service/run/run-report';
import { WorkspaceFiles } from '../../../../src/core/workspace/workspace-files';
import type { SavedRequest } from '../../../../src/shared/workspace';
import { cli } from '../../../cli/call-harness';
import { engineFailure } from '../../../../src/core/service/failure';
import { protoRoot, recordingService } from '../service-harness';

const request = (tlsProfile: string): SavedRequest => ({
  method: 'grpc.testing.TestService/EmptyCall',
  target: '127.0.0.1:1',
  metadata: [],
  body: {},
  tlsProfile,
});

// What each front door must say, word for word: the profile named, what is wrong with it, and what to do.
const incomplete =
  'The TLS profile "half" cannot be used: This TLS profile uses mutual TLS but has no client certificate: fill in "Client certificate" in the TLS profile.';
const missing = /^The TLS profile "nope" cannot be used: \S.*$/;

let folder: string;
let dataDir: string;
let saved: Record<'half' | 'nope', SavedRequest>;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'protodesk-doors-'));
  dataDir = await mkdtemp(join(tmpdir(), 'protodesk-doors-data-'));
  process.env.PROTODESK_DATA_DIR = dataDir;
  const files = await WorkspaceFiles.open(folder);
  await files.saveManifest(
    {
      sources: [
        { kind: 'protoFiles', files: [join(protoRoot, 'grpc/testing/test.proto')], importPaths: [protoRoot] },
      ],
    },
    (await files.readManifest()).version,
    false,
  );
  await files.saveTlsProfile('half', { mode: 'mutual', keyFile: join(folder, 'client.key') }, null, false);
  saved = { half: request('half'), nope: request('nope') };
  await files.saveRequest('collections/doors/Half profile.json', saved.half, null, false);
  await files.saveRequest('collections/doors/Missing profile.json', saved.nope, null, false);
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

/** The words of each front door, for the saved request `doors/<name>`. */
async function refusals(name: 'Half profile' | 'Missing profile', profile: 'half' | 'nope') {
  const run = await cli(['run', folder, '--reporter', 'json']);
  expect(run.code).toBe(1);
  const report = JSON.parse(run.out) as RunReport;
  const ran = report.results.find((result) => result.name === name);

  const load = await cli(['load', '--workspace', folder, '--request', `doors/${name}`, '-n', '1']);
  expect(load.code).toBe(2);

  const { service } = recordingService({ dataDir });
  await service.workspace.open({ folder });
  const copy = await service.workspace.requestToGrpcurl({ request: saved[profile] }).then(
    () => undefined,
    (error: unknown) => engineFailure(error),
  );
  await service.close();
  const page = copy && `${copy.message}${copy.hint ? ` ${copy.hint}` : ''}`;
  return { run: ran?.error, load: load.err.replace(/^protodesk: /, '').trimEnd(), copy: page };
}

describe('the three front doors of a saved request say the same', () => {
  test('a TLS profile without a required field', async () => {
    expect(await refusals('Half profile', 'half')).toEqual({
      run: incomplete,
      load: incomplete,
      copy: incomplete,
    });
  });

  test('a TLS profile that does not exist', async () => {
    const words = await refusals('Missing profile', 'nope');
    expect(words.run).toMatch(missing);
    expect(words).toEqual({ run: words.run, load: words.run, copy: words.run });
  });
});
