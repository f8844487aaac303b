/** Store tests' set-up: a started store over the stub engine (stopped after each test) and the tab the user sees. */
import { afterEach, expect, vi } from 'vitest';
import { createAppStore, type AppStore } from '../../../src/renderer/state/store';
import type { TabState } from '../../../src/renderer/state/types';
import { engineStub, memoryStorage } from './engine-stub';

const disposers: (() => void)[] = [];

/** Stops every store started so far, as closing the window would (a test then starts one again to "reload"). */
export function stopStartedStores(): void {
  disposers.splice(0).forEach((dispose) => dispose());
}
// Registered once by importing this file: every store started in a test stops after it.
afterEach(stopStartedStores);

/** A started store over a stub engine, with the sources and the workspace loaded. */
export async function startedStore(engine = engineStub(), storage = memoryStorage()) {
  const store = createAppStore(engine.api, storage);
  disposers.push(store.getState().start());
  await vi.waitFor(() => {
    expect(store.getState().sources).toHaveLength(1);
    expect(store.getState().workspace).toBeDefined();
  });
  return { engine, store, storage };
}

/** The tab shown; throws when none is. */
export function activeTab(store: AppStore): TabState {
  const found = store.getState().tabs.find((tab) => tab.id === store.getState().activeTabId);
  if (!found) throw new Error('no active tab');
  return found;
}
