// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/shared/api/errors';
import { createAppStore, type AppStore } from '../../../src/renderer/state/store';
import {
  engineStub,
  FULL_SAMPLE,
  fullDuplexCall,
  memoryStorage,
  SAMPLE,
  testSource,
  unaryCall,
} from './engine-stub';
import { batchEntries } from '../../helpers/batch-entries';

const disposers: (() => void)[] = [];
afterEach(() => disposers.splice(0).forEach((dispose) => dispose()));

/** A started store over a stub engine, with the sources listed. */
async function setup(storage = memoryStorage()) {
  const engine = engineStub();
  const store = createAppStore(engine.api, storage);
  disposers.push(store.getState().start());
  await vi.waitFor(() => expect(store.getState().sources).toHaveLength(1));
  return { engine, store, storage };
}

const tab = (store: AppStore, index = 0) => {
  const found = store.getState().tabs[index];
  if (!found) throw new Error(`no tab ${index}`);
  return found;
};

async function openLoaded(store: AppStore, method = unaryCall) {
  store.getState().openMethod(testSource.id, method);
  const opened = store.getState().tabs[store.getState().tabs.length - 1];
  await vi.waitFor(() =>
    expect(store.getState().tabs.find((t) => t.id === opened?.id)?.template).toBeDefined(),
  );
  return store.getState().tabs.find((t) => t.id === opened?.id) ?? tab(store);
}

describe('tabs', () => {
  it('opens a new tab per method open, titled Service/Method, with the sample loaded and not dirty', async () => {
    const { store } = await setup();
    await openLoaded(store);
    await openLoaded(store);
    const { tabs, activeTabId } = store.getState();
    expect(tabs.map((t) => t.title)).toEqual(['TestService/UnaryCall', 'TestService/UnaryCall']);
    expect(new Set(tabs.map((t) => t.id)).size).toBe(2);
    expect(activeTabId).toBe(tabs[1]?.id);
    expect(tabs[0]?.requestText).toBe(SAMPLE);
    expect(tabs[0]?.dirty).toBe(false);
  });

  it('marks a tab dirty when its text differs from the sample, and clean again on reset', async () => {
    const { store } = await setup();
    const opened = await openLoaded(store);
    store.getState().setRequestText(opened.id, '{"responseSize": 5}');
    expect(tab(store).dirty).toBe(true);
    store.getState().setRequestText(opened.id, SAMPLE);
    expect(tab(store).dirty).toBe(false);
    store.getState().setRequestText(opened.id, '{}');
    store.getState().resetRequest(opened.id);
    expect(tab(store)).toMatchObject({ requestText: SAMPLE, dirty: false });
  });

  it('opens with the minimal sample, fills every field on demand (edited), and resets to the minimal one', async () => {
    const { store } = await setup();
    const opened = await openLoaded(store);
    expect(tab(store).requestText).toBe(SAMPLE);
    store.getState().fillRequest(opened.id);
    expect(tab(store)).toMatchObject({ requestText: FULL_SAMPLE, dirty: true });
    store.getState().resetRequest(opened.id);
    expect(tab(store)).toMatchObject({ requestText: SAMPLE, dirty: false });
  });

  it('closes a tab, activating its right neighbour, and releases its call', async () => {
    const { store, engine } = await setup();
    const first = await openLoaded(store);
    const second = await openLoaded(store);
    await openLoaded(store);
    store.getState().setConnection(second.id, { target: 'localhost:1' });
    store.getState().activate(second.id);
    await store.getState().send(second.id);
    store.getState().close(second.id);
    expect(engine.released).toEqual(['call-1']);
    expect(store.getState().tabs).toHaveLength(2);
    expect(store.getState().activeTabId).toBe(tab(store, 1).id);
    store.getState().close(tab(store, 1).id);
    expect(store.getState().activeTabId).toBe(first.id);
  });

  it('reorders tabs', async () => {
    const { store } = await setup();
    const a = await openLoaded(store);
    const b = await openLoaded(store, fullDuplexCall);
    const c = await openLoaded(store);
    store.getState().move(c.id, 0);
    expect(store.getState().tabs.map((t) => t.id)).toEqual([c.id, a.id, b.id]);
    store.getState().shift(c.id, 1);
    expect(store.getState().tabs.map((t) => t.id)).toEqual([a.id, c.id, b.id]);
  });

  it("starts a new tab on the address and TLS of its source's last call, without its metadata", async () => {
    const { store } = await setup();
    const first = await openLoaded(store);
    store.getState().setConnection(first.id, {
      target: ' api.internal:443 ',
      tls: { mode: 'tls', serverName: 'api' },
      metadata: [{ key: 'authorization', value: 'Bearer secret', enabled: true }],
    });
    const typedOnly = await openLoaded(store);
    expect(typedOnly).toMatchObject({ target: '', addressFrom: undefined });

    await store.getState().send(first.id);
    const second = await openLoaded(store, fullDuplexCall);
    expect(second).toMatchObject({
      target: 'api.internal:443',
      tls: { mode: 'tls', serverName: 'api' },
      metadata: [],
      addressFrom: 'lastCall',
    });
  });

  it("gives a never-used source no address, not another source's last one", async () => {
    const { store } = await setup();
    const other = { ...testSource, id: 'src-2', label: 'other.proto' };
    store.getState().setSources([testSource, other]);
    const first = await openLoaded(store);
    store.getState().setConnection(first.id, { target: 'localhost:50051', tls: { mode: 'tls' } });
    await store.getState().send(first.id);

    store.getState().openMethod(other.id, unaryCall);
    const opened = tab(store, 1);
    expect(opened).toMatchObject({ sourceId: 'src-2', target: '', tls: { mode: 'plaintext' }, metadata: [] });
    expect(opened.addressFrom).toBeUndefined();
  });

  it('forgets where the address came from once the user edits it, not on a TLS change', async () => {
    const { store } = await setup();
    const first = await openLoaded(store);
    store.getState().setConnection(first.id, { target: 'localhost:50051' });
    await store.getState().send(first.id);
    const second = await openLoaded(store);
    store.getState().setConnection(second.id, { tls: { mode: 'tls' } });
    expect(tab(store, 1).addressFrom).toBe('lastCall');
    store.getState().setConnection(second.id, { target: 'localhost:50052' });
    expect(tab(store, 1).addressFrom).toBeUndefined();
  });
});

describe('calls', () => {
  it('sends a unary call with the tab settings and applies its batches by call id, acknowledging each', async () => {
    const { store, engine } = await setup();
    const opened = await openLoaded(store);
    store.getState().setConnection(opened.id, {
      target: ' localhost:50051 ',
      metadata: [
        { key: 'authorization', value: 'Bearer x', enabled: true },
        { key: 'off', value: '1', enabled: false },
      ],
    });
    store.getState().setOptions(opened.id, { deadlineMs: 1500, emitDefaults: true, gzip: false });
    await store.getState().send(opened.id);
    expect(engine.started[0]).toEqual({
      sourceId: testSource.id,
      request: {
        target: 'localhost:50051',
        tls: { mode: 'plaintext' },
        method: 'grpc.testing.TestService/UnaryCall',
        metadata: [{ key: 'authorization', value: 'Bearer x' }],
        requests: [SAMPLE],
        options: { deadlineMs: 1500, emitDefaults: true, gzip: false },
      },
      context: {},
    });
    expect(tab(store).call?.callId).toBe('call-1');

    engine.emit({
      callId: 'call-1',
      seq: 1,
      skipped: 0,
      entries: batchEntries([{ type: 'message', index: 0, size: 2, atMs: 3, json: '{"a":1}' }]),
    });
    engine.emit({ callId: 'call-404', seq: 1, skipped: 0, entries: [] });
    engine.emit({
      callId: 'call-1',
      seq: 2,
      skipped: 0,
      entries: batchEntries([
        {
          type: 'status',
          status: { code: 0, name: 'OK', message: '' },
          timings: { totalMs: 4, messagesSent: 1, messagesReceived: 1, bytesSent: 2, bytesReceived: 2 },
          insecure: false,
        },
      ]),
    });
    const call = tab(store).call;
    expect(call?.receivedCount).toBe(1);
    expect(call?.status?.status.name).toBe('OK');
    expect(engine.acknowledged).toEqual([
      ['call-1', 1],
      ['call-404', 1],
      ['call-1', 2],
    ]);
  });

  it('holds batches that arrive before startCall answers, then applies them', async () => {
    const { store, engine } = await setup();
    const opened = await openLoaded(store);
    store.getState().setConnection(opened.id, { target: 'localhost:50051' });
    const gate = engine.holdNextStart();
    const sending = store.getState().send(opened.id);
    expect(tab(store).starting).toBe(true);
    engine.emit({
      callId: 'call-1',
      seq: 1,
      skipped: 0,
      entries: batchEntries([{ type: 'message', index: 0, size: 2, atMs: 3, json: '{}' }]),
    });
    expect(engine.acknowledged).toEqual([]);
    gate.resolve();
    await sending;
    expect(tab(store).call?.receivedCount).toBe(1);
    expect(engine.acknowledged).toEqual([['call-1', 1]]);
  });

  it('streams a bidi call: first Send starts it, later Sends send the current text, End stream half-closes', async () => {
    const { store, engine } = await setup();
    const opened = await openLoaded(store, fullDuplexCall);
    store.getState().setConnection(opened.id, { target: 'localhost:50051' });
    await store.getState().send(opened.id);
    store.getState().setRequestText(opened.id, '{"n":2}');
    await store.getState().send(opened.id);
    expect(engine.started).toHaveLength(1);
    expect(engine.sent).toEqual([{ callId: 'call-1', json: '{"n":2}' }]);
    expect(tab(store).requestText).toBe('{"n":2}');
    engine.emit({
      callId: 'call-1',
      seq: 1,
      skipped: 0,
      entries: batchEntries([
        { type: 'sent', index: 0, size: 2, atMs: 1 },
        { type: 'sent', index: 1, size: 2, atMs: 2 },
      ]),
    });
    expect(tab(store).call?.entries.map((e) => [e.direction, e.json])).toEqual([
      ['sent', SAMPLE],
      ['sent', '{"n":2}'],
    ]);
    await store.getState().endStream(opened.id);
    expect(engine.ended).toEqual(['call-1']);
    await store.getState().send(opened.id);
    expect(engine.sent).toHaveLength(1);
    await store.getState().cancel(opened.id);
    expect(engine.cancelled).toEqual(['call-1']);
  });

  it('releases a finished call when sending again', async () => {
    const { store, engine } = await setup();
    const opened = await openLoaded(store);
    store.getState().setConnection(opened.id, { target: 'localhost:50051' });
    await store.getState().send(opened.id);
    await store.getState().send(opened.id);
    expect(engine.started).toHaveLength(1); // still running: a second Send does nothing
    engine.emit({
      callId: 'call-1',
      seq: 1,
      skipped: 0,
      entries: batchEntries([
        {
          type: 'status',
          status: { code: 14, name: 'UNAVAILABLE', message: 'down' },
          timings: { totalMs: 1, messagesSent: 0, messagesReceived: 0, bytesSent: 0, bytesReceived: 0 },
          insecure: false,
        },
      ]),
    });
    await store.getState().send(opened.id);
    expect(engine.released).toEqual(['call-1']);
    expect(tab(store).call?.callId).toBe('call-2');
  });

  it('puts bad request JSON in the editor as a problem, and other failures in the banner', async () => {
    const { store, engine } = await setup();
    const opened = await openLoaded(store);
    await store.getState().send(opened.id);
    expect(tab(store).failure).toMatchObject({
      kind: 'invalidRequest',
      message: 'Enter the server address first.',
    });
    expect(engine.started).toHaveLength(0);

    store.getState().setConnection(opened.id, { target: 'localhost:50051' });
    engine.failNextStart(
      new ApiError({
        kind: 'json',
        message: 'responseSize: expected a number',
        path: 'responseSize',
        position: { line: 2, column: 19 },
      }),
    );
    await store.getState().send(opened.id);
    expect(tab(store).problem).toEqual({ line: 2, column: 19, message: 'responseSize: expected a number' });
    expect(tab(store).starting).toBe(false);
    store.getState().setRequestText(opened.id, '{}');
    expect(tab(store).problem).toBeUndefined();
  });
});

describe('persistence', () => {
  it('keeps tabs, their text and the remembered server across a reload, without calls', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { store, storage } = await setup();
      const opened = await openLoaded(store);
      store.getState().setConnection(opened.id, { target: 'localhost:50051' });
      store.getState().setRequestText(opened.id, '{"edited":true}');
      await store.getState().send(opened.id);
      vi.runAllTimers();

      const reloaded = createAppStore(engineStub().api, storage);
      const restored = reloaded.getState().tabs[0];
      expect(restored).toMatchObject({
        title: 'TestService/UnaryCall',
        requestText: '{"edited":true}',
        dirty: true,
        target: 'localhost:50051',
      });
      expect(restored?.call).toBeUndefined();
      expect(reloaded.getState().activeTabId).toBe(restored?.id);
      reloaded.getState().openMethod(testSource.id, unaryCall);
      expect(reloaded.getState().tabs[1]?.target).toBe('localhost:50051');
      expect(reloaded.getState().tabs[1]?.id).not.toBe(restored?.id);
    } finally {
      vi.useRealTimers();
    }
  });
});
