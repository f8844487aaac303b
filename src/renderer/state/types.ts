/** The app state's data types: open request tabs, remembered connections, and the whole state. */
import type { ApiFailure, MethodTemplate, SourceState } from '../../shared/api/types';
import type { AuthSettings } from '../../shared/auth';
import type { CallProtocol } from '../../shared/call';
import type { MethodInfo, TlsSettings } from '../../shared/schema';
import type { Assertions, Capture, CallOutcome, SavedRequest, WorkspaceState } from '../../shared/workspace';
import type { MetadataRow } from '../model/metadata-rows';
import type { RequestSection } from './request-section';
import type { CallModel } from '../model/call-model';

/** Per-request options the request pane edits (a subset of CallOptions). */
export interface RequestOptions {
  deadlineMs?: number;
  emitDefaults: boolean;
  gzip: boolean;
  /** gRPC-Web and Connect in plaintext: HTTP/2 with prior knowledge (h2c) instead of HTTP/1.1. */
  http2?: boolean;
}

/** Where bad request JSON is wrong, shown as an error marker in the editor. */
export interface EditorProblem {
  line: number;
  column: number;
  message: string;
}

/** Where and how a request connects. */
export interface Connection {
  target: string;
  tls: TlsSettings;
  /** The wire protocol the tab chose; absent: the environment's default, else gRPC. */
  protocol?: CallProtocol;
  metadata: MetadataRow[];
}

/** The server of the last call made with a source, for the next tab opened on it (never its metadata). */
export type RememberedConnection = Pick<Connection, 'target' | 'tls' | 'protocol'>;

/** The messages a stream reopened from history sent, in order, and which one the editor shows. */
export interface StreamMessages {
  messages: string[];
  /** Index of the message in the editor. */
  current: number;
  /** Messages the call sent beyond history's cap, not kept. */
  dropped: number;
}

/** One open request tab. */
export interface TabState extends Connection {
  id: string;
  sourceId: string;
  method: MethodInfo;
  /** `Service/Method`, the tab's accessible name. */
  title: string;
  requestText: string;
  /** The text as opened or last reset: the tab is dirty when the request differs from it. */
  baseText: string;
  dirty: boolean;
  /** Sample and JSON Schema; absent until loaded (again after a reload). */
  template?: MethodTemplate;
  templateLoading?: boolean;
  options: RequestOptions;
  call?: CallModel;
  /** startCall is in flight. */
  starting?: boolean;
  /** The request stream of the current call was half-closed. */
  halfClosed?: boolean;
  problem?: EditorProblem;
  failure?: ApiFailure;
  /** The workspace file this tab was opened from or saved to, with the version read or written. */
  saved?: { path: string; version: string };
  /** The request as last read from or written to `saved`: the tab is dirty when it differs. */
  savedRequest?: SavedRequest;
  /** The request text came from a saved request or history: a template load must not replace it with the sample. */
  keepText?: boolean;
  /** TLS profile by name; absent: the tab's own TLS fields ("Request settings"). */
  tlsProfile?: string;
  /** The request's own auth; absent: inherited from its folders, its collection or the environment. */
  auth?: AuthSettings;
  captures: Capture[];
  assertions: Assertions;
  /** Where a new tab's address came from, shown until the address is edited: its source's last call or reflection. */
  addressFrom?: 'lastCall' | 'reflection';
  /** What the last call's captures and assertions produced. */
  outcome?: CallOutcome;
  /** Its saved file changed on disk while the tab had edits. */
  diskChanged?: boolean;
  /** A stream reopened from history: the messages it sent, which Send sends again. */
  streamMessages?: StreamMessages;
  /** The request pane's section on show; absent: Message. */
  section?: RequestSection;
  /** The preview tab (at most one): the next single click in the sidebar replaces it; editing or sending keeps it. */
  preview?: boolean;
  /** The history entry the tab was opened from (its id and time): opening that entry again shows this tab. */
  history?: { id: string; at: string };
  /** The history entry of the tab's last finished call: a reload shows its response again from there. */
  lastHistoryId?: string;
}

/** What to do with the schemas and TLS profiles of the workspace being left: see the "Switch workspace" dialog. */
export type WorkspaceCarry = 'bring' | 'keep' | 'leave';

/** What a switch of workspace left in the old one, for the tab banners' "Bring … into this workspace". */
export interface LeftBehind {
  /** The old workspace's name. */
  workspace: string;
  /** Sources no longer loaded, as they were (old ids: open tabs still name them). */
  sources: SourceState[];
  tlsProfiles: string[];
}

/** What the last switch of workspace did, said plainly until dismissed. */
export interface WorkspaceNotice {
  title: string;
  lines: string[];
}

/** Everything the app shell keeps. */
export interface AppState {
  sources: SourceState[];
  /** The engine's sources have been listed at least once (before that, a tab's source is not known to be missing). */
  sourcesListed?: boolean;
  /** Why listing the sources failed at start, when it did. */
  sourcesFailure?: ApiFailure;
  /** Open tabs in strip order. */
  tabs: TabState[];
  activeTabId?: string;
  /** The server of the last call made with each source, by source id. */
  connections: Record<string, RememberedConnection>;
  paletteOpen: boolean;
  /** The open workspace, once the engine answered. */
  workspace?: WorkspaceState;
  /** Why the workspace could not be read or opened, or a request could not be opened from it. */
  workspaceFailure?: ApiFailure;
  /** The selected environment (remembered per workspace folder). */
  environment?: string;
  /** The selected environment's default protocol, for tabs that choose none. */
  environmentProtocol?: CallProtocol;
  /** The selected environment's TLS profile, for tabs that choose neither a profile nor TLS of their own. */
  environmentTlsProfile?: string;
  /** Counts finished calls with an outcome (each recorded in history first): history lists refresh when it moves. */
  historyStamp: number;
  /** The tab whose "Save request" dialog is open. */
  saveDialogTabId?: string;
  /** A save of this tab met a file changed on disk: the "File changed on disk" dialog asks what to do. */
  conflict?: { tabId: string; path: string };
  /** A folder chosen as the workspace holds files but no protodesk.json: the "Make it a workspace?" dialog asks first. */
  workspaceToCreate?: string;
  /** A workspace to open (null: the default one) while schemas or TLS profiles are loaded: the "Switch workspace" dialog asks what to do with them. */
  workspaceSwitch?: { folder: string | null };
  workspaceNotice?: WorkspaceNotice;
  leftBehind?: LeftBehind;
}
