/** The app state's data types: open request tabs, remembered connections, and the whole state. */
import type { ApiFailure, MethodTemplate, SourceState } from '../../shared/api/types';
import type { MethodInfo, TlsSettings } from '../../shared/schema';
import type { MetadataRow } from '../components/MetadataTable';
import type { CallModel } from '../features/response/call-model';

/** Per-request options the request pane edits (a subset of CallOptions). */
export interface RequestOptions {
  deadlineMs?: number;
  emitDefaults: boolean;
  gzip: boolean;
}

/** Where bad request JSON is wrong, shown as an error marker in the editor. */
export interface EditorProblem {
  line: number;
  column: number;
  message: string;
}

/** Where and how a request connects; remembered per source for the next tab opened on it. */
export interface Connection {
  target: string;
  tls: TlsSettings;
  metadata: MetadataRow[];
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
}

/** Everything the app shell keeps. */
export interface AppState {
  sources: SourceState[];
  /** Why listing the sources failed at start, when it did. */
  sourcesFailure?: ApiFailure;
  /** Open tabs in strip order. */
  tabs: TabState[];
  activeTabId?: string;
  /** Last connection used with each source, by source id. */
  connections: Record<string, Connection>;
  /** Last connection used with any source: the default for a source never used. */
  lastConnection?: Connection;
  paletteOpen: boolean;
}
