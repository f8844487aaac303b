// Which protocol a call uses, through the ways a saved request is called: the app (startCall with the tab's context),
// `protodesk run`, and a load test from the page. The server is grpc-go behind improbable-eng's gRPC-Web wrapper on HTTP/1.1: a gRPC call cannot
// reach it (UNAVAILABLE) and a gRPC-Web call ends OK, so the status shows which rule applied. History records the
// protocol as sent.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { EngineService } from '../../../src/core/service';
import { runWorkspace } from '../../../src/core/service/run/runner';
import { FileSecretStore } from '../../../src/core/workspace/secrets';
import { savedCallRequest } from '../../../src/core/workspace/saved-call';
import type { CallProtocol } from '../../../src/shared/call';
import type { LoadPlan } from '../../../src/shared/load';
import type { SavedRequest } from '../../../src/shared/workspace';
import { startGoReflect, type GoReflectServer } from '../../peers/go-reflect/server';
import { eventService, testProtoSource } from './service-harness';

let server: GoReflectServer;
let service: EngineService;
let app: ReturnType<typeof eventService>;
let folder: string;
let sourceId: string;

beforeAll(async () => {
  server = await startGoReflect({ grpcWeb: true });
  folder = await mkdtemp(join(tmpdir(), 'protodesk-context-protocol-'));
  app = eventService({ acknowledge: true });
  service = app.service;
  await service.workspace.open({ folder });
  sourceId = (await service.sources.add({ source: testProtoSource })).id;
  const host = `127.0.0.1:${server.port}`;
  await service.workspace.saveEnvironment({
    name: 'web',
    file: { variables: { host }, secrets: [], protocol: 'grpc-web' },
    secrets: {},
    baseVersion: null,
    overwrite: false,
  });
  await service.workspace.saveEnvironment({
    name: 'plain',
    file: { variables: { host }, secrets: [] },
    secrets: {},
    baseVersion: null,
    overwrite: false,
  });
});
afterAll(async () => {
  await service?.close();
  await server?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const saved = (protocol?: CallProtocol): SavedRequest => ({
  method: 'grpc.testing.TestService/EmptyCall',
  target: '{{host}}',
  metadata: [],
  body: {},
  options: { deadlineMs: 5_000 },
  ...(protocol !== undefined ? { protocol } : {}),
});

// [environment, the protocol the request names] → the status, and the protocol history records.
const cases: [string, CallProtocol | undefined, string, CallProtocol | undefined][] = [
  ['web', undefined, 'OK', 'grpc-web'], // none named: the environment's
  ['plain', undefined, 'UNAVAILABLE', undefined], // none anywhere: gRPC
  ['plain', 'grpc-web', 'OK', 'grpc-web'],
  ['web', 'grpc', 'UNAVAILABLE', undefined], // the request's own wins over the environment's
];

describe("a saved request's protocol: the one it names, else the environment's, else gRPC", () => {
  test('in the app, with the protocol sent recorded in history', async () => {
    for (const [environment, protocol, status, recorded] of cases) {
      const request = savedCallRequest(saved(protocol), { mode: 'plaintext' });
      const { callId } = await service.calls.start({ sourceId, request, context: { environment } });
      // The outcome follows the history entry's writing.
      await app.next((event) =>
        event.type === 'outcome' && event.outcome.callId === callId ? true : undefined,
      );
      const [summary] = await service.history.list({ limit: 1 });
      const entry = await service.history.entry({ id: summary!.id });
      expect([environment, protocol, entry.status.name, entry.request.protocol]).toEqual([
        environment,
        protocol,
        status,
        recorded,
      ]);
    }
  });

  test('in protodesk run', async () => {
    for (const [environment, protocol, status] of cases) {
      await service.workspace.saveRequest({
        path: 'collections/c/r.json',
        request: saved(protocol),
        baseVersion: null,
        overwrite: true,
      });
      const secrets = new FileSecretStore(join(folder, '..', `${environment}-unused-secrets.json`));
      const [result] = (await runWorkspace({ folder, environment, secrets })).results;
      expect([environment, protocol, result?.status?.name]).toEqual([environment, protocol, status]);
    }
  });

  test('in a load test from the page', async () => {
    for (const [environment, protocol, status] of cases) {
      const runId = `load-${environment}-${protocol ?? 'none'}`;
      const request = savedCallRequest(saved(protocol), { mode: 'plaintext' });
      const plan: LoadPlan = { model: { kind: 'closed', concurrency: 2, total: 20 }, workers: 1 };
      await service.load.start({ runId, sourceId, request, context: { environment }, plan });
      const end = await app.next(
        (event) => (event.type === 'loadEnded' && event.runId === runId ? event : undefined),
        30_000,
      );
      expect([environment, protocol, end.report?.statusCounts]).toEqual([
        environment,
        protocol,
        { [status]: 20 },
      ]);
    }
  });
});
