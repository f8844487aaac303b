// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { AppStore } from '../../../src/renderer/state/store';
import { engineStub, historyEntry, memoryStorage, testSource, unaryCall, unaryRequest } from './engine-stub';
import { activeTab, startedStore, stopStartedStores } from './started-store';

const PATH = 'collections/smoke/Unary.json';

async function openUnary(store: AppStore) {
  store.getState().openMethod(testSource.id, unaryCall);
  await vi.waitFor(() => expect(activeTab(store).template).toBeDefined());
  return activeTab(store);
}

async function openSaved(store: AppStore, path = PATH) {
  await store.getState().openSaved(path);
  await vi.waitFor(() => expect(activeTab(store).template).toBeDefined());
  return activeTab(store);
}

describe('saving a tab', () => {
  it('asks where for a new tab, saves the parsed body, then titles the tab by name and marks it clean', async () => {
    const { store, engine } = await startedStore();
    const opened = await openUnary(store);
    store.getState().setRequestText(opened.id, '{"responseSize": 7}');
    store.getState().requestSave(opened.id);
    expect(store.getState().saveDialogTabId).toBe(opened.id);
    expect(engine.files.size).toBe(0);

    await expect(store.getState().saveTab(opened.id, PATH, false)).resolves.toBe('saved');
    expect(engine.files.get(PATH)?.value).toEqual({ ...unaryRequest({ responseSize: 7 }), target: '' });
    expect(activeTab(store)).toMatchObject({ title: 'Unary', dirty: false, saved: { path: PATH } });
    expect(store.getState().saveDialogTabId).toBeUndefined();
    expect(store.getState().workspace?.requests.map((r) => r.path)).toEqual([PATH]);
  });

  it('saves a saved tab in place on its version, and is dirty after any saved setting changes', async () => {
    const { store, engine } = await startedStore();
    engine.files.set(PATH, { value: unaryRequest(), version: 'a'.repeat(64) });
    const opened = await openSaved(store);
    expect(opened).toMatchObject({ title: 'Unary', requestText: '{\n  "responseSize": 1\n}', dirty: false });

    store.getState().setTests(opened.id, { captures: [], assertions: { status: 'OK' } });
    expect(activeTab(store).dirty).toBe(true);
    store.getState().requestSave(opened.id);
    await vi.waitFor(() => expect(activeTab(store).dirty).toBe(false));
    expect(store.getState().saveDialogTabId).toBeUndefined();
    expect(engine.files.get(PATH)?.value.assertions).toEqual({ status: 'OK' });
    expect(activeTab(store).saved?.version).toBe(engine.files.get(PATH)?.version);

    store.getState().setTlsProfile(opened.id, 'local');
    expect(activeTab(store).dirty).toBe(true);
    store.getState().setTlsProfile(opened.id, undefined);
    expect(activeTab(store).dirty).toBe(false);
    store.getState().setConnection(opened.id, { target: 'localhost:2' });
    expect(activeTab(store).dirty).toBe(true);
  });

  it('saves the tab’s own auth into the request file; back to inherit, the tab is as it was read', async () => {
    const { store, engine } = await startedStore();
    engine.files.set(PATH, { value: unaryRequest(), version: 'a'.repeat(64) });
    const opened = await openSaved(store);
    const auth = { type: 'bearer' as const, token: '{{token}}' };
    store.getState().setAuth(opened.id, auth);
    expect(activeTab(store).dirty).toBe(true);
    store.getState().setAuth(opened.id, undefined);
    expect(activeTab(store).dirty).toBe(false);
    store.getState().setAuth(opened.id, auth);
    store.getState().requestSave(opened.id);
    await vi.waitFor(() => expect(activeTab(store).dirty).toBe(false));
    expect(engine.files.get(PATH)?.value.auth).toEqual(auth);
    await store.getState().reloadSaved(opened.id);
    expect(activeTab(store)).toMatchObject({ auth, dirty: false });
  });

  it('refuses to save JSON that does not parse, showing why and keeping the text', async () => {
    const { store, engine } = await startedStore();
    const opened = await openUnary(store);
    store.getState().setRequestText(opened.id, '{"responseSize": ');
    await expect(store.getState().saveTab(opened.id, PATH, false)).rejects.toThrow(/not valid JSON/);
    expect(engine.files.size).toBe(0);
    expect(activeTab(store)).toMatchObject({
      requestText: '{"responseSize": ',
      dirty: true,
      failure: { kind: 'json' },
    });
  });
});

describe('conflicts and changes on disk', () => {
  it('asks before overwriting a file changed on disk, and overwrites when told to', async () => {
    const { store, engine } = await startedStore();
    engine.files.set(PATH, { value: unaryRequest(), version: 'a'.repeat(64) });
    const opened = await openSaved(store);
    store.getState().setRequestText(opened.id, '{"responseSize": 2}');
    // Changed behind the store's back (no event), as a slow watcher would leave it.
    engine.files.set(PATH, { value: unaryRequest({ responseSize: 3 }), version: 'b'.repeat(64) });

    await expect(store.getState().saveTab(opened.id, PATH, false)).resolves.toBe('conflict');
    expect(store.getState().conflict).toEqual({ tabId: opened.id, path: PATH });
    expect(engine.files.get(PATH)?.value.body).toEqual({ responseSize: 3 });

    await store.getState().resolveConflict('overwrite');
    expect(store.getState().conflict).toBeUndefined();
    expect(engine.files.get(PATH)?.value.body).toEqual({ responseSize: 2 });
    expect(activeTab(store).dirty).toBe(false);
  });

  it('reloads from disk when told to, dropping the edits', async () => {
    const { store, engine } = await startedStore();
    engine.files.set(PATH, { value: unaryRequest(), version: 'a'.repeat(64) });
    const opened = await openSaved(store);
    store.getState().setRequestText(opened.id, '{"responseSize": 2}');
    engine.files.set(PATH, { value: unaryRequest({ responseSize: 3 }), version: 'b'.repeat(64) });
    await store.getState().saveTab(opened.id, PATH, false);
    await store.getState().resolveConflict('reload');
    expect(activeTab(store)).toMatchObject({ requestText: '{\n  "responseSize": 3\n}', dirty: false });
    expect(engine.files.get(PATH)?.value.body).toEqual({ responseSize: 3 });
  });

  it('reloads a clean tab whose file changed on disk, and flags an edited one', async () => {
    const { store, engine } = await startedStore();
    engine.files.set(PATH, { value: unaryRequest(), version: 'a'.repeat(64) });
    engine.files.set('collections/smoke/Other.json', { value: unaryRequest(), version: 'c'.repeat(64) });
    const clean = await openSaved(store);
    const edited = await openSaved(store, 'collections/smoke/Other.json');
    store.getState().setRequestText(edited.id, '{"mine": true}');

    engine.changeOnDisk(PATH, unaryRequest({ responseSize: 9 }));
    engine.changeOnDisk('collections/smoke/Other.json', unaryRequest({ responseSize: 9 }));
    const byId = (id: string) => store.getState().tabs.find((tab) => tab.id === id);
    await vi.waitFor(() => expect(byId(clean.id)?.requestText).toBe('{\n  "responseSize": 9\n}'));
    await vi.waitFor(() => expect(byId(edited.id)?.diskChanged).toBe(true));
    expect(byId(clean.id)).toMatchObject({ dirty: false, diskChanged: false });
    expect(byId(edited.id)?.requestText).toBe('{"mine": true}');

    await store.getState().keepMine(edited.id);
    expect(byId(edited.id)).toMatchObject({ diskChanged: false, requestText: '{"mine": true}', dirty: true });
    await expect(store.getState().saveTab(edited.id, 'collections/smoke/Other.json', false)).resolves.toBe(
      'saved',
    );
  });

  it('brings a restored saved tab up to date with a file changed while the app was closed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const engine = engineStub();
    const storage = memoryStorage();
    try {
      engine.files.set(PATH, { value: unaryRequest(), version: 'a'.repeat(64) });
      const { store } = await startedStore(engine, storage);
      await openSaved(store);
      vi.runAllTimers();
    } finally {
      vi.useRealTimers();
    }
    stopStartedStores();
    engine.files.set(PATH, { value: unaryRequest({ responseSize: 5 }), version: 'b'.repeat(64) });
    const { store } = await startedStore(engine, storage);
    await vi.waitFor(() => expect(activeTab(store).requestText).toBe('{\n  "responseSize": 5\n}'));
    expect(activeTab(store)).toMatchObject({
      title: 'Unary',
      dirty: false,
      saved: { path: PATH, version: 'b'.repeat(64) },
    });
  });
});

describe('opening requests', () => {
  it('opens a saved request once: opening it again activates its tab', async () => {
    const { store, engine } = await startedStore();
    engine.files.set(PATH, { value: unaryRequest(), version: 'a'.repeat(64) });
    const first = await openSaved(store);
    await openUnary(store);
    await store.getState().openSaved(PATH);
    expect(store.getState().tabs).toHaveLength(2);
    expect(store.getState().activeTabId).toBe(first.id);
  });

  it('says which method is missing when no loaded source has it', async () => {
    const { store, engine } = await startedStore();
    engine.files.set(PATH, {
      value: { ...unaryRequest(), method: 'other.Api/Get' },
      version: 'a'.repeat(64),
    });
    await store.getState().openSaved(PATH);
    expect(store.getState().tabs).toHaveLength(0);
    expect(store.getState().workspaceFailure?.message).toMatch(/other\.Api\/Get is not in any loaded source/);
    expect(store.getState().workspaceFailure?.hint).toMatch(/Import its protos/);
  });

  it('reopens a history entry as sent into a new unsaved tab', async () => {
    const { store, engine } = await startedStore();
    const entry = historyEntry('h1', {
      request: { metadata: [{ key: 'authorization', value: '{{token}}' }], messages: ['{"responseSize":4}'] },
    });
    engine.history.set('h1', entry);
    await store.getState().openHistory('h1');
    await vi.waitFor(() => expect(activeTab(store).template).toBeDefined());
    expect(activeTab(store)).toMatchObject({
      title: 'TestService/UnaryCall',
      target: 'localhost:7',
      requestText: '{\n  "responseSize": 4\n}',
      metadata: [{ key: 'authorization', value: '{{token}}', enabled: true }],
      dirty: false,
    });
    expect(activeTab(store).saved).toBeUndefined();
  });

  it('reopens a stream with every message it sent and its old response; Send sends them all, edits included', async () => {
    const { store, engine } = await startedStore();
    const sent = ['{"responseSize":1}', '{"responseSize":2}', '{"responseSize":3}'];
    const pretty = (size: number): string => `{\n  "responseSize": ${size}\n}`;
    engine.history.set('h2', {
      id: 'h2',
      at: '2026-11-20T10:00:00Z',
      method: 'grpc.testing.TestService/FullDuplexCall',
      target: 'localhost:7',
      status: { code: 5, name: 'NOT_FOUND' },
      totalMs: 3,
      workspace: '/work/api',
      request: { metadata: [], messages: sent },
      statusMessage: 'no such thing',
      timings: { totalMs: 3, messagesSent: 3, messagesReceived: 1, bytesSent: 6, bytesReceived: 2 },
      response: {
        messages: ['{"n":1}'],
        count: 1,
        bytes: 2,
        headers: [{ key: 'h', value: '1' }],
        trailers: [],
      },
    });
    await store.getState().openHistory('h2');
    const opened = activeTab(store);
    expect(opened.streamMessages).toEqual({ messages: [1, 2, 3].map(pretty), current: 0, dropped: 0 });
    expect(opened.call?.fromHistory).toBe('2026-11-20T10:00:00Z');
    expect(opened.call?.status?.status).toMatchObject({ name: 'NOT_FOUND', message: 'no such thing' });
    expect(opened.call?.entries.map((entry) => [entry.direction, entry.json])).toEqual([
      ['sent', sent[0]],
      ['sent', sent[1]],
      ['sent', sent[2]],
      ['received', '{"n":1}'],
    ]);

    store.getState().showStreamMessage(opened.id, 1);
    expect(activeTab(store).requestText).toBe(pretty(2));
    store.getState().setRequestText(opened.id, '{"responseSize":20}');
    store.getState().showStreamMessage(opened.id, 2);
    expect(activeTab(store).requestText).toBe(pretty(3));
    await store.getState().send(opened.id);
    expect(engine.started.at(-1)?.request.requests).toEqual([pretty(1), '{"responseSize":20}', pretty(3)]);
    expect(activeTab(store).call?.fromHistory).toBeUndefined();

    store.getState().showStreamMessage(opened.id, undefined);
    expect(activeTab(store).streamMessages).toBeUndefined();
  });
});

describe('calls in the workspace', () => {
  it('passes the environment, TLS profile, saved path and tests as the call context, and shows the outcome', async () => {
    const { store, engine } = await startedStore();
    engine.files.set(PATH, { value: unaryRequest(), version: 'a'.repeat(64) });
    const opened = await openSaved(store);
    store.getState().selectEnvironment('dev');
    store.getState().setTlsProfile(opened.id, 'local');
    const captures = [{ variable: 'size', from: 'body' as const, path: '$.responseSize' }];
    store.getState().setTests(opened.id, { captures, assertions: { status: 'OK' } });
    await store.getState().send(opened.id);
    expect(engine.started[0]?.context).toEqual({
      environment: 'dev',
      tlsProfile: 'local',
      savedPath: PATH,
      captures,
      assertions: { status: 'OK' },
    });

    const outcome = {
      callId: 'call-1',
      assertions: [{ assertion: 'status' as const, passed: true, message: 'status is OK' }],
      captures: [],
    };
    engine.emitEvent({ type: 'outcome', outcome });
    expect(activeTab(store).outcome).toEqual(outcome);
    expect(store.getState().historyStamp).toBe(1);
  });

  it('remembers the environment per workspace folder', async () => {
    const storage = memoryStorage();
    const first = await startedStore(engineStub(), storage);
    first.store.getState().selectEnvironment('prod');
    stopStartedStores();

    const again = await startedStore(engineStub(), storage);
    expect(again.store.getState().environment).toBe('prod');
    const open = async (folder: string): Promise<void> => {
      await again.store.getState().openWorkspace(folder);
      // A source is loaded: the "Switch workspace" dialog asks first, and nothing opens until it is answered.
      expect(again.store.getState().workspaceSwitch).toEqual({ folder });
      await again.store.getState().answerWorkspaceSwitch('leave');
    };
    await open('/elsewhere');
    expect(again.store.getState().environment).toBeUndefined();
    await open('/work/api');
    expect(again.store.getState().environment).toBe('prod');
  });
});
