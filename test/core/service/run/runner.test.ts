import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SavedRequest, SavedRequestEntry, WorkspaceState } from '../../../../src/shared/workspace';
import { RunSelectionError } from '../../../../src/core/service/run/runner-errors';
import { planRun } from '../../../../src/core/service/run/runner-plan';
import type { RequestRunResult } from '../../../../src/core/service/run/run-report';
import { runWorkspace } from '../../../../src/core/service/run/runner';
import { FileSecretStore, secretScope } from '../../../../src/core/workspace/secrets';
import { WorkspaceFiles } from '../../../../src/core/workspace/workspace-files';
import { grpcGoTestdata } from '../../../helpers/certs';
import { startGoReflect, type GoReflectServer } from '../../../peers/go-reflect/server';
import { freePort } from '../../../helpers/free-port';

const protos = new URL('../../../fixtures/protos/', import.meta.url).pathname;

describe('planRun: the order of a run', () => {
  const entry = (path: string, method = 'pkg.S/M'): SavedRequestEntry => {
    const parts = path.split('/');
    return {
      path: `collections/${path}.json`,
      collection: parts[0] ?? '',
      folders: parts.slice(1, -1),
      name: parts[parts.length - 1] ?? '',
      method,
    };
  };
  const state = (
    requests: SavedRequestEntry[],
    problems: WorkspaceState['problems'] = [],
  ): WorkspaceState => ({
    folder: '/w',
    name: 'w',
    isDefault: false,
    requests,
    environments: [],
    tlsProfiles: [],
    problems,
  });
  const order = (plan: ReturnType<typeof planRun>) =>
    plan.map((step) => step.entry.path.slice('collections/'.length, -'.json'.length));

  test("collections by name, then folder path, then name, in natural order; a folder's own requests first", () => {
    const paths = [
      'b/x',
      '10 users/a',
      '2 users/z',
      'a/f/10 y',
      'a/f/2 y',
      'a/10 top',
      'a/2 top',
      'a/f/g/1',
      'a/e/9',
    ];
    expect(order(planRun(state(paths.map((path) => entry(path)))))).toEqual([
      '2 users/z',
      '10 users/a',
      'a/2 top',
      'a/10 top',
      'a/e/9',
      'a/f/2 y',
      'a/f/10 y',
      'a/f/g/1',
      'b/x',
    ]);
  });

  test('--collection keeps one collection; unreadable request files stay in the plan, listed or only named by a problem', () => {
    const problem = (path: string) => ({ path: `collections/${path}.json`, message: `${path} is broken` });
    const plan = planRun(
      state(
        [entry('a/1 ok'), entry('a/3 newer', ''), entry('b/x')],
        [problem('a/3 newer'), problem('a/2 moved')],
      ),
      'a',
    );
    expect(plan.map((step) => [step.kind, step.entry.name])).toEqual([
      ['request', '1 ok'],
      ['unreadable', '2 moved'],
      ['unreadable', '3 newer'],
    ]);
  });

  test('an unknown collection is a selection error naming the collections there are', () => {
    expect(() => planRun(state([entry('b/x'), entry('a/y')]), 'c')).toThrow(
      new RunSelectionError('The workspace /w has no collection "c". Collections: "a", "b".'),
    );
  });
});

describe('runWorkspace against the grpc-go interop server over TLS', () => {
  let server: GoReflectServer;
  let blackhole: Server;
  const sockets = new Set<Socket>();
  let folder: string;
  let dataDir: string;
  let closedPort: number;

  beforeAll(async () => {
    const testdata = grpcGoTestdata();
    server = await startGoReflect({ cert: testdata.cert, key: testdata.key });
    // Accepts connections and never answers: without a deadline a call to it would wait forever.
    blackhole = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => blackhole.listen(0, '127.0.0.1', resolve));
    closedPort = await freePort();
    folder = await mkdtemp(join(tmpdir(), 'protodesk-runner-'));
    dataDir = await mkdtemp(join(tmpdir(), 'protodesk-runner-data-'));
    const files = await WorkspaceFiles.open(folder);
    await files.saveManifest(
      {
        sources: [
          { kind: 'protoFiles', files: [join(protos, 'grpc/testing/test.proto')], importPaths: [protos] },
        ],
      },
      (await files.readManifest()).version,
      false,
    );
    await files.saveTlsProfile(
      'interop',
      { mode: 'customCa', caFiles: [testdata.ca], serverName: '{{tlsName}}' },
      null,
      false,
    );
    await files.saveEnvironment(
      'ci',
      { variables: { host: `127.0.0.1:${server.port}` }, secrets: ['tlsName'], tlsProfile: 'interop' },
      null,
      false,
    );
    const request = (overrides: Partial<SavedRequest>): SavedRequest => ({
      method: 'grpc.testing.TestService/EmptyCall',
      target: '{{host}}',
      metadata: [],
      body: {},
      ...overrides,
    });
    const save = (path: string, value: SavedRequest) =>
      files.saveRequest(`collections/${path}.json`, value, null, false);
    await save('main/1 Environment profile', request({}));
    await save('main/2 Missing profile', request({ tlsProfile: 'nope' }));
    await save('main/3 Refused', request({ target: `127.0.0.1:${closedPort}` }));
    await save(
      'main/4 Silent server',
      request({ target: `127.0.0.1:${(blackhole.address() as { port: number }).port}` }),
    );
    await writeFile(join(folder, 'collections/main/5 Corrupt.json'), '{"format": 1, "method": ');
    await save('main/6 Client stream', {
      ...request({
        method: 'grpc.testing.TestService/StreamingInputCall',
        body: { payload: { body: 'AAAA' } },
      }),
      assertions: { contains: { aggregatedPayloadSize: 3 } },
    });
  });
  afterAll(async () => {
    await server?.stop();
    sockets.forEach((socket) => socket.destroy());
    blackhole?.close();
    await rm(folder, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  test('TLS profiles, secrets, client streams; what cannot run fails with a clear error and the run goes on', async () => {
    // The TLS profile's server name is a secret of the environment: it must come from the secret store.
    const secrets = new FileSecretStore(join(dataDir, 'secrets.json'));
    await secrets.set(secretScope(folder, 'ci'), 'tlsName', 'foo.test.google.fr');
    const seen: RequestRunResult[] = [];
    const started = Date.now();
    const report = await runWorkspace({
      folder,
      environment: 'ci',
      secrets,
      defaultDeadlineMs: 500,
      onResult: (result) => seen.push(result),
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(seen).toEqual(report.results);
    expect(report.passed).toBe(false);
    const byName = Object.fromEntries(report.results.map((result) => [result.name, result]));
    expect(report.results.map((result) => [result.name, result.passed])).toEqual([
      ['1 Environment profile', true],
      ['2 Missing profile', false],
      ['3 Refused', false],
      ['4 Silent server', false],
      ['5 Corrupt', false],
      ['6 Client stream', true],
    ]);
    expect(byName['1 Environment profile']).toMatchObject({
      status: { name: 'OK' },
      assertions: [{ assertion: 'status', passed: true, message: 'status is OK' }],
    });
    expect(byName['2 Missing profile']?.error).toMatch(/^The TLS profile "nope" cannot be used: /);
    expect(byName['2 Missing profile']?.status).toBeUndefined();
    expect(byName['3 Refused']).toMatchObject({ status: { name: 'UNAVAILABLE' } });
    expect(byName['3 Refused']?.error).toContain(`127.0.0.1:${closedPort}`);
    expect(byName['4 Silent server']).toMatchObject({
      status: { name: 'DEADLINE_EXCEEDED' },
      assertions: [{ assertion: 'status', passed: false }],
    });
    expect(byName['5 Corrupt']?.error).toContain('is not a valid saved request: it is not JSON');
    expect(byName['6 Client stream']?.assertions).toContainEqual({
      assertion: 'contains',
      passed: true,
      message: 'the response contains the expected JSON',
    });
  });

  test('an unknown environment is refused before anything runs, naming the environments there are', async () => {
    const secrets = new FileSecretStore(join(dataDir, 'secrets.json'));
    await expect(runWorkspace({ folder, environment: 'prod', secrets })).rejects.toThrow(
      new RunSelectionError(`The workspace ${folder} has no environment "prod". Environments: "ci".`),
    );
  });
});
