// A load test in browser mode: over a real WebSocket, the page that started it receives its `load` and `loadEnded`
// events, and a page that goes away (tab closed) leaves no run behind.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { WebSocket } from 'ws';
import { type RequestFrame } from '../../src/shared/api/frames';
import { frameReader } from '../helpers/frame-reader';
import type { ApiEvent, ApiResult } from '../../src/shared/api/types';
import type { LoadReport } from '../../src/shared/load';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import { openApi, startPageHost, type PageHost } from './host-harness';

const protoRoot = fileURLToPath(new URL('../fixtures/protos', import.meta.url));

let served: PageHost;
let go: GoReflectServer;
let scratch: string;

beforeAll(async () => {
  [served, go, scratch] = await Promise.all([
    startPageHost(),
    startGoReflect(),
    mkdtemp(join(tmpdir(), 'protodesk-host-load-')),
  ]);
});
afterAll(async () => {
  await served?.close();
  await go?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** A page over the API socket: numbered requests, and every event it receives. */
async function page() {
  const ws: WebSocket = await openApi(served.host.port, { query: `?token=${served.host.token}` });
  const events: ApiEvent[] = [];
  const waiting = new Map<number, (result: ApiResult<unknown>) => void>();
  let next = 0;
  const read = frameReader();
  ws.on('message', (data) => {
    const frame = read(data);
    if (!frame) return;
    if (frame.kind === 'result') waiting.get(frame.id)?.(frame.result);
    else events.push(frame.event);
  });
  const value = async <T>(op: string, input?: unknown): Promise<T> => {
    next += 1;
    const frame: RequestFrame = { id: next, op, input };
    const result = await new Promise<ApiResult<unknown>>((resolve) => {
      waiting.set(frame.id, resolve);
      ws.send(JSON.stringify(frame));
    });
    if (!result.ok) throw new Error(result.failure.message);
    return result.value as T;
  };
  const source = await value<{ id: string }>('sources.add', {
    source: {
      kind: 'protoFiles',
      files: [`${protoRoot}/grpc/testing/test.proto`],
      importPaths: [protoRoot],
    },
  });
  return { ws, events, value, sourceId: source.id };
}

const emptyCall = () => ({
  target: `127.0.0.1:${go.port}`,
  tls: { mode: 'plaintext' },
  method: 'grpc.testing.TestService/EmptyCall',
  metadata: [],
  requests: ['{}'],
});

test('the page that started a load test receives its snapshots and its end; another page receives nothing', async () => {
  const starter = await page();
  const other = await page();
  const plan = { model: { kind: 'closed', concurrency: 2, durationMs: 1_500 }, workers: 1 };
  await starter.value('load.start', {
    runId: 'host-run-1',
    sourceId: starter.sourceId,
    request: emptyCall(),
    plan,
  });
  await expect
    .poll(() => starter.events.find((e) => e.type === 'loadEnded' && e.runId === 'host-run-1'), {
      timeout: 30_000,
    })
    .toBeDefined();
  const snapshots = starter.events.filter((e) => e.type === 'load' && e.runId === 'host-run-1');
  expect(snapshots.length).toBeGreaterThanOrEqual(1);
  const end = starter.events.find((e) => e.type === 'loadEnded');
  expect(end?.type === 'loadEnded' && end.report?.statusCounts).toEqual({
    OK: end?.type === 'loadEnded' ? end.report?.count : -1,
  });
  expect(other.events.filter((e) => e.type === 'load' || e.type === 'loadEnded')).toEqual([]);
  starter.ws.close();
  other.ws.close();
});

test('closing the page stops its running load test', async () => {
  const starter = await page();
  const plan = { model: { kind: 'closed', concurrency: 2, durationMs: 600_000 }, workers: 1 };
  await starter.value('load.start', {
    runId: 'host-run-2',
    sourceId: starter.sourceId,
    request: emptyCall(),
    plan,
  });
  await expect
    .poll(() => starter.events.find((e) => e.type === 'load' && e.snapshot.count > 0), { timeout: 30_000 })
    .toBeDefined();
  const closed = new Promise((resolve) => starter.ws.once('close', resolve));
  starter.ws.close();
  await closed;
  // Its report is kept once it has ended: stopped long before its ten minutes.
  const file = join(scratch, 'stopped.json');
  await expect
    .poll(
      () =>
        served.service.load.saveReport({ runId: 'host-run-2', path: file, format: 'json' }).then(
          () => 'saved',
          (e: Error) => e.message,
        ),
      {
        timeout: 30_000,
      },
    )
    .toBe('saved');
  const report = JSON.parse(await readFile(file, 'utf8')) as LoadReport;
  expect(report.stopped).toBe(true);
  expect(report.elapsedMs).toBeLessThan(60_000);
});
