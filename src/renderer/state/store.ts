/** The app's store (zustand): sources, open tabs, remembered connections, the workspace, and the actions the UI calls. */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ProtodeskApi } from '../../shared/api/contract';
import type { SourceState } from '../../shared/api/types';
import type { MethodInfo } from '../../shared/schema';
import type { Assertions, Capture } from '../../shared/workspace';
import { createCallActions, type CallApi, type CallActions } from './call-actions';
import { callContextOf } from './call-context';
import { connectionFor, rememberConnection } from './connections';
import { createEventRouter } from './event-router';
import { toFailure } from '../../shared/api/errors';
import { loadWorkspace, samePersisted, saveWorkspace, type PersistedState } from './persist';
import { rebindTabs } from './saved-request';
import { withShownMessage } from './stream-messages';
import * as list from './tab-list';
import type { RequestSection } from './request-section';
import type { AppState, Connection, RequestOptions, TabState } from './types';
import { createWorkspaceActions, type WorkspaceActions, type WorkspaceApi } from './workspace-actions';

/** The operations the store uses (tests pass an object with just these). */
export type StoreEngine = CallApi &
  WorkspaceApi &
  Pick<ProtodeskApi, 'listSources' | 'methodTemplate' | 'acknowledge' | 'onEvent'>;

/** What the UI can do to the state. */
export interface AppActions
  extends Omit<CallActions, 'release'>, Omit<WorkspaceActions, 'startWorkspace' | 'onWorkspaceChanged'> {
  /** Subscribes to engine events, lists the sources and starts saving the workspace; returns the disposer. */
  start(): () => void;
  setSources(sources: SourceState[]): void;
  /** Opens a new tab on a method (always a new one) and loads its sample. */
  openMethod(sourceId: string, method: MethodInfo): void;
  activate(tabId: string): void;
  close(tabId: string): void;
  move(tabId: string, toIndex: number): void;
  shift(tabId: string, delta: -1 | 1): void;
  setRequestText(tabId: string, text: string): void;
  /** Shows message `index` of a stream reopened from history in the editor; undefined: forget the list. */
  showStreamMessage(tabId: string, index: number | undefined): void;
  resetRequest(tabId: string): void;
  /** Replaces the request with the method's sample with every field filled. */
  fillRequest(tabId: string): void;
  setConnection(tabId: string, change: Partial<Connection>): void;
  setOptions(tabId: string, options: RequestOptions): void;
  /** A TLS profile by name for the tab's calls; undefined: the tab's own TLS fields. */
  setTlsProfile(tabId: string, name: string | undefined): void;
  setTests(tabId: string, tests: { captures: Capture[]; assertions: Assertions }): void;
  /** Shows a section of the tab's request pane (not an edit: the tab stays clean). */
  setSection(tabId: string, section: RequestSection): void;
  dismissFailure(tabId: string): void;
  setPaletteOpen(open: boolean): void;
}

/** The store: state plus actions. */
export type AppStore = StoreApi<AppState & AppActions>;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

const SAVE_DELAY_MS = 400;

/** Creates the store over an engine API; the saved workspace (if any) is restored at once. */
export function createAppStore(api: StoreEngine, storage: Storage = localStorage): AppStore {
  const restored = loadWorkspace(storage);
  let nextId =
    1 + Math.max(0, ...(restored?.tabs ?? []).map((tab) => Number(tab.id.replace(/\D/g, '')) || 0));

  return createStore<AppState & AppActions>()((set, get, store) => {
    const patchTab = (id: string, change: (tab: TabState) => Partial<TabState>): void =>
      set((state) => ({ tabs: list.updateTab(state.tabs, id, (tab) => ({ ...tab, ...change(tab) })) }));
    /** A change to what a tab saves: its dirty flag follows. */
    const editTab = (id: string, change: Partial<TabState>): void =>
      set((state) => ({
        tabs: list.updateTab(state.tabs, id, (tab) => list.withDirtyFlag({ ...tab, ...change })),
      }));
    const getTab = (id: string): TabState | undefined => get().tabs.find((tab) => tab.id === id);
    const router = createEventRouter(api, { getTabs: () => get().tabs, setTabs: (tabs) => set({ tabs }) });
    const calls = createCallActions(
      api,
      { getTab, patchTab },
      router,
      (tab) => callContextOf(tab, get().environment),
      (tab) => set((state) => rememberConnection(state, tab.sourceId, tab)),
    );

    const loadTemplate = (tab: TabState): void => {
      patchTab(tab.id, () => ({ templateLoading: true }));
      api.methodTemplate(tab.sourceId, list.methodRef(tab.method)).then(
        (template) => patchTab(tab.id, (now) => list.withTemplate(now, template)),
        (error: unknown) => patchTab(tab.id, () => ({ templateLoading: false, failure: toFailure(error) })),
      );
    };
    const ensureTemplate = (tabId: string | undefined): void => {
      const tab = tabId === undefined ? undefined : getTab(tabId);
      if (tab && !tab.template && !tab.templateLoading) loadTemplate(tab);
    };
    const setSources = (sources: SourceState[]): void => {
      set((state) => ({ sources, tabs: rebindTabs(state.tabs, sources) }));
      ensureTemplate(get().activeTabId);
    };
    const activate = (tabId: string): void => {
      set({ activeTabId: tabId });
      ensureTemplate(tabId);
    };
    const workspace = createWorkspaceActions(api, {
      get,
      set,
      patchTab,
      newTabId: () => `tab-${nextId++}`,
      addTab(tab) {
        set((state) => ({ tabs: [...state.tabs, tab], activeTabId: tab.id }));
        loadTemplate(tab);
      },
      activate,
      setSources,
      storage,
    });
    const { startWorkspace, onWorkspaceChanged, ...workspaceActions } = workspace;

    return {
      sources: [],
      tabs: restored?.tabs ?? [],
      activeTabId: restored?.activeTabId,
      connections: restored?.connections ?? {},
      paletteOpen: false,
      historyStamp: 0,
      send: calls.send,
      cancel: calls.cancel,
      endStream: calls.endStream,
      ...workspaceActions,

      start() {
        const unsubscribe = api.onEvent((event) => {
          if (event.type === 'call') router.onBatch(event.batch);
          else if (event.type === 'outcome') {
            router.onOutcome(event.outcome);
            set((state) => ({ historyStamp: state.historyStamp + 1 }));
          } else onWorkspaceChanged(event.state, event.changedPaths);
        });
        // Templates load once the sources are listed: restored tabs are first bound to the engine's new source ids.
        api.listSources().then(
          (sources) => {
            set({ sourcesFailure: undefined });
            setSources(sources);
          },
          (error: unknown) => {
            set({ sourcesFailure: toFailure(error) });
            ensureTemplate(get().activeTabId);
          },
        );
        startWorkspace(restored?.workspaceFolder);
        const stopSaving = saveOnChange(store, storage);
        return () => {
          unsubscribe();
          stopSaving();
        };
      },
      setSources,
      openMethod(sourceId, method) {
        const tab = list.createTab(`tab-${nextId++}`, sourceId, method, connectionFor(get(), sourceId));
        set((state) => ({ tabs: [...state.tabs, tab], activeTabId: tab.id }));
        loadTemplate(tab);
      },
      activate,
      close(tabId) {
        const tab = getTab(tabId);
        if (!tab) return;
        calls.release(tab);
        set((state) => list.closeTab(state.tabs, state.activeTabId, tabId));
        ensureTemplate(get().activeTabId);
      },
      move: (tabId, toIndex) => set((state) => ({ tabs: list.moveTab(state.tabs, tabId, toIndex) })),
      shift: (tabId, delta) => set((state) => ({ tabs: list.shiftTab(state.tabs, tabId, delta) })),
      setRequestText: (tabId, text) =>
        set((state) => ({
          tabs: list.updateTab(state.tabs, tabId, (tab) => list.withRequestText(tab, text)),
        })),
      showStreamMessage: (tabId, index) =>
        patchTab(tabId, (tab) =>
          index === undefined ? { streamMessages: undefined } : withShownMessage(tab, index),
        ),
      resetRequest: (tabId) => set((state) => ({ tabs: list.updateTab(state.tabs, tabId, list.resetTab) })),
      fillRequest: (tabId) => set((state) => ({ tabs: list.updateTab(state.tabs, tabId, list.fillTab) })),
      // Once the address is edited it is the user's own: the hint of where it came from goes.
      setConnection: (tabId, change) =>
        editTab(tabId, change.target === undefined ? change : { ...change, addressFrom: undefined }),
      setOptions: (tabId, options) => editTab(tabId, { options }),
      setTlsProfile: (tabId, tlsProfile) => editTab(tabId, { tlsProfile }),
      setTests: (tabId, tests) => editTab(tabId, tests),
      setSection: (tabId, section) => patchTab(tabId, () => ({ section })),
      dismissFailure: (tabId) => patchTab(tabId, () => ({ failure: undefined, problem: undefined })),
      setPaletteOpen: (paletteOpen) => set({ paletteOpen }),
    };
  });
}

/** Saves the workspace a moment after its saved parts change (not on every call batch); returns the stopper. */
function saveOnChange(store: StoreApi<AppState>, storage: Storage): () => void {
  let saved = persistedPart(store.getState());
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const now = persistedPart(store.getState());
    if (samePersisted(saved, now)) return;
    saved = now;
    saveWorkspace(storage, now);
  };
  const unsubscribe = store.subscribe((state) => {
    if (timer === undefined && !samePersisted(saved, persistedPart(state)))
      timer = setTimeout(flush, SAVE_DELAY_MS);
  });
  window.addEventListener('pagehide', flush);
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', flush);
    flush();
  };
}

function persistedPart(state: AppState): PersistedState {
  const { tabs, activeTabId, connections } = state;
  return { tabs, activeTabId, connections, workspaceFolder: state.workspace?.folder };
}
