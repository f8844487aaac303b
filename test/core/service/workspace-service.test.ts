// The workspace through the service, as the page uses it: sources saved in protodesk.json, calls with variables,
// secrets, captures, assertions and history, and changes made on disk by someone else.
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { EngineService } from '../../../src/core/service';
import type { CallRequest } from '../../../src/shared/call';
import type { CallOutcome, WorkspaceState } from '../../../src/shared/workspace';
import { filesUnder } from '../../helpers/files-under';
import { startGoReflect, type GoReflectServer } from '../../peers/go-reflect/server';
import { eventService, failureOf, freshDataDir, testProtoSource } from './service-harness';

let go: GoReflectServer;
let scratch: string;
const services: EngineService[] = [];

beforeAll(async () => {
  go = await startGoReflect();
  scratch = await mkdtemp(join(tmpdir(), 'protodesk-workspace-service-'));
});
afterAll(async () => {
  await go?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.close()));
});

/** A service over its own data folder that keeps every event it emits, closed after each test. */
function newService(dataDir = freshDataDir()) {
  const recording = eventService({ dataDir });
  services.push(recording.service);
  return recording;
}

const unary = (
  target: string,
  body = '{"responseSize": 3, "payload": {"body": "{{word}}"}}',
): CallRequest => ({
  target,
  tls: { mode: 'plaintext' },
  method: 'grpc.testing.TestService/UnaryCall',
  metadata: [{ key: 'authorization', value: 'Bearer {{token}}' }],
  requests: [body],
});

describe('the workspace through the service', () => {
  test('sources added are saved in protodesk.json with relative paths and load again in a new session', async () => {
    const folder = join(scratch, 'api-repo');
    const first = newService();
    await first.service.workspace.open({ folder });
    const before = await readFile(join(folder, 'protodesk.json'), 'utf8');
    const source = await first.service.sources.add({
      source: {
        kind: 'protoFolder',
        folder: join(folder, '..', '..', 'fixture-protos-not-inside'),
      },
    });
    expect(source.status).toBe('failed');
    // A failed import is listed (with its problems) but not saved: cancelling it leaves the workspace as it was.
    expect(await readFile(join(folder, 'protodesk.json'), 'utf8')).toBe(before);
    const interop = await first.service.sources.add({ source: testProtoSource });
    expect(interop.status).toBe('loaded');
    const manifest = JSON.parse(await readFile(join(folder, 'protodesk.json'), 'utf8')) as {
      format: number;
      sources: unknown[];
    };
    expect(manifest.format).toBe(1);
    expect(manifest.sources).toHaveLength(1);
    const saved = await readFile(join(folder, 'protodesk.json'), 'utf8');

    await first.service.sources.remove({ sourceId: source.id });
    expect(await readFile(join(folder, 'protodesk.json'), 'utf8')).toBe(saved);
    const second = newService(first.dataDir); // same data folder: the last workspace opens again
    const sources = await second.service.sources.list();
    expect(sources.map((s) => s.label)).toEqual(['test.proto']);
    expect((await second.service.workspace.state()).folder).toBe(folder);
  });

  test('a failed source is saved once a reload loads it, and only then', async () => {
    const folder = join(scratch, 'later');
    const protos = join(scratch, 'later-protos');
    const { service } = newService();
    await service.workspace.open({ folder });
    const failed = await service.sources.add({ source: { kind: 'protoFolder', folder: protos } });
    expect(failed.status).toBe('failed');
    await mkdir(protos);
    await writeFile(join(protos, 'hello.proto'), 'syntax = "proto3";\nmessage Hello { string name = 1; }\n');
    expect((await service.sources.reload({ sourceId: failed.id })).status).toBe('loaded');
    const manifest = JSON.parse(await readFile(join(folder, 'protodesk.json'), 'utf8')) as {
      sources: unknown[];
    };
    expect(manifest.sources).toEqual([{ kind: 'protoFolder', folder: protos }]);
  });

  test('a call fills variables from the environment and secrets, records history without the secret, and reports its outcome', async () => {
    const { service, next, dataDir } = newService();
    const state = await service.workspace.open({ folder: join(scratch, 'vars') });
    const { id } = await service.sources.add({ source: testProtoSource });
    await service.workspace.saveEnvironment({
      name: 'local',
      file: { variables: { host: `127.0.0.1:${go.port}`, word: 'aGk=' }, secrets: ['token'] },
      secrets: { token: 'very-secret-token-123' },
      baseVersion: null,
      overwrite: false,
    });
    const started = await service.calls.start({
      sourceId: id,
      request: unary('{{host}}'),
      context: {
        environment: 'local',
        captures: [{ variable: 'size', from: 'body', path: '$.payload.body' }],
        assertions: { status: 'OK', contains: { payload: { body: 'AAAA' } }, maxLatencyMs: 60_000 },
      },
    });
    const outcome = await next((event) =>
      event.type === 'outcome' && event.outcome.callId === started.callId ? event.outcome : undefined,
    );
    expect(outcome.assertions.every((result) => result.passed)).toBe(true);
    expect(outcome.captures).toEqual([{ variable: 'size', value: 'AAAA' }]);

    const [entry] = await service.history.list({});
    expect(entry).toMatchObject({
      method: 'grpc.testing.TestService/UnaryCall',
      target: `127.0.0.1:${go.port}`,
    });
    const full = await service.history.entry({ id: entry!.id });
    expect(full.request.metadata).toEqual([{ key: 'authorization', value: 'Bearer {{token}}' }]);

    // The secret is in the secrets file only (mode 0600): not in the workspace, not in history.
    for (const file of [
      ...(await filesUnder(state.folder)),
      ...(await filesUnder(join(dataDir, 'history'))),
    ]) {
      expect(file.text, file.path).not.toContain('very-secret-token-123');
    }
    expect((await stat(join(dataDir, 'secrets.json'))).mode & 0o777).toBe(0o600);
    expect((await service.workspace.readEnvironment({ name: 'local' })).value.storedSecrets).toEqual([
      'token',
    ]);
  });

  test('a captured value feeds the next request; an unresolved variable blocks the call, naming it', async () => {
    const { service, next } = newService();
    await service.workspace.open({ folder: join(scratch, 'capture') });
    const { id } = await service.sources.add({ source: testProtoSource });
    const target = `127.0.0.1:${go.port}`;
    const first = await service.calls.start({
      sourceId: id,
      request: { ...unary(target, '{"responseSize": 2}'), metadata: [] },
      context: {
        captures: [{ variable: 'word', from: 'body', path: '$.payload.body' }],
      },
    });
    await next((event) =>
      event.type === 'outcome' && event.outcome.callId === first.callId ? true : undefined,
    );

    const missing = await failureOf(
      service.calls.start({ sourceId: id, request: unary(target), context: {} }),
    );
    expect(missing.kind).toBe('invalidRequest');
    expect(missing.message).toContain('{{token}}');
    expect(missing.message).not.toContain('{{word}}'); // captured by the first call

    const failing = await service.calls.start({
      sourceId: id,
      request: { ...unary(target, '{"responseSize": 2}'), metadata: [] },
      context: {
        assertions: { status: 'NOT_FOUND' },
      },
    });
    const outcome = await next((event): CallOutcome | undefined =>
      event.type === 'outcome' && event.outcome.callId === failing.callId ? event.outcome : undefined,
    );
    expect(outcome.assertions).toEqual([
      expect.objectContaining({ assertion: 'status', passed: false, message: expect.stringContaining('OK') }),
    ]);
  });

  test('a request saved by another program is announced to the page; a stale save is refused as a conflict', async () => {
    const { service, next } = newService();
    const state = await service.workspace.open({ folder: join(scratch, 'watched') });
    const saved = await service.workspace.saveRequest({
      path: 'collections/smoke/Unary.json',
      request: {
        method: 'grpc.testing.TestService/UnaryCall',
        target: 'localhost:1',
        metadata: [],
        body: { a: 1 },
      },
      baseVersion: null,
      overwrite: false,
    });
    const file = join(state.folder, 'collections', 'smoke', 'Unary.json');
    await writeFile(file, (await readFile(file, 'utf8')).replace('localhost:1', 'localhost:2'));
    const change = await next((event): WorkspaceState | undefined =>
      event.type === 'workspace' && event.changedPaths.includes('collections/smoke/Unary.json')
        ? event.state
        : undefined,
    );
    expect(change.requests.map((request) => request.name)).toEqual(['Unary']);
    const stale = await failureOf(
      service.workspace.saveRequest({
        path: 'collections/smoke/Unary.json',
        request: {
          method: 'grpc.testing.TestService/UnaryCall',
          target: 'localhost:3',
          metadata: [],
          body: {},
        },
        baseVersion: saved.version,
        overwrite: false,
      }),
    );
    expect(stale.kind).toBe('conflict');
    expect((await service.workspace.readRequest({ path: 'collections/smoke/Unary.json' })).value.target).toBe(
      'localhost:2',
    );
  });
});
