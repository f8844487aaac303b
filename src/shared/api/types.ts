/** Plain data the service contract moves between the UI and the engine (see ./contract.ts for the operations). */
import type { DeviceCodePrompt } from '../auth';
import type { CallEvent } from '../call';
import type { MethodInfo, MethodKind, SchemaProblem, SchemaSource, ServiceInfo } from '../schema';
import type { LoadReport, LoadSnapshot } from '../load';
import type { MockLogEntry, MockProblem } from '../mock';
import type { RunningMock } from '../mock-control';
import type { CallOutcome, WorkspaceState } from '../workspace';

/** How many messages of a call the page keeps for its view; the engine's batches never carry more than this. */
export const messagesKeptInView = 10_000;

/** Most received messages one `calls.messages` answers. */
export const maxMessagesRead = 1000;

/** Most files one drop may bring. */
export const maxDroppedFiles = 10_000;

/** What the page needs to know about the engine it talks to. */
export interface AppInfo {
  version: string;
  /** Which transport carries the contract: the desktop window or `protodesk serve`. */
  transport: 'electron' | 'browser';
  /** `linux`, `darwin`, `win32`: for keyboard hints (Cmd vs Ctrl) and path separators. */
  platform: string;
  /** The engine machine's home folder and working folder: where path dialogs start. */
  homeDir: string;
  cwd: string;
  /** Whether `choosePaths` shows native dialogs; without them the page shows its own path dialog. */
  nativeDialogs: boolean;
}

/** A schema source as the sidebar lists it: loaded with its services, or failed with its problems. */
export interface SourceState {
  id: string;
  source: SchemaSource;
  /** Short name for the sidebar: the file, folder or target. */
  label: string;
  status: 'loaded' | 'failed';
  services: ServiceInfo[];
  /** Why loading failed (empty when loaded), each with file:line and the fix. */
  problems: SchemaProblem[];
  /** ISO time of the last (re)load. */
  loadedAt: string;
}

/** A file the user dropped on the window, read by the page (browser mode has no paths). */
export interface DroppedFile {
  /** Path relative to what was dropped, `/`-separated (`api/v1/foo.proto`). */
  path: string;
  text: string;
}

/** What the request editor needs for one method: its sample requests and the JSON Schema for completion. */
export interface MethodTemplate {
  method: MethodInfo;
  /** The smallest valid request (defaults only, `{}` for most), pretty-printed JSON text: a new tab starts with it. */
  sample: string;
  /** A valid request with every field filled, pretty-printed JSON text ("Fill every field"). */
  fullSample: string;
  /** draft-07 JSON Schema of the request message (Monaco's JSON language service consumes it as-is). */
  jsonSchema: Record<string, unknown>;
}

/** The type URL prefix protojson and every gRPC library write in an Any's `@type`. */
export const typeUrlPrefix = 'type.googleapis.com/';

/** Message types an Any may pack, most relevant first (see `packedTypeNames`). */
export interface PackedTypeNames {
  /** Full names (`package.Message`); the type URL is `type.googleapis.com/` + the name. */
  names: string[];
  /** More types matched than were sent: the page asks again as the user types more. */
  more: boolean;
}

/** A file read for a bytes field of a request. */
export interface FileAsBase64 {
  /** The file's name, without its folder. */
  name: string;
  /** Its size in bytes. */
  size: number;
  /** Its contents, standard base64 (what protobuf JSON accepts for bytes). */
  base64: string;
}

/** Largest file `readFileBase64` reads (10 MiB): base64 makes it 13.4 MB of text in the editor, about as much as Monaco still edits smoothly. */
export const maxBytesFileSize = 10 * 1024 * 1024;

/** A call the engine accepted. */
export interface StartedCall {
  callId: string;
  kind: MethodKind;
}

/**
 * Consecutive received messages of a batch, column by column: a few arrays and one string however many messages, so
 * a batch is cheap to JSON-encode, parse and structured-clone (no object per message).
 */
export interface MessageRun {
  type: 'messages';
  /** Index of the first message; the others follow one by one. */
  firstIndex: number;
  atMs: number[];
  /** Serialized protobuf bytes of each: one per message of the run. */
  sizes: number[];
  /**
   * The length of the JSON text in `json` of each of the run's last `jsonLengths.length` messages. A busy stream's
   * batch carries the JSON of its newest messages only; the page asks for the others' (`calls.messages`) when it
   * shows them.
   */
  jsonLengths: number[];
  /** Those messages' JSON texts, one after the other. */
  json: string;
}

/** What a batch carries, in order: every event other than a received message, and runs of received messages. */
export type BatchEntry = Exclude<CallEvent, { type: 'message' }> | MessageRun;

/**
 * Events of one call, coalesced (about every 16 ms): the page re-renders once per batch, never per message.
 * When the page is slower than the stream, older message events are left out of a batch (counted in `skipped`):
 * the view keeps only the newest messages anyway, and `saveCallMessages` still writes every one.
 */
export interface CallEventBatch {
  callId: string;
  /** 1, 2, 3... per call; the page acknowledges each batch so the engine never floods the bridge. */
  seq: number;
  entries: BatchEntry[];
  /** Message events received but not carried to the page. */
  skipped: number;
}

/** Everything the engine pushes to the page. */
export type ApiEvent =
  | { type: 'call'; batch: CallEventBatch }
  /** A call started with a context finished: its captures and assertions (after its last batch). */
  | { type: 'outcome'; outcome: CallOutcome }
  /** Workspace files changed on disk outside the app (git pull, an editor); `changedPaths` are workspace-relative. */
  | { type: 'workspace'; state: WorkspaceState; changedPaths: string[] }
  /** How a running load test stands, about once a second (to the client that started it). */
  | { type: 'load'; runId: string; snapshot: LoadSnapshot }
  /**
   * A load test ended, exactly once per started run: its report (`report.stopped` when stopped early), or why it
   * could not go on (`error`; then no report). Secret values of the environment are hidden in both.
   */
  | { type: 'loadEnded'; runId: string; report?: LoadReport; error?: ApiFailure }
  /** The running mocks changed (one started or stopped), to every client. */
  | { type: 'mocks'; mocks: RunningMock[] }
  /** A mock answered a call (to every client), as its live log shows it. */
  | { type: 'mockCall'; mockId: string; entry: MockLogEntry }
  /** A mock's stub files were read again: what it cannot serve now (empty: all is well). */
  | { type: 'mockProblems'; mockId: string; problems: MockProblem[] }
  /** An OAuth 2.0 sign-in needs the browser: the page opens `url` (a tab, or the system browser) and offers it as a link. */
  | { type: 'authSignIn'; url: string }
  /** The device flow waits for a person to enter this code at its page. */
  | { type: 'authDeviceCode'; prompt: DeviceCodePrompt };

/** One entry of a folder on the engine's machine. */
export interface DirectoryEntry {
  name: string;
  kind: 'file' | 'directory';
}

/** A folder's contents, folders first, each group by name. */
export interface DirectoryListing {
  /** Absolute path of the folder listed. */
  path: string;
  /** Absolute path of its parent; absent at the root. */
  parent?: string;
  entries: DirectoryEntry[];
}

/** What a path dialog is for: decides native dialog mode and filters. */
export type PathPurpose =
  | 'protoFiles'
  | 'protoFolder'
  | 'descriptorSet'
  | 'pemFile'
  | 'saveFile'
  /** A folder to open as the workspace. */
  | 'workspaceFolder'
  /** A JSON file to read: a collection bundle, BloomRPC's config.json. */
  | 'jsonFile'
  /** Any file, read as base64 into a bytes field of a request. */
  | 'bytesFile'
  /** A load test's data file to read: JSON Lines (.jsonl, .ndjson) or CSV. */
  | 'loadData'
  /** Where to save a load test's report (.html, .json). */
  | 'loadReport'
  /** Where to save an exported load test (locustfile.py, a ghz .sh). */
  | 'loadExport';

/** The purposes whose dialog saves a file (the user names a new or existing file) rather than opening one. */
export type SavePurpose = Extract<PathPurpose, 'saveFile' | 'loadReport' | 'loadExport'>;

export function isSavePurpose(purpose: PathPurpose): purpose is SavePurpose {
  return purpose === 'saveFile' || purpose === 'loadReport' || purpose === 'loadExport';
}

/** Why an operation failed, as plain data: the page shows the message, the hint and any locations. */
export interface ApiFailure {
  /**
   * Which kind of problem: lets the page decide where to show it (inline in the editor for `json`). `forbidden`: the
   * desktop app refused a path the user did not choose (see src/core/service/path-access.ts).
   */
  kind:
    | 'schema'
    | 'json'
    | 'connection'
    | 'call'
    | 'file'
    | 'invalidRequest'
    | 'conflict'
    /** A credential could not be obtained (the authorization server refused, a token command failed). */
    | 'auth'
    | 'internal'
    | 'forbidden';
  message: string;
  hint?: string;
  /** Schema problems with their file:line (kind `schema`). */
  problems?: SchemaProblem[];
  /** Where bad request JSON is wrong (kind `json`). */
  position?: { line: number; column: number };
  /** The field path in the request JSON (kind `json`), or the workspace file concerned (kinds `conflict`, `file`). */
  path?: string;
}

/** How every operation answers across a transport: errors travel as data, not as exceptions. */
export type ApiResult<T> = { ok: true; value: T } | { ok: false; failure: ApiFailure };
