/**
 * The store's workspace actions: open a workspace, pick an environment, open saved requests and history entries in
 * tabs, save tabs (with conflict detection), and follow changes made on disk outside the app.
 */
import type { ApiPick } from '../../shared/api/contract';
import { ApiError, toFailure } from '../../shared/api/errors';
import type { ApiFailure, SourceState } from '../../shared/api/types';
import type { TlsSettings } from '../../shared/schema';
import type { HistoryEntry, SavedRequest, WorkspaceState } from '../../shared/workspace';
import { connectionFor } from './connections';
import { rememberedEnvironment, rememberEnvironment } from './environment-memory';
import {
  bodyText,
  findMethod,
  requestName,
  requestOfHistory,
  savedRequestOf,
  tabFromRequest,
  withSavedContent,
} from './saved-request';
import { callModelFromHistory } from '../model/call-model';
import { historyTabState } from './stream-messages';
import { withDirtyFlag } from './tab-list';
import type { AppState, TabState, WorkspaceCarry } from './types';
import { broughtNotice, leftNotice, withoutBrought } from './workspace-switch';

/** The operations the workspace actions use. */
export type WorkspaceApi = ApiPick<
  | 'workspace.state'
  | 'workspace.open'
  | 'workspace.bringIn'
  | 'sources.list'
  | 'workspace.readRequest'
  | 'workspace.saveRequest'
  | 'history.entry'
>;

/** How the workspace actions read and change the store. */
export interface WorkspaceAccess {
  get(): AppState;
  set(change: Partial<AppState> | ((state: AppState) => Partial<AppState>)): void;
  patchTab(id: string, change: (tab: TabState) => Partial<TabState>): void;
  newTabId(): string;
  /** Adds a tab at the end (a preview tab in the old preview's place), activates it and loads its template. */
  addTab(tab: TabState): void;
  activate(tabId: string): void;
  /** Keeps a preview tab open. */
  pinTab(tabId: string): void;
  /** Takes the engine's source list (open tabs are bound to the new source ids). */
  setSources(sources: SourceState[]): void;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
}

/** The workspace actions of the store. */
export interface WorkspaceActions {
  /**
   * Opens a folder as the workspace (null: the default one); its sources replace the loaded ones. A folder holding
   * files but no protodesk.json opens the "Make it a workspace?" dialog instead, unless `create` (the person confirmed).
   */
  openWorkspace(folder: string | null, create?: boolean): Promise<void>;
  /** The answer of the "Make it a workspace?" dialog. */
  answerCreateWorkspace(create: boolean): Promise<void>;
  /** The answer of the "Switch workspace" dialog: what to do with the schemas and TLS profiles loaded, or cancel. */
  answerWorkspaceSwitch(carry: WorkspaceCarry | 'cancel'): Promise<void>;
  /** A tab banner's "Bring … into this workspace": one source (by its old id) or TLS profile the last switch left. */
  bringLeftBehind(what: { sourceId?: string; tlsProfile?: string }): Promise<void>;
  dismissWorkspaceNotice(): void;
  /** Reads the workspace state again (after an import, an environment or profile change). */
  refreshWorkspace(): Promise<void>;
  selectEnvironment(name: string | undefined): void;
  /** Opens a saved request in a tab to keep (or activates and keeps the tab already showing it). */
  openSaved(path: string): Promise<void>;
  /** A single click on a saved request: its tab if open, else the preview tab shows it. */
  previewSaved(path: string): Promise<void>;
  /** Saves a tab to a request path; answers `conflict` (and opens the conflict dialog) when the file changed on disk. Rejects (the failure shown on the tab) when the body is not JSON or the write fails. */
  saveTab(tabId: string, path: string, overwrite: boolean): Promise<'saved' | 'conflict'>;
  /** Replaces a saved tab's content with its file as it is on disk now. */
  reloadSaved(tabId: string): Promise<void>;
  /** Opens a history entry (the request as sent, the response it got) in a tab to keep; its own tab if open. */
  openHistory(id: string): Promise<void>;
  /** A single click on a history entry: its tab if open, else the preview tab shows it. */
  previewHistory(id: string): Promise<void>;
  /** Opens a request (a pasted grpcurl command) in a new unsaved tab; `tls` for its own TLS fields. */
  newTabFromRequest(request: SavedRequest, tls?: TlsSettings): void;
  /** Save button and Ctrl/Cmd+S: a saved tab saves in place, another opens the "Save request" dialog. */
  requestSave(tabId: string): void;
  closeSaveDialog(): void;
  /** The answer of the "File changed on disk" dialog. */
  resolveConflict(choice: 'overwrite' | 'reload' | 'cancel'): Promise<void>;
  /** "Keep mine" on a tab whose file changed on disk: the edits stay, based on the disk's version now. */
  keepMine(tabId: string): Promise<void>;
  dismissWorkspaceFailure(): void;
  /** Called once at start: shows the engine's workspace; saved tabs of another folder (`restoredFolder`) become unsaved. */
  startWorkspace(restoredFolder: string | undefined): void;
  /** An engine `workspace` event: files changed on disk outside the app. */
  onWorkspaceChanged(state: WorkspaceState, changedPaths: string[]): void;
}

const ignore = (): undefined => undefined;

/** The failure of opening a request whose method no loaded source has. */
function missingMethod(method: string, name: string): ApiFailure {
  return {
    kind: 'schema',
    message: `Cannot open "${name}": the method ${method} is not in any loaded source.`,
    hint: 'Import its protos (or its server by reflection), then open it again.',
  };
}

/** A tab that no longer claims a workspace file (kept content; Save asks where). */
function withoutSaved(tab: TabState): TabState {
  if (!tab.saved) return tab;
  return withDirtyFlag({ ...tab, saved: undefined, savedRequest: undefined, diskChanged: false });
}

/** Builds the workspace actions over the store access. */
export function createWorkspaceActions(api: WorkspaceApi, access: WorkspaceAccess): WorkspaceActions {
  const { get, set, patchTab } = access;
  const getTab = (id: string): TabState | undefined => get().tabs.find((tab) => tab.id === id);
  const failWorkspace = (error: unknown): void => set({ workspaceFailure: toFailure(error) });

  /** Shows a workspace state; a different folder than before makes saved tabs unsaved (their paths meant the old one). */
  const showWorkspace = (workspace: WorkspaceState, previousFolder: string | undefined): void => {
    const environment = rememberedEnvironment(access.storage, workspace.folder, workspace.environments);
    set((state) => ({
      workspace,
      environment,
      tabs:
        previousFolder !== undefined && previousFolder !== workspace.folder
          ? state.tabs.map(withoutSaved)
          : state.tabs,
    }));
  };

  const listSources = (): Promise<void> => api.sources.list().then(access.setSources, failWorkspace);
  /** The answer to "Switch workspace" for the open in progress, kept through "Make it a workspace?". */
  let carry: WorkspaceCarry | undefined;

  /** Shows a tab's last response again from its history entry (after a reload); an entry history dropped shows none. */
  const restoreResponse = async (tabId: string, id: string): Promise<void> => {
    const entry = await api.history.entry({ id }).catch(() => undefined);
    if (!entry) return;
    patchTab(tabId, (now) =>
      now.call || now.lastHistoryId !== id ? {} : { call: callModelFromHistory(entry, now.method.kind) },
    );
  };

  /** Brings what `sources` and `tlsProfiles` name from the workspace left, then says what happened. */
  const bring = async (sources: SourceState[], tlsProfiles: string[]): Promise<void> => {
    const report = await api.workspace.bringIn({
      sources: sources.map((source) => source.source),
      tlsProfiles,
    });
    await listSources();
    await refreshWorkspace();
    set((state) => ({
      workspaceNotice: broughtNotice(report, sources, state.workspace?.name ?? 'this workspace'),
      leftBehind: state.leftBehind && withoutBrought(state.leftBehind, report),
    }));
  };

  /** After a switch: brings the old workspace's sources and TLS profiles, or records and says what stayed behind. */
  const carryOver = async (
    chosen: WorkspaceCarry,
    before: { workspace: WorkspaceState; sources: SourceState[] },
    opened: WorkspaceState,
  ): Promise<void> => {
    const after = get().sources;
    const gone = before.sources.filter((source) => !after.some((now) => now.id === source.id));
    const profiles = before.workspace.tlsProfiles.filter((name) => !opened.tlsProfiles.includes(name));
    const left = { workspace: before.workspace.name, sources: gone, tlsProfiles: profiles };
    set({ leftBehind: left });
    if (chosen === 'bring') {
      if (gone.length > 0 || before.workspace.tlsProfiles.length > 0)
        await bring(gone, before.workspace.tlsProfiles);
      return;
    }
    const kept = before.sources.filter((source) => after.some((now) => now.id === source.id));
    set({ workspaceNotice: leftNotice(left, chosen === 'keep' ? kept : [], opened.name) });
  };

  /** Brings a saved tab up to date with its file: a clean tab reloads, an edited one shows the disk-change banner. */
  const syncSaved = async (tabId: string): Promise<void> => {
    const path = getTab(tabId)?.saved?.path;
    if (!path) return;
    try {
      const read = await api.workspace.readRequest({ path });
      patchTab(tabId, (now) => {
        if (now.saved?.path !== path || now.saved.version === read.version) return {};
        return now.dirty
          ? { diskChanged: true }
          : withSavedContent(now, read.value, { path, version: read.version });
      });
    } catch {
      // Deleted, or no longer parses (a merge conflict): the tab keeps its content as an unsaved request.
      patchTab(tabId, (now) => (now.saved?.path === path ? withoutSaved(now) : {}));
    }
  };

  const loadInto = async (tabId: string, path: string): Promise<void> => {
    try {
      const read = await api.workspace.readRequest({ path });
      patchTab(tabId, (now) => withSavedContent(now, read.value, { path, version: read.version }));
    } catch (error) {
      patchTab(tabId, () => ({ failure: toFailure(error) }));
    }
  };

  /** Opens a request in a new tab on the first loaded source with its method; a missing method is a workspace failure. */
  const openRequest = (
    request: SavedRequest,
    name: string,
    extra: {
      saved?: { path: string; version: string };
      text?: string;
      tls?: TlsSettings;
      history?: HistoryEntry;
    },
    preview = false,
  ): void => {
    const found = findMethod(get().sources, request.method);
    if (!found) {
      set({ workspaceFailure: missingMethod(request.method, name) });
      return;
    }
    const tls = extra.tls ?? connectionFor(get(), found.sourceId).tls;
    const { history, ...fields } = extra;
    const tab = tabFromRequest({ id: access.newTabId(), ...found, request, ...fields, tls });
    access.addTab({
      ...tab,
      ...(history && historyTabState(history, found.method.kind)),
      ...(preview && { preview }),
    });
    set({ workspaceFailure: undefined });
  };

  /** Shows the open tab `find` picks, kept open unless `preview`; false when there is none. */
  const showOpen = (find: (tab: TabState) => boolean, preview: boolean): boolean => {
    const open = get().tabs.find(find);
    if (!open) return false;
    access.activate(open.id);
    if (!preview) access.pinTab(open.id);
    return true;
  };

  /**
   * Shows the open tab `isIt` finds; else reads what it would hold and opens it with `openRead`. It looks for the tab
   * again once read: a double click's first click may have opened it since.
   */
  const showOrRead = async <T>(
    isIt: (tab: TabState) => boolean,
    preview: boolean,
    read: () => Promise<T>,
    openRead: (value: T) => void,
  ): Promise<void> => {
    if (showOpen(isIt, preview)) return;
    try {
      const value = await read();
      if (!showOpen(isIt, preview)) openRead(value);
    } catch (error) {
      failWorkspace(error);
    }
  };
  const showSaved = (path: string, preview: boolean): Promise<void> =>
    showOrRead(
      (tab) => tab.saved?.path === path,
      preview,
      () => api.workspace.readRequest({ path }),
      (read) =>
        openRequest(read.value, requestName(path), { saved: { path, version: read.version } }, preview),
    );
  const showHistory = (id: string, preview: boolean): Promise<void> =>
    showOrRead(
      (tab) => tab.history?.id === id,
      preview,
      () => api.history.entry({ id }),
      (entry) => {
        const { request, text } = requestOfHistory(entry);
        openRequest(request, entry.method, { text, history: entry }, preview);
      },
    );

  const saveTab = async (tabId: string, path: string, overwrite: boolean): Promise<'saved' | 'conflict'> => {
    const tab = getTab(tabId);
    if (!tab) throw new Error('The tab to save is closed.');
    let request: SavedRequest;
    try {
      request = savedRequestOf(tab);
    } catch (error) {
      const failure: ApiFailure = {
        kind: 'json',
        message: `Not saved: the request is not valid JSON (${error instanceof Error ? error.message : String(error)}).`,
        hint: 'Fix the JSON, then save again; your text is kept.',
      };
      patchTab(tabId, () => ({ failure }));
      throw new ApiError(failure);
    }
    const base = tab.saved?.path === path ? tab.saved.version : null;
    try {
      const { version } = await api.workspace.saveRequest({ path, request, baseVersion: base, overwrite });
      patchTab(tabId, (now) =>
        withDirtyFlag({
          ...now,
          title: requestName(path),
          saved: { path, version },
          savedRequest: request,
          baseText: tab.requestText,
          keepText: true,
          diskChanged: false,
          failure: undefined,
        }),
      );
      set({ saveDialogTabId: undefined, conflict: undefined });
      await refreshWorkspace();
      return 'saved';
    } catch (error) {
      const failure = toFailure(error);
      if (failure.kind === 'conflict') {
        set({ saveDialogTabId: undefined, conflict: { tabId, path } });
        return 'conflict';
      }
      patchTab(tabId, () => ({ failure }));
      throw error;
    }
  };

  const refreshWorkspace = async (): Promise<void> => {
    try {
      showWorkspace(await api.workspace.state(), get().workspace?.folder);
    } catch (error) {
      failWorkspace(error);
    }
  };

  const openWorkspace = async (folder: string | null, create = false): Promise<void> => {
    const { workspace, sources } = get();
    const loaded = sources.length > 0 || (workspace?.tlsProfiles.length ?? 0) > 0;
    if (carry === undefined && loaded && workspace?.folder !== folder) {
      set({ workspaceSwitch: { folder } });
      return;
    }
    try {
      const keepSources = carry === 'keep' ? { keepSources: true } : {};
      const opened = await api.workspace.open({ folder, create, ...keepSources });
      if ('needsConfirmation' in opened) {
        set({ workspaceToCreate: opened.folder });
        return;
      }
      const chosen = carry;
      carry = undefined;
      showWorkspace(opened, workspace?.folder);
      set({ workspaceFailure: undefined, workspaceNotice: undefined });
      await listSources();
      if (chosen && workspace && workspace.folder !== opened.folder)
        await carryOver(chosen, { workspace, sources }, opened);
    } catch (error) {
      carry = undefined;
      failWorkspace(error);
    }
  };

  return {
    openWorkspace,
    async answerCreateWorkspace(create) {
      const folder = get().workspaceToCreate;
      set({ workspaceToCreate: undefined });
      if (folder !== undefined && create) await openWorkspace(folder, true);
      else carry = undefined;
    },
    async answerWorkspaceSwitch(answer) {
      const pending = get().workspaceSwitch;
      set({ workspaceSwitch: undefined });
      if (!pending || answer === 'cancel') return;
      carry = answer;
      await openWorkspace(pending.folder);
    },
    async bringLeftBehind({ sourceId, tlsProfile }) {
      const source = get().leftBehind?.sources.find((entry) => entry.id === sourceId);
      try {
        await bring(source ? [source] : [], tlsProfile !== undefined ? [tlsProfile] : []);
      } catch (error) {
        failWorkspace(error);
      }
    },
    dismissWorkspaceNotice: () => set({ workspaceNotice: undefined }),
    refreshWorkspace,
    selectEnvironment(name) {
      set({ environment: name });
      const folder = get().workspace?.folder;
      if (folder !== undefined) rememberEnvironment(access.storage, folder, name);
    },
    openSaved: (path) => showSaved(path, false),
    previewSaved: (path) => showSaved(path, true),
    saveTab,
    async reloadSaved(tabId) {
      const path = getTab(tabId)?.saved?.path;
      if (path) await loadInto(tabId, path);
    },
    openHistory: (id) => showHistory(id, false),
    previewHistory: (id) => showHistory(id, true),
    newTabFromRequest(request, tls) {
      openRequest(request, request.method, tls ? { tls } : {});
    },
    requestSave(tabId) {
      const tab = getTab(tabId);
      if (!tab) return;
      if (tab.saved)
        saveTab(tabId, tab.saved.path, false).catch(ignore); // the failure is shown on the tab
      else set({ saveDialogTabId: tabId });
    },
    closeSaveDialog: () => set({ saveDialogTabId: undefined }),
    async resolveConflict(choice) {
      const conflict = get().conflict;
      set({ conflict: undefined });
      if (!conflict) return;
      if (choice === 'overwrite') await saveTab(conflict.tabId, conflict.path, true).catch(ignore);
      else if (choice === 'reload') await loadInto(conflict.tabId, conflict.path);
    },
    async keepMine(tabId) {
      const path = getTab(tabId)?.saved?.path;
      if (!path) return;
      try {
        const read = await api.workspace.readRequest({ path });
        patchTab(tabId, (now) =>
          withDirtyFlag({
            ...now,
            saved: { path, version: read.version },
            savedRequest: read.value,
            baseText: bodyText(read.value),
            diskChanged: false,
          }),
        );
      } catch (error) {
        patchTab(tabId, () => ({ diskChanged: false, failure: toFailure(error) }));
      }
    },
    dismissWorkspaceFailure: () => set({ workspaceFailure: undefined }),
    startWorkspace(restoredFolder) {
      api.workspace.state().then((workspace) => {
        showWorkspace(workspace, restoredFolder);
        for (const tab of get().tabs) {
          if (tab.saved) void syncSaved(tab.id);
          if (tab.lastHistoryId !== undefined && !tab.call) void restoreResponse(tab.id, tab.lastHistoryId);
        }
      }, failWorkspace);
    },
    onWorkspaceChanged(state, changedPaths) {
      showWorkspace(state, get().workspace?.folder);
      const changed = new Set(changedPaths);
      for (const tab of get().tabs) if (tab.saved && changed.has(tab.saved.path)) void syncSaved(tab.id);
      if (changed.has('protodesk.json')) void listSources();
    },
  };
}
