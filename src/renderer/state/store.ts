/** The app's store (zustand): sources, open tabs, remembered connections, the workspace, and the actions the UI calls. */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ApiPick, ProtodeskApi } from '../../shared/api/contract';
import type { SourceState } from '../../shared/api/types';
import type { AuthSettings } from '../../shared/auth';
import type { MethodInfo } from '../../shared/schema';
import type { Assertions, Capture, EnvironmentFile } from '../../shared/workspace';
import { createCallActions, type CallApi, type CallActions } from './call-actions';
import { requestForTab } from './request-for-tab';
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
  ApiPick<'sources.list' | 'sources.methodTemplate' | 'calls.acknowledge'> &
  Pick<ProtodeskApi, 'onEvent'>;

/** What the UI can do to the state. */
export interface AppActions
  extends Omit<CallActions, 'release'>, Omit<WorkspaceActions, 'startWorkspace' | 'onWorkspaceChanged'> {
  /** Subscribes to engine events, lists the sources and starts saving the workspace; returns the disposer. */
  start(): () => void;
  setSources(sources: SourceState[]): void;
  /** A single click on a method: shows its open tab, else opens it in the preview tab (replacing the last preview). */
  previewMethod(sourceId: string, method: MethodInfo): void;
  /** Opens a tab on a method to keep (double click, Enter, palette): pins its active preview, else a new tab. */
  openMethod(sourceId: string, method: MethodInfo): void;
  /** Keeps a preview tab open (double click on it): the next preview no longer replaces it. */
  pinTab(tabId: string): void;
  activate(tabId: string): void;
  close(tabId: string): void;
  closeOthers(tabId: string): void;
  closeToTheRight(tabId: string): void;
  closeAll(): void;
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
  /** The tab's own auth; undefined: inherited from its folders, its collection or the environment. */
  setAuth(tabId: string, auth: AuthSettings | undefined): void;
  /** Shows a section of the tab's request pane (not an edit: the tab stays clean). */
  setSection(tabId: string, section: RequestSection): void;
  dismissFailure(tabId: string): void;
  setPaletteOpen(open: boolean): void;
  /** The selected environment's defaults, once read (empty: none, or no environment). */
  setEnvironmentDefaults(defaults: Pick<EnvironmentFile, 'protocol' | 'tlsProfile'>): void;
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
    /** The user changed a tab's request: the change applies and the tab is kept open (a preview is pinned). */
    const editTab = (id: string, change: (tab: TabState) => TabState): void =>
      set((state) => ({ tabs: list.updateTab(state.tabs, id, (tab) => list.pinned(change(tab))) }));
    /** A change to what a tab saves: its dirty flag follows. */
    const editSettings = (id: string, change: Partial<TabState>): void =>
      editTab(id, (tab) => list.withDirtyFlag({ ...tab, ...change }));
    const pinTab = (id: string): void =>
      set((state) => ({ tabs: list.updateTab(state.tabs, id, list.pinned) }));
    const getTab = (id: string): TabState | undefined => get().tabs.find((tab) => tab.id === id);
    const router = createEventRouter(api, { getTabs: () => get().tabs, setTabs: (tabs) => set({ tabs }) });
    const calls = createCallActions(
      api,
      { getTab, patchTab },
      router,
      (tab) => requestForTab(tab, get()),
      (tab) => set((state) => rememberConnection(state, tab.sourceId, tab)),
    );

    const loadTemplate = (tab: TabState): void => {
      patchTab(tab.id, () => ({ templateLoading: true }));
      api.sources.methodTemplate({ sourceId: tab.sourceId, method: list.methodRef(tab.method) }).then(
        (template) => patchTab(tab.id, (now) => list.withTemplate(now, template)),
        (error: unknown) => patchTab(tab.id, () => ({ templateLoading: false, failure: toFailure(error) })),
      );
    };
    const ensureTemplate = (tabId: string | undefined): void => {
      const tab = tabId === undefined ? undefined : getTab(tabId);
      if (tab && !tab.template && !tab.templateLoading) loadTemplate(tab);
    };
    const setSources = (sources: SourceState[]): void => {
      set((state) => ({ sources, sourcesListed: true, tabs: rebindTabs(state.tabs, sources) }));
      ensureTemplate(get().activeTabId);
    };
    const activate = (tabId: string): void => {
      set({ activeTabId: tabId });
      ensureTemplate(tabId);
    };
    /** Adds a tab (a preview takes the old preview's place), activates it and loads its template. */
    const addTab = (tab: TabState): void => {
      const placed = list.placeTab(get().tabs, tab);
      if (placed.replaced) calls.release(placed.replaced);
      set({ tabs: placed.tabs, activeTabId: tab.id });
      loadTemplate(tab);
    };
    const newMethodTab = (sourceId: string, method: MethodInfo, preview: boolean): void =>
      addTab({
        ...list.createTab(`tab-${nextId++}`, sourceId, method, connectionFor(get(), sourceId)),
        preview,
      });
    /** Closes some tabs at once (their calls released); `activeTabId` if it is still open, else `fallback`. */
    const closeMany = (split: { kept: TabState[]; closed: TabState[] }, fallback?: string): void => {
      split.closed.forEach(calls.release);
      set((state) => ({
        tabs: split.kept,
        activeTabId: split.kept.some((tab) => tab.id === state.activeTabId) ? state.activeTabId : fallback,
      }));
      ensureTemplate(get().activeTabId);
    };
    const workspace = createWorkspaceActions(api, {
      get,
      set,
      patchTab,
      newTabId: () => `tab-${nextId++}`,
      addTab,
      activate,
      pinTab,
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
      // Sending keeps the tab: its response is not lost to the next preview.
      send: (tabId) => {
        pinTab(tabId);
        return calls.send(tabId);
      },
      cancel: calls.cancel,
      endStream: calls.endStream,
      ...workspaceActions,
      requestSave: (tabId) => {
        pinTab(tabId);
        workspaceActions.requestSave(tabId);
      },

      start() {
        const unsubscribe = api.onEvent((event) => {
          if (event.type === 'call') router.onBatch(event.batch);
          else if (event.type === 'outcome') {
            router.onOutcome(event.outcome);
            set((state) => ({ historyStamp: state.historyStamp + 1 }));
          } else if (event.type === 'workspace') onWorkspaceChanged(event.state, event.changedPaths);
        });
        // Templates load once the sources are listed: restored tabs are first bound to the engine's new source ids.
        api.sources.list().then(
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
      previewMethod(sourceId, method) {
        const { tabs, activeTabId } = get();
        const open = list.methodTabOf(tabs, activeTabId, sourceId, method);
        if (open) activate(open.id);
        else newMethodTab(sourceId, method, true);
      },
      openMethod(sourceId, method) {
        const active = get().tabs.find((tab) => tab.id === get().activeTabId);
        if (active?.preview && list.isMethodTab(active, sourceId, method)) pinTab(active.id);
        else newMethodTab(sourceId, method, false);
      },
      pinTab,
      activate,
      close(tabId) {
        const tab = getTab(tabId);
        if (!tab) return;
        calls.release(tab);
        set((state) => list.closeTab(state.tabs, state.activeTabId, tabId));
        ensureTemplate(get().activeTabId);
      },
      closeOthers: (tabId) => closeMany(list.othersClosed(get().tabs, tabId), tabId),
      closeToTheRight: (tabId) => closeMany(list.rightClosed(get().tabs, tabId), tabId),
      closeAll: () => closeMany({ kept: [], closed: get().tabs }),
      move: (tabId, toIndex) => set((state) => ({ tabs: list.moveTab(state.tabs, tabId, toIndex) })),
      shift: (tabId, delta) => set((state) => ({ tabs: list.shiftTab(state.tabs, tabId, delta) })),
      setRequestText: (tabId, text) => editTab(tabId, (tab) => list.withRequestText(tab, text)),
      showStreamMessage: (tabId, index) =>
        patchTab(tabId, (tab) =>
          index === undefined ? { streamMessages: undefined } : withShownMessage(tab, index),
        ),
      resetRequest: (tabId) => editTab(tabId, list.resetTab),
      fillRequest: (tabId) => editTab(tabId, list.fillTab),
      // Once the address is edited it is the user's own: the hint of where it came from goes.
      setConnection: (tabId, change) =>
        editSettings(tabId, change.target === undefined ? change : { ...change, addressFrom: undefined }),
      setOptions: (tabId, options) => editSettings(tabId, { options }),
      setTlsProfile: (tabId, tlsProfile) => editSettings(tabId, { tlsProfile }),
      setTests: (tabId, tests) => editSettings(tabId, tests),
      setAuth: (tabId, auth) => editSettings(tabId, { auth }),
      setSection: (tabId, section) => patchTab(tabId, () => ({ section })),
      dismissFailure: (tabId) => patchTab(tabId, () => ({ failure: undefined, problem: undefined })),
      setPaletteOpen: (paletteOpen) => set({ paletteOpen }),
      setEnvironmentDefaults: ({ protocol, tlsProfile }) =>
        set({ environmentProtocol: protocol, environmentTlsProfile: tlsProfile }),
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
