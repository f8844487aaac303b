// @vitest-environment happy-dom
// Opening another workspace while schemas and TLS profiles are loaded asks first, then brings, keeps or leaves them and
// says what happened; a reload shows each tab's last response again from its history entry.
import { describe, expect, it, vi } from 'vitest';
import type { AppStore } from '../../../src/renderer/state/store';
import { engineStub, historyEntry, memoryStorage, testSource, unaryCall } from './engine-stub';
import { activeTab, startedStore, stopStartedStores } from './started-store';

/** An engine whose source goes when another workspace opens (it was the old one's), and comes back when brought. */
function switchingEngine() {
  const engine = engineStub();
  let sources = [testSource];
  const brought: unknown[] = [];
  const { open, bringIn } = engine.api.workspace;
  engine.api.sources.list = async () => sources;
  engine.api.workspace.open = async (input) => {
    sources = [];
    return open(input);
  };
  engine.api.workspace.bringIn = async (input) => {
    brought.push(input);
    sources = [{ ...testSource, id: 'src-2' }];
    return bringIn(input);
  };
  return { engine, brought };
}

async function openTab(store: AppStore) {
  store.getState().openMethod(testSource.id, unaryCall);
  await vi.waitFor(() => expect(activeTab(store).template).toBeDefined());
  store.getState().setTlsProfile(activeTab(store).id, 'local');
  store.getState().setConnection(activeTab(store).id, { target: 'localhost:7' });
}

describe('switching workspace', () => {
  it('asks before opening; Cancel opens nothing', async () => {
    const { engine } = switchingEngine();
    const { store } = await startedStore(engine);
    await store.getState().openWorkspace('/work/other');
    expect(store.getState().workspaceSwitch).toEqual({ folder: '/work/other' });
    await store.getState().answerWorkspaceSwitch('cancel');
    expect(store.getState().workspaceSwitch).toBeUndefined();
    expect(store.getState().workspace?.name).toBe('api');
  });

  it('bringing copies the old workspace’s sources and profiles, rebinds the tab and says so', async () => {
    const { engine, brought } = switchingEngine();
    const { store } = await startedStore(engine);
    await openTab(store);
    await store.getState().openWorkspace('/work/other');
    await store.getState().answerWorkspaceSwitch('bring');

    expect(brought).toEqual([{ sources: [testSource.source], tlsProfiles: ['local'] }]);
    expect(activeTab(store).sourceId).toBe('src-2');
    expect(store.getState().workspaceNotice).toEqual({
      title: 'Brought into other from api',
      lines: [
        "Schema test.proto: added to other's protodesk.json.",
        'TLS profile local: copied to tls/local.json.',
        'Nothing in api was changed.',
      ],
    });
  });

  it('leaving records what stayed behind, and a tab’s banner can bring its source later', async () => {
    const { engine, brought } = switchingEngine();
    const { store } = await startedStore(engine);
    await openTab(store);
    await store.getState().openWorkspace('/work/other');
    await store.getState().answerWorkspaceSwitch('leave');

    expect(brought).toEqual([]);
    expect(store.getState().leftBehind?.sources.map((source) => source.id)).toEqual(['src-1']);
    expect(store.getState().workspaceNotice?.lines).toEqual([
      'Schemas left in api: test.proto.',
      'Open tabs that need them show how to bring them in.',
    ]);
    expect(activeTab(store).sourceId).toBe('src-1');

    await store.getState().bringLeftBehind({ sourceId: 'src-1' });
    expect(brought).toEqual([{ sources: [testSource.source], tlsProfiles: [] }]);
    expect(activeTab(store).sourceId).toBe('src-2');
    expect(store.getState().leftBehind?.sources).toEqual([]);
  });
});

describe('reloading the page', () => {
  it('shows each tab’s last response again from its history entry', async () => {
    const storage = memoryStorage();
    const engine = engineStub();
    engine.history.set('h-7', historyEntry('h-7'));
    const first = await startedStore(engine, storage);
    await openTab(first.store);
    await first.store.getState().send(activeTab(first.store).id);
    engine.emitEvent({
      type: 'outcome',
      outcome: { callId: 'call-1', historyId: 'h-7', assertions: [], captures: [] },
    });
    expect(activeTab(first.store).lastHistoryId).toBe('h-7');
    stopStartedStores(); // closing the page saves what it has at once

    const again = await startedStore(engine, storage);
    await vi.waitFor(() => expect(activeTab(again.store).call?.fromHistory).toBe(historyEntry('h-7').at));
  });
});
