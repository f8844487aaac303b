// Browser mode over real HTTP and a real WebSocket: the page, its headers, and the contract in frames.
// Every refusal has its own test in refusals.test.ts; loopback.test.ts proves where it listens.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { WebSocket } from 'ws';
import { type RequestFrame } from '../../src/shared/api/frames';
import { frameReader } from '../helpers/frame-reader';
import { CONTENT_SECURITY_POLICY } from '../../src/shared/page-security';
import type { ApiResult, CallEventBatch } from '../../src/shared/api/types';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import { exchange, indexHtml, openApi as openApiOn, startPageHost, type PageHost } from './host-harness';
import { batchEvents } from '../helpers/batch-entries';

const protoRoot = fileURLToPath(new URL('../fixtures/protos', import.meta.url));

let served: PageHost;
let go: GoReflectServer;

beforeAll(async () => {
  [served, go] = await Promise.all([startPageHost(), startGoReflect()]);
});

afterAll(async () => {
  await served?.close();
  await go?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  exchange(served.host.port, { path, headers });

describe('the page over HTTP', () => {
  test('the address is 127.0.0.1 with a long random token', () => {
    const { host } = served;
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/?token=${host.token}`);
    expect(host.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  test('the index comes with its token, the security headers and no caching', async () => {
    for (const path of ['/', '/index.html']) {
      const index = await get(`${path}?token=${served.host.token}`);
      expect(index.status).toBe(200);
      expect(index.body).toBe(indexHtml);
      expect(index.headers).toMatchObject({
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': CONTENT_SECURITY_POLICY,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cross-origin-resource-policy': 'same-origin',
        'cache-control': 'no-store',
      });
    }
  });

  test('the page files are served with their content types to the cookie the index set', async () => {
    const index = await get(`/?token=${served.host.token}`);
    const cookie = (index.headers['set-cookie'] ?? '').split(';')[0] ?? '';
    expect(await get('/app.js', { Cookie: cookie })).toMatchObject({
      status: 200,
      body: 'console.log("hi");',
      headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' },
    });
    expect((await get('/assets/codicon.ttf', { Cookie: cookie })).headers['content-type']).toBe('font/ttf');
  });
});

/** Opens the API socket as the page does: its token in the query, its origin. */
const openApi = (): Promise<WebSocket> =>
  openApiOn(served.host.port, { query: `?token=${served.host.token}` });

/** A page-side client of the frames: numbered requests, answers by id, events collected. */
function pageClient(ws: WebSocket) {
  let next = 0;
  const waiting = new Map<number, (result: ApiResult<unknown>) => void>();
  const batches: CallEventBatch[] = [];
  const onBatch = new Set<() => void>();
  const read = frameReader();
  ws.on('message', (data) => {
    const frame = read(data);
    if (!frame) return;
    if (frame.kind === 'result') waiting.get(frame.id)?.(frame.result);
    else if (frame.event.type === 'call') {
      batches.push(frame.event.batch);
      onBatch.forEach((f) => f());
    }
  });
  const call = (op: string, input?: unknown): Promise<ApiResult<unknown>> => {
    next += 1;
    const frame: RequestFrame = { id: next, op, input };
    const id = next;
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      ws.send(JSON.stringify(frame));
    });
  };
  const value = async <T>(op: string, input?: unknown): Promise<T> => {
    const result = await call(op, input);
    if (!result.ok) throw new Error(result.failure.message);
    return result.value as T;
  };
  const untilStatus = (callId: string) =>
    new Promise<CallEventBatch[]>((resolve) => {
      const check = () => {
        const mine = batches.filter((b) => b.callId === callId);
        if (mine.some((b) => b.entries.some((e) => e.type === 'status'))) resolve(mine);
      };
      onBatch.add(check);
      check();
    });
  return { call, value, batches, untilStatus, raw: (text: string) => ws.send(text), waiting };
}

describe('the contract over the WebSocket', () => {
  test('info and a unary call round-trip through frames, events and acknowledgements', async () => {
    const ws = await openApi();
    const page = pageClient(ws);
    expect(await page.value('app.info')).toMatchObject({
      version: '9.9.9',
      transport: 'browser',
      nativeDialogs: false,
    });
    const source = await page.value<{ id: string; status: string }>('sources.add', {
      source: {
        kind: 'protoFiles',
        files: [`${protoRoot}/grpc/testing/test.proto`],
        importPaths: [protoRoot],
      },
    });
    expect(source.status).toBe('loaded');
    const started = await page.value<{ callId: string; kind: string }>('calls.start', {
      sourceId: source.id,
      request: {
        target: `127.0.0.1:${go.port}`,
        tls: { mode: 'plaintext' },
        method: 'grpc.testing.TestService/UnaryCall',
        metadata: [],
        requests: ['{"responseSize": 2, "payload": {"body": "aGk="}}'],
      },
    });
    expect(started.kind).toBe('unary');
    const done = page.untilStatus(started.callId);
    // Acknowledge as a page does: each batch once applied.
    const acked = new Set<number>();
    const ack = setInterval(() => {
      for (const b of page.batches) {
        if (acked.has(b.seq)) continue;
        acked.add(b.seq);
        void page.call('calls.acknowledge', { callId: b.callId, seq: b.seq });
      }
    }, 5);
    const batches = await done;
    clearInterval(ack);
    const events = batches.flatMap(batchEvents);
    expect(events.find((e) => e.type === 'message')).toMatchObject({ json: '{"payload":{"body":"AAA="}}' });
    expect(events.find((e) => e.type === 'status')).toMatchObject({ status: { name: 'OK' } });
    ws.close();
  });

  test('bad frames: unknown operations and bad arguments answer failures; frames without an id are ignored', async () => {
    const ws = await openApi();
    const page = pageClient(ws);
    expect(await page.call('format', '/')).toEqual({
      ok: false,
      failure: {
        kind: 'invalidRequest',
        message:
          'There is no operation named "format": operations are named domain.operation, e.g. calls.start.',
      },
    });
    expect(await page.call('sources.remove', { sourceId: 42 })).toMatchObject({
      ok: false,
      failure: {
        kind: 'invalidRequest',
        message: 'sources.remove: sourceId: Invalid input: expected string, received number',
      },
    });
    page.raw('not json');
    page.raw('{"op": "app.info"}');
    const noOp = new Promise<ApiResult<unknown>>((resolve) => page.waiting.set(77, resolve));
    page.raw('{"id": 77}');
    expect(await noOp).toMatchObject({ ok: false, failure: { kind: 'invalidRequest' } });
    // Still serving after all that.
    expect(await page.call('sources.list')).toMatchObject({ ok: true });
    ws.close();
  });

  test('workspace operations take names, not paths: none reaches a file outside the workspace', async () => {
    const ws = await openApi();
    const page = pageClient(ws);
    for (const [op, input] of [
      ['workspace.readRequest', { path: 'collections/../../../../etc/passwd.json' }],
      ['workspace.readRequest', { path: 'collections/a/..\\..\\secret.json' }],
      ['workspace.readRequest', { path: '/etc/passwd' }],
      ['workspace.readEnvironment', { name: '../../secret' }],
      ['tls.readProfile', { name: '..' }],
      ['workspace.deleteEnvironment', { name: '/etc/passwd' }],
    ] as const) {
      expect(await page.call(op, input), `${op} ${JSON.stringify(input)}`).toMatchObject({
        ok: false,
        failure: { kind: 'invalidRequest' },
      });
    }
    ws.close();
  });

  test('files are open to the token holder (the user), but a file that is not what it should be is never quoted', async () => {
    const ws = await openApi();
    const page = pageClient(ws);
    const env = join(served.root, '.env');
    await writeFile(env, 'DECOY_TOKEN=s3cr3t-decoy-value\n');
    const answers = [
      await page.call('workspace.importBloomRpc', { file: env }),
      await page.call('workspace.importCollection', { file: env }),
      await page.call('sources.add', { source: { kind: 'protoFiles', files: [env], importPaths: [] } }),
      await page.call('tls.check', {
        profile: { mode: 'mutual', caFiles: [env], certFile: env, keyFile: env },
      }),
    ];
    expect(answers[0]).toEqual({
      ok: false,
      failure: {
        kind: 'file',
        message: `${env} is not a BloomRPC environments.json or tls.json (expected JSON; line 1, column 1: expected a value).`,
        hint: 'Choose BloomRPC’s environments.json or tls.json.',
        path: env,
      },
    });
    expect(answers[1]).toMatchObject({ ok: false, failure: { kind: 'file' } });
    expect(answers[2]).toMatchObject({ ok: true, value: { status: 'failed' } });
    expect(answers[3]).toMatchObject({ ok: true });
    expect(JSON.stringify(answers)).not.toContain('DECOY');
    // The page's own path dialog lists folders, and "save as" writes where the user typed.
    expect(await page.value('files.listDirectory', { path: served.root })).toMatchObject({
      path: served.root,
    });
    await page.value('files.write', { path: join(served.root, 'saved.json'), text: '{}' });
    expect(await readFile(join(served.root, 'saved.json'), 'utf8')).toBe('{}');
    ws.close();
  });

  test('closing the connection cancels and releases its calls', async () => {
    const ws = await openApi();
    const page = pageClient(ws);
    const source = await page.value<{ id: string }>('sources.add', {
      source: {
        kind: 'reflection',
        target: `127.0.0.1:${go.port}`,
        tls: { mode: 'plaintext' },
      },
    });
    const started = await page.value<{ callId: string }>('calls.start', {
      sourceId: source.id,
      request: {
        target: `127.0.0.1:${go.port}`,
        tls: { mode: 'plaintext' },
        method: 'grpc.testing.TestService/FullDuplexCall',
        metadata: [],
        requests: [],
      },
    });
    const closed = new Promise((resolve) => ws.once('close', resolve));
    ws.close();
    await closed;
    await expect
      .poll(async () =>
        served.service.calls.cancel({ callId: started.callId }).then(
          () => 'still running',
          (e: Error) => e.message,
        ),
      )
      .toBe('That call has ended or was never started; send the request again.');
  });
});
