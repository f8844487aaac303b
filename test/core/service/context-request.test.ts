// Which TLS a call uses, through both ways a saved request is called: the app (startCall with the tab's context) and
// `protodesk run`. Against a TLS-only grpc-go server a plaintext call fails, so the status shows which rule applied.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { EngineService } from '../../../src/core/service';
import { runWorkspace } from '../../../src/core/service/run/runner';
import { FileSecretStore } from '../../../src/core/workspace/secrets';
import { savedCallRequest } from '../../../src/core/workspace/saved-call';
import type { CallRequest } from '../../../src/shared/call';
import type { CallContext, SavedRequest } from '../../../src/shared/workspace';
import { grpcGoTestdata } from '../../helpers/certs';
import { startGoReflect, type GoReflectServer } from '../../peers/go-reflect/server';
import { eventService, testProtoSource } from './service-harness';

const testdata = grpcGoTestdata();
const verified = { mode: 'customCa' as const, caFiles: [testdata.ca], serverName: 'foo.test.google.fr' };

let server: GoReflectServer;
let service: EngineService;
let folder: string;
let sourceId: string;
let startCall: (request: CallRequest, context: CallContext) => Promise<string>;

beforeAll(async () => {
  server = await startGoReflect({ cert: testdata.cert, key: testdata.key });
  folder = await mkdtemp(join(tmpdir(), 'protodesk-context-'));
  const app = eventService({ acknowledge: true });
  service = app.service;
  await service.workspace.open({ folder });
  sourceId = (await service.sources.add({ source: testProtoSource })).id;
  await service.tls.saveProfile({ name: 'verified', profile: verified, baseVersion: null, overwrite: false });
  await service.tls.saveProfile({
    name: 'plain',
    profile: { mode: 'plaintext' },
    baseVersion: null,
    overwrite: false,
  });
  const host = `127.0.0.1:${server.port}`;
  await service.workspace.saveEnvironment({
    name: 'tls',
    file: { variables: { host }, secrets: [], tlsProfile: 'verified' },
    secrets: {},
    baseVersion: null,
    overwrite: false,
  });
  await service.workspace.saveEnvironment({
    name: 'plain',
    file: { variables: { host }, secrets: [], tlsProfile: 'plain' },
    secrets: {},
    baseVersion: null,
    overwrite: false,
  });
  startCall = async (request, context) => {
    const { callId } = await service.calls.start({ sourceId, request, context });
    return app.until(() => {
      for (const event of app.events) {
        if (event.type !== 'call' || event.batch.callId !== callId) continue;
        const status = event.batch.entries.find((e) => e.type === 'status');
        if (status?.type === 'status') return status.status.name;
      }
      return undefined;
    });
  };
});
afterAll(async () => {
  await service?.close();
  await server?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const saved = (tlsProfile?: string): SavedRequest => ({
  method: 'grpc.testing.TestService/EmptyCall',
  target: '{{host}}',
  metadata: [],
  body: {},
  options: { deadlineMs: 5_000 },
  ...(tlsProfile !== undefined ? { tlsProfile } : {}),
});

// [environment, the profile the request names] → what the call ends with.
const cases: [string, string | undefined, string][] = [
  ['tls', undefined, 'OK'], // no profile named: the environment's
  ['plain', undefined, 'UNAVAILABLE'],
  ['tls', 'plain', 'UNAVAILABLE'], // the named profile wins over the environment's
  ['plain', 'verified', 'OK'],
];

describe("a saved request's TLS: the profile it names, else the environment's", () => {
  test('in the app', async () => {
    for (const [environment, tlsProfile, status] of cases) {
      // The page opens a saved request as a tab with no TLS fields of its own (plaintext) and its profile in the context.
      const request = savedCallRequest(saved(tlsProfile), { mode: 'plaintext' });
      const context = { environment, ...(tlsProfile !== undefined ? { tlsProfile } : {}) };
      expect([environment, tlsProfile, await startCall(request, context)]).toEqual([
        environment,
        tlsProfile,
        status,
      ]);
    }
  });

  test('in protodesk run', async () => {
    for (const [environment, tlsProfile, status] of cases) {
      await service.workspace.saveRequest({
        path: 'collections/c/r.json',
        request: saved(tlsProfile),
        baseVersion: null,
        overwrite: true,
      });
      const secrets = new FileSecretStore(join(folder, '..', `${environment}-unused-secrets.json`));
      const [result] = (await runWorkspace({ folder, environment, secrets })).results;
      expect([environment, tlsProfile, result?.status?.name]).toEqual([environment, tlsProfile, status]);
    }
  });

  test("in the app, a tab's own TLS fields stand when no profile is named, over the environment's profile", async () => {
    const ownTls: CallRequest['tls'] = {
      mode: 'tls',
      caFiles: [testdata.ca],
      serverName: 'foo.test.google.fr',
    };
    const request = { ...savedCallRequest(saved(), { mode: 'plaintext' }), tls: ownTls };
    expect(await startCall(request, { environment: 'plain' })).toBe('OK');
    expect(await startCall(request, { environment: 'plain', tlsProfile: 'plain' })).toBe('UNAVAILABLE');
  });
});
