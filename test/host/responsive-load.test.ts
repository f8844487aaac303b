// Browser mode end to end: `protodesk serve` (the built command, in its own process) answers its page's WebSocket
// and keeps a server stream flowing while it imports googleapis.
import { relative } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { WebSocket } from 'ws';
import { googleapisRoot } from '../../bench/googleapis';
import { findProtoFiles } from '../../src/core/schema/proto-folder';
import { type RequestFrame } from '../../src/shared/api/frames';
import { frameReader } from '../helpers/frame-reader';
import type { ApiResult, SourceState, StartedCall } from '../../src/shared/api/types';
import { startServe, type ServeProcess } from '../e2e/helpers/serve';
import { protoRoot } from '../e2e/helpers/paths';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import { openApi } from './host-harness';
import { batchEvents } from '../helpers/batch-entries';

let go: GoReflectServer;
let serve: ServeProcess;

beforeAll(async () => {
  [go, serve] = await Promise.all([startGoReflect(), startServe()]);
});
afterAll(async () => {
  await serve?.stop();
  await go?.stop();
});

/** The page's side of the socket: requests answered by id, with the time each took; stream messages timed as they come. */
function timedPage(ws: WebSocket) {
  let next = 0;
  const waiting = new Map<number, (result: ApiResult<unknown>) => void>();
  const arrivals: number[] = [];
  const read = frameReader();
  ws.on('message', (data) => {
    const frame = read(data);
    if (!frame) return;
    if (frame.kind === 'result') {
      waiting.get(frame.id)?.(frame.result);
      return;
    }
    if (frame.event.type !== 'call') return;
    const { batch } = frame.event;
    for (const event of batchEvents(batch)) if (event.type === 'message') arrivals.push(performance.now());
    // Acknowledged at once, as a page that keeps up does: the engine sends more only once the page has caught up.
    ws.send(
      JSON.stringify({
        id: ++next,
        op: 'calls.acknowledge',
        input: { callId: batch.callId, seq: batch.seq },
      }),
    );
  });
  const value = <T>(op: string, input?: unknown): Promise<T> =>
    new Promise((resolve, reject) => {
      const frame: RequestFrame = { id: ++next, op, input };
      waiting.set(frame.id, (result) =>
        result.ok ? resolve(result.value as T) : reject(new Error(result.failure.message)),
      );
      ws.send(JSON.stringify(frame));
    });
  return { value, arrivals };
}

// See test/core/service/responsive-load.test.ts: a blocked engine answers after seconds, a free one in milliseconds.
const blockedMs = 2000;

test('while googleapis imports, listSources answers over the socket and a server stream keeps arriving', async () => {
  const url = new URL(serve.url);
  const page = timedPage(await openApi(Number(url.port), { query: url.search }));
  const grpc = await page.value<SourceState>('sources.add', {
    source: {
      kind: 'protoFiles',
      files: [`${protoRoot}/grpc/testing/test.proto`],
      importPaths: [protoRoot],
    },
  });
  const responseParameters = Array.from({ length: 12_000 }, () => ({ size: 1, intervalUs: 20_000 }));
  const started = await page.value<StartedCall>('calls.start', {
    sourceId: grpc.id,
    request: {
      target: `127.0.0.1:${go.port}`,
      tls: { mode: 'plaintext' },
      method: 'grpc.testing.TestService/StreamingOutputCall',
      metadata: [],
      requests: [JSON.stringify({ responseParameters })],
    },
  });
  const files = (await findProtoFiles(googleapisRoot)).filter(
    (f) => !relative(googleapisRoot, f).startsWith('google/protobuf/'),
  );

  const importStart = performance.now();
  let imported: SourceState | undefined;
  const importing = page
    .value<SourceState>('sources.add', {
      source: { kind: 'protoFiles', files, importPaths: [googleapisRoot] },
    })
    .then((state) => (imported = state));
  const roundTrips: number[] = [];
  while (!imported) {
    const start = performance.now();
    await page.value('sources.list');
    roundTrips.push(performance.now() - start);
    // Paced like a page polling now and then; each round trip crosses the socket, so a blocked engine delays it.
    await Promise.race([importing, new Promise((resolve) => setTimeout(resolve, 25))]);
  }
  const importEnd = performance.now();
  await page.value('calls.cancel', { callId: started.callId });

  expect(imported.status).toBe('loaded');
  expect(imported.services.length).toBeGreaterThan(1500);
  const during = page.arrivals.filter((t) => t >= importStart && t <= importEnd);
  const gaps = during.slice(1).map((t, i) => t - (during[i] ?? t));
  const sorted = [...roundTrips].sort((a, b) => a - b);
  console.log(
    `browser mode, googleapis import ${((importEnd - importStart) / 1000).toFixed(1)} s: ${roundTrips.length} listSources` +
      ` round trips over the socket, median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} ms, max` +
      ` ${sorted.at(-1)?.toFixed(1)} ms; ${during.length} stream messages, longest gap ${Math.max(...gaps).toFixed(0)} ms`,
  );
  expect(during.length).toBeGreaterThan((importEnd - importStart) / blockedMs);
  expect(Math.max(...gaps)).toBeLessThan(blockedMs);
  expect(roundTrips.length).toBeGreaterThan(10);
  expect(Math.max(...roundTrips)).toBeLessThan(blockedMs);
}, 400_000);
