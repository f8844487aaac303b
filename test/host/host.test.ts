// Browser mode over real HTTP and a real WebSocket: the page's gate, the security headers, and the contract in frames.
import { request as httpRequest } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import { EngineService } from '../../src/core/service';
import { startHost, type Host } from '../../src/host/host';
import { decodeServerFrame, type RequestFrame, type ServerFrame } from '../../src/shared/api/frames';
import type { ApiResult, CallEventBatch } from '../../src/shared/api/types';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import { freshDataDir } from '../core/service/service-harness';

const protoRoot = fileURLToPath(new URL('../fixtures/protos', import.meta.url));
const indexHtml = '<!doctype html><title>Protodesk</title><script src="app.js"></script>';

let rendererDir: string;
let service: EngineService;
let host: Host;
let go: GoReflectServer;

beforeAll(async () => {
  rendererDir = await mkdtemp(join(tmpdir(), 'protodesk-host-test-'));
  await mkdir(join(rendererDir, 'assets'));
  await writeFile(join(rendererDir, 'index.html'), indexHtml);
  await writeFile(join(rendererDir, 'app.js'), 'console.log("hi");');
  await writeFile(join(rendererDir, 'assets', 'codicon.ttf'), Buffer.from([0, 1, 0, 0]));
  await writeFile(join(tmpdir(), 'protodesk-host-secret.txt'), 'secret');
  service = new EngineService({ transport: 'browser', version: '9.9.9', dataDir: freshDataDir() });
  [host, go] = await Promise.all([startHost({ port: 0, service, rendererDir }), startGoReflect()]);
});

afterAll(async () => {
  await host?.close();
  await service?.close();
  await go?.stop();
  await rm(rendererDir, { recursive: true, force: true });
  await rm(join(tmpdir(), 'protodesk-host-secret.txt'), { force: true });
});

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw GET, so the test controls the Host header and the exact path. */
function get(path: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: host.port, path, headers, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the page over HTTP', () => {
  test('the address is 127.0.0.1 with a long random token', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/?token=${host.token}`);
    expect(host.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  test('the index needs the token, and comes with the security headers and no caching', async () => {
    const page = await get(`/?token=${host.token}`);
    expect(page.status).toBe(200);
    expect(page.body).toBe(indexHtml);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; worker-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-store');
    expect((await get(`/index.html?token=${host.token}`)).status).toBe(200);
    for (const path of ['/', '/index.html', '/?token=wrong', `/?token=${host.token.slice(1)}`]) {
      const refused = await get(path);
      expect(refused.status, path).toBe(403);
      expect(refused.headers['content-security-policy']).toBeTruthy();
    }
  });

  test('the page files are served with their content types', async () => {
    expect(await get('/app.js')).toMatchObject({
      status: 200,
      body: 'console.log("hi");',
      headers: { 'content-type': 'text/javascript; charset=utf-8' },
    });
    expect((await get('/assets/codicon.ttf')).headers['content-type']).toBe('font/ttf');
  });

  test('a foreign Host header (DNS rebinding) is refused', async () => {
    const refused = await get(`/?token=${host.token}`, { Host: `evil.example:${host.port}` });
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('Host');
    expect((await get(`/?token=${host.token}`, { Host: `localhost:${host.port}` })).status).toBe(200);
  });

  test('nothing outside the page folder can be reached', async () => {
    for (const path of [
      '/../protodesk-host-secret.txt',
      '/%2e%2e/protodesk-host-secret.txt',
      '/assets/..%2f..%2fprotodesk-host-secret.txt',
      '/assets',
      '/nope.js',
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});

/** Opens the API socket; resolves with it once open, or rejects with the HTTP status of a refusal. */
function openApi(options: { token?: string; origin?: string } = {}): Promise<WebSocket> {
  const token = options.token ?? host.token;
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}/api?token=${token}`, {
    origin: options.origin ?? `http://127.0.0.1:${host.port}`,
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** A page-side client of the frames: numbered requests, answers by id, events collected. */
function pageClient(ws: WebSocket) {
  let next = 0;
  const waiting = new Map<number, (result: ApiResult<unknown>) => void>();
  const batches: CallEventBatch[] = [];
  const onBatch = new Set<() => void>();
  ws.on('message', (data) => {
    const frame: ServerFrame = decodeServerFrame(String(data));
    if (frame.kind === 'result') waiting.get(frame.id)?.(frame.result);
    else if (frame.event.type === 'call') {
      batches.push(frame.event.batch);
      onBatch.forEach((f) => f());
    }
  });
  const call = (op: string, ...args: unknown[]): Promise<ApiResult<unknown>> => {
    next += 1;
    const frame: RequestFrame = { id: next, op, args };
    const id = next;
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      ws.send(JSON.stringify(frame));
    });
  };
  const value = async <T>(op: string, ...args: unknown[]): Promise<T> => {
    const result = await call(op, ...args);
    if (!result.ok) throw new Error(result.failure.message);
    return result.value as T;
  };
  const untilStatus = (callId: string) =>
    new Promise<CallEventBatch[]>((resolve) => {
      const check = () => {
        const mine = batches.filter((b) => b.callId === callId);
        if (mine.some((b) => b.events.some((e) => e.type === 'status'))) resolve(mine);
      };
      onBatch.add(check);
      check();
    });
  return { call, value, batches, untilStatus, raw: (text: string) => ws.send(text), waiting };
}

describe('the contract over the WebSocket', () => {
  test('a wrong token is refused with 401, a foreign origin or Host with 403', async () => {
    await expect(openApi({ token: 'wrong' })).rejects.toThrow('HTTP 401');
    await expect(openApi({ origin: 'http://evil.example' })).rejects.toThrow('HTTP 403');
    await expect(openApi({ origin: `http://127.0.0.1:${host.port + 1}` })).rejects.toThrow('HTTP 403');
  });

  test('info and a unary call round-trip through frames, events and acknowledgements', async () => {
    const ws = await openApi();
    const page = pageClient(ws);
    expect(await page.value('info')).toMatchObject({
      version: '9.9.9',
      transport: 'browser',
      nativeDialogs: false,
    });
    const source = await page.value<{ id: string; status: string }>('addSource', {
      kind: 'protoFiles',
      files: [`${protoRoot}/grpc/testing/test.proto`],
      importPaths: [protoRoot],
    });
    expect(source.status).toBe('loaded');
    const started = await page.value<{ callId: string; kind: string }>('startCall', source.id, {
      target: `127.0.0.1:${go.port}`,
      tls: { mode: 'plaintext' },
      method: 'grpc.testing.TestService/UnaryCall',
      metadata: [],
      requests: ['{"responseSize": 2, "payload": {"body": "aGk="}}'],
    });
    expect(started.kind).toBe('unary');
    const done = page.untilStatus(started.callId);
    // Acknowledge as a page does: each batch once applied.
    const acked = new Set<number>();
    const ack = setInterval(() => {
      for (const b of page.batches) {
        if (acked.has(b.seq)) continue;
        acked.add(b.seq);
        void page.call('acknowledge', b.callId, b.seq);
      }
    }, 5);
    const batches = await done;
    clearInterval(ack);
    const events = batches.flatMap((b) => b.events);
    expect(events.find((e) => e.type === 'message')).toMatchObject({ json: '{"payload":{"body":"AAA="}}' });
    expect(events.find((e) => e.type === 'status')).toMatchObject({ status: { name: 'OK' } });
    ws.close();
  });

  test('bad frames: unknown operations and bad arguments answer failures; frames without an id are ignored', async () => {
    const ws = await openApi();
    const page = pageClient(ws);
    expect(await page.call('format', '/')).toEqual({
      ok: false,
      failure: { kind: 'invalidRequest', message: 'There is no operation named "format".' },
    });
    expect(await page.call('removeSource', 42)).toMatchObject({
      ok: false,
      failure: { kind: 'invalidRequest' },
    });
    page.raw('not json');
    page.raw('{"op": "info"}');
    const noOp = new Promise<ApiResult<unknown>>((resolve) => page.waiting.set(77, resolve));
    page.raw('{"id": 77}');
    expect(await noOp).toMatchObject({ ok: false, failure: { kind: 'invalidRequest' } });
    // Still serving after all that.
    expect(await page.call('listSources')).toMatchObject({ ok: true });
    ws.close();
  });

  test('closing the connection cancels and releases its calls', async () => {
    const ws = await openApi();
    const page = pageClient(ws);
    const source = await page.value<{ id: string }>('addSource', {
      kind: 'reflection',
      target: `127.0.0.1:${go.port}`,
      tls: { mode: 'plaintext' },
    });
    const started = await page.value<{ callId: string }>('startCall', source.id, {
      target: `127.0.0.1:${go.port}`,
      tls: { mode: 'plaintext' },
      method: 'grpc.testing.TestService/FullDuplexCall',
      metadata: [],
      requests: [],
    });
    const closed = new Promise((resolve) => ws.once('close', resolve));
    ws.close();
    await closed;
    await expect
      .poll(async () =>
        service.cancelCall(started.callId).then(
          () => 'still running',
          (e: Error) => e.message,
        ),
      )
      .toBe('That call has ended or was never started; send the request again.');
  });
});
