import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { ApiError } from '../../../src/shared/api/errors';
import { LAST_PIECE, MORE_PIECES } from '../../../src/shared/api/frame-pieces';
import { encodeServerFrame } from '../../../src/shared/api/frames';
import type { RequestFrame, ServerFrame } from '../../../src/shared/api/frames';
import type { ApiEvent } from '../../../src/shared/api/types';
import { CONNECTION_CLOSED, websocketApi } from '../../../src/renderer/api/websocket';
import type { SocketLike, WebSocketApi } from '../../../src/renderer/api/websocket';
import { batchEntries } from '../../helpers/batch-entries';

/** A real WebSocket server standing in for `protodesk serve`: each test decides how it answers request frames. */
async function startServer(
  answer: (frame: RequestFrame, send: (frame: ServerFrame) => void, socket: WebSocket) => void,
) {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  const connections: WebSocket[] = [];
  server.on('connection', (socket, request) => {
    connections.push(socket);
    expect(request.url).toBe('/api?token=secret');
    const send = (frame: ServerFrame): void => socket.send(encodeServerFrame(frame));
    socket.on('message', (data) => answer(JSON.parse(String(data)) as RequestFrame, send, socket));
  });
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/api?token=secret`;
  return { server, url, connections };
}

const clients: WebSocketApi[] = [];
const servers: WebSocketServer[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function connect(answer: Parameters<typeof startServer>[0]) {
  const started = await startServer(answer);
  servers.push(started.server);
  // ws's WebSocket has the browser's on* handler properties; only its event types are richer.
  const api = websocketApi({
    url: started.url,
    connect: (url) => new WebSocket(url) as unknown as SocketLike,
    retryMs: 20,
  });
  clients.push(api);
  return { api, ...started };
}

describe('websocketApi', () => {
  it('matches answers to requests by id, even when they arrive out of order', async () => {
    const { api } = await connect((frame, send) => {
      const result = {
        kind: 'result' as const,
        id: frame.id,
        result: { ok: true as const, value: frame.input },
      };
      // The slow one (listDirectory) answers after the quick one sent after it.
      setTimeout(() => send(result), frame.op === 'files.listDirectory' ? 50 : 0);
    });
    const slow = api.files.listDirectory({ path: '/first' });
    const quick = api.sources.list();
    expect(await quick).toEqual({});
    expect(await slow).toEqual({ path: '/first' });
  });

  it('sends requests made before the connection opened, in order, once it opens', async () => {
    const seen: string[] = [];
    const { api } = await connect((frame, send) => {
      seen.push(frame.op);
      send({ kind: 'result', id: frame.id, result: { ok: true, value: null } });
    });
    await Promise.all([api.app.info(), api.sources.list(), api.sources.remove({ sourceId: 's1' })]);
    expect(seen).toEqual(['app.info', 'sources.list', 'sources.remove']);
  });

  it('rejects with an ApiError carrying the failure the engine sent', async () => {
    const failure = {
      kind: 'json' as const,
      message: 'payload.body: not base64',
      position: { line: 3, column: 12 },
    };
    const { api } = await connect((frame, send) =>
      send({ kind: 'result', id: frame.id, result: { ok: false, failure } }),
    );
    const error = await api.calls
      .start({
        sourceId: 's1',
        request: {
          target: 'x:1',
          tls: { mode: 'plaintext' },
          method: 'a.B/C',
          metadata: [],
          requests: ['{}'],
        },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).failure).toEqual(failure);
    expect((error as ApiError).message).toBe('payload.body: not base64');
  });

  it('delivers events with their message bodies intact to every listener until it unsubscribes', async () => {
    const json = '{"text":"line\\nbreak, ünïcode ✓ and a \\"quote\\""}';
    const event: ApiEvent = {
      type: 'call',
      batch: {
        callId: 'c1',
        seq: 1,
        skipped: 0,
        entries: batchEntries([
          { type: 'message', index: 0, size: 42, atMs: 1.5, json },
          { type: 'message', index: 1, size: 2, atMs: 2, json: '{}' },
        ]),
      },
    };
    const { api } = await connect((frame, send) => {
      send({ kind: 'event', event });
      send({ kind: 'result', id: frame.id, result: { ok: true, value: null } });
    });
    const first: ApiEvent[] = [];
    const second: ApiEvent[] = [];
    const unsubscribe = api.onEvent((e) => first.push(e));
    api.onEvent((e) => second.push(e));
    await api.calls.acknowledge({ callId: 'c1', seq: 0 });
    expect(first).toEqual([event]);
    expect(second).toEqual([event]);
    unsubscribe();
    await api.calls.acknowledge({ callId: 'c1', seq: 1 });
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(2);
  });

  it('puts a frame sent in pieces together (as the host sends big ones): its message body arrives whole', async () => {
    const json = JSON.stringify({ text: 'ünïcode ✓ 😀 '.repeat(1_000) });
    const event: ApiEvent = {
      type: 'call',
      batch: {
        callId: 'c1',
        seq: 1,
        skipped: 0,
        entries: batchEntries([{ type: 'message', index: 0, size: 42, atMs: 1, json }]),
      },
    };
    const { api } = await connect((frame, send, socket) => {
      const text = encodeServerFrame({ kind: 'event', event });
      const [first, second] = [text.slice(0, 5_000), text.slice(5_000)];
      socket.send(`${MORE_PIECES}${first}`);
      socket.send(`${LAST_PIECE}${second}`);
      send({ kind: 'result', id: frame.id, result: { ok: true, value: null } });
    });
    const received: ApiEvent[] = [];
    api.onEvent((e) => received.push(e));
    await api.calls.acknowledge({ callId: 'c1', seq: 0 });
    expect(received).toEqual([event]);
  });

  it('fails waiting requests when the connection closes, then reconnects and serves new ones', async () => {
    let answering = false;
    const { api, connections } = await connect((frame, send, socket) => {
      if (answering) send({ kind: 'result', id: frame.id, result: { ok: true, value: 'again' } });
      else socket.close();
    });
    const error = await api.app.info().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).failure).toEqual({ kind: 'internal', message: CONNECTION_CLOSED });
    answering = true;
    expect(await api.sources.list()).toBe('again');
    expect(connections).toHaveLength(2);
  });
});
