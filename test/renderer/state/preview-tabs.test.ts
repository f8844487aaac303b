// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { AppStore } from '../../../src/renderer/state/store';
import { engineStub, fullDuplexCall, historyEntry, testSource, unaryCall, unaryRequest } from './engine-stub';
import { activeTab, startedStore, stopStartedStores } from './started-store';

/** Each open tab as `title` or `title (preview)`, in strip order. */
const strip = (store: AppStore) =>
  store.getState().tabs.map((tab) => (tab.preview ? `${tab.title} (preview)` : tab.title));

const PATH = 'collections/smoke/Unary.json';

describe('the preview tab', () => {
  it('shows a single-clicked method; the next single click replaces it in its place', async () => {
    const { store, engine } = await startedStore();
    store.getState().previewMethod(testSource.id, unaryCall);
    store.getState().openMethod(testSource.id, fullDuplexCall);
    expect(strip(store)).toEqual(['TestService/UnaryCall (preview)', 'TestService/FullDuplexCall']);
    const replaced = store.getState().tabs[0]!.id;
    store.getState().previewMethod(testSource.id, fullDuplexCall);
    // FullDuplexCall has its own tab already: the click shows it, the preview stays.
    expect(strip(store)).toEqual(['TestService/UnaryCall (preview)', 'TestService/FullDuplexCall']);
    store.getState().close(store.getState().tabs[1]!.id);
    store.getState().previewMethod(testSource.id, fullDuplexCall);
    expect(strip(store)).toEqual(['TestService/FullDuplexCall (preview)']);
    expect(store.getState().tabs[0]!.id).not.toBe(replaced);
    expect(activeTab(store).title).toBe('TestService/FullDuplexCall');
    await vi.waitFor(() => expect(activeTab(store).template).toBeDefined());
    expect(engine.released).toEqual([]);
  });

  it('is kept by a double click (openMethod on its preview), by editing, by sending and by saving', async () => {
    const { store } = await startedStore();
    const { previewMethod, openMethod } = store.getState();
    previewMethod(testSource.id, unaryCall);
    openMethod(testSource.id, unaryCall);
    expect(strip(store)).toEqual(['TestService/UnaryCall']);

    const keptBy = async (change: (tabId: string) => void | Promise<unknown>) => {
      previewMethod(testSource.id, fullDuplexCall);
      const tabId = activeTab(store).id;
      expect(activeTab(store).preview).toBe(true);
      await change(tabId);
      expect(store.getState().tabs.find((tab) => tab.id === tabId)?.preview).toBe(false);
      store.getState().close(tabId);
    };
    await keptBy((id) => store.getState().setRequestText(id, '{"mine": 1}'));
    await keptBy((id) => store.getState().setConnection(id, { target: 'localhost:9' }));
    await keptBy((id) => store.getState().setOptions(id, { emitDefaults: true, gzip: false }));
    await keptBy((id) => store.getState().fillRequest(id));
    await keptBy((id) => store.getState().pinTab(id));
    await keptBy((id) => store.getState().send(id));
    await keptBy((id) => store.getState().requestSave(id));
  });

  it('double-clicking a method whose kept tab is active opens a second tab on it', async () => {
    const { store } = await startedStore();
    store.getState().openMethod(testSource.id, unaryCall);
    store.getState().previewMethod(testSource.id, unaryCall);
    store.getState().openMethod(testSource.id, unaryCall);
    expect(strip(store)).toEqual(['TestService/UnaryCall', 'TestService/UnaryCall']);
  });

  it('releases the calls of tabs closed together: to the right, the others, all', async () => {
    const { store, engine } = await startedStore();
    const sendHere = async () => {
      store.getState().setConnection(activeTab(store).id, { target: 'localhost:7' });
      await store.getState().send(activeTab(store).id);
    };
    store.getState().openMethod(testSource.id, unaryCall);
    await sendHere();
    const first = activeTab(store).id;
    store.getState().openMethod(testSource.id, fullDuplexCall);
    store.getState().openMethod(testSource.id, unaryCall);
    await sendHere();
    store.getState().closeToTheRight(store.getState().tabs[1]!.id);
    expect(engine.released).toEqual(['call-2']);
    expect(store.getState().activeTabId).toBe(store.getState().tabs[1]!.id);
    store.getState().closeOthers(first);
    expect(strip(store)).toEqual(['TestService/UnaryCall']);
    expect(store.getState().activeTabId).toBe(first);
    store.getState().closeAll();
    expect(store.getState()).toMatchObject({ tabs: [], activeTabId: undefined });
    expect(engine.released).toEqual(['call-2', 'call-1']);
  });
});

describe('history entries and saved requests in tabs', () => {
  it('a history entry opens in one tab however often it is clicked, also while it loads', async () => {
    const { store, engine } = await startedStore();
    engine.history.set('h1', historyEntry('h1'));
    engine.history.set('h2', historyEntry('h2'));
    const { previewHistory, openHistory } = store.getState();
    // A double click: two clicks and the double click, all before the entry has been read once.
    await Promise.all([previewHistory('h1'), previewHistory('h1'), openHistory('h1')]);
    expect(strip(store)).toEqual(['TestService/UnaryCall']);
    expect(activeTab(store).history?.id).toBe('h1');
    await previewHistory('h2');
    expect(strip(store)).toEqual(['TestService/UnaryCall', 'TestService/UnaryCall (preview)']);
    await previewHistory('h1');
    expect(activeTab(store).history?.id).toBe('h1');
    await previewHistory('h2');
    await openHistory('h2');
    expect(strip(store)).toEqual(['TestService/UnaryCall', 'TestService/UnaryCall']);
  });

  it("a saved request previews, takes the method preview's place, and is kept when opened", async () => {
    const { store, engine } = await startedStore();
    engine.files.set(PATH, { value: unaryRequest(), version: 'a'.repeat(64) });
    store.getState().previewMethod(testSource.id, fullDuplexCall);
    await store.getState().previewSaved(PATH);
    expect(strip(store)).toEqual(['Unary (preview)']);
    engine.changeOnDisk(PATH, unaryRequest({ responseSize: 2 }));
    await vi.waitFor(() => expect(activeTab(store).requestText).toContain('2'));
    expect(strip(store)).toEqual(['Unary (preview)']);
    await store.getState().openSaved(PATH);
    expect(strip(store)).toEqual(['Unary']);
  });

  it('a reload keeps which tab is the preview and which history entry a tab shows', async () => {
    const engine = engineStub();
    engine.history.set('h1', historyEntry('h1'));
    const { store, storage } = await startedStore(engine);
    await store.getState().openHistory('h1');
    store.getState().previewMethod(testSource.id, fullDuplexCall);
    stopStartedStores();
    const { store: reloaded } = await startedStore(engine, storage);
    expect(strip(reloaded)).toEqual(['TestService/UnaryCall', 'TestService/FullDuplexCall (preview)']);
    await reloaded.getState().previewHistory('h1');
    expect(reloaded.getState().tabs).toHaveLength(2);
    expect(activeTab(reloaded).history?.id).toBe('h1');
  });
});
