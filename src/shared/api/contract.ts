/**
 * The service contract between the page and the engine, written once. Both transports (Electron IPC in src/main +
 * src/preload, the WebSocket of browser mode in src/host) are generated from `operations`: its keys are the channel
 * names, its tuples validate the arguments, and `ProtodeskApi` (the page's typed API) is derived from it.
 */
import { z } from 'zod';
import type { CallRequest } from '../call';
import type { MethodDocs } from '../docs';
import type { LoadPlan, LoadPlanProblem } from '../load';
import type { SchemaSource } from '../schema';
import type {
  BloomRpcImport,
  EnvironmentView,
  GrpcurlImport,
  HistoryEntry,
  HistorySummary,
  SavedRequest,
  TlsHandshakeReport,
  TlsProfile,
  TlsProfileReport,
  VariableView,
  Versioned,
  WorkspaceNeedsConfirmation,
  WorkspaceState,
  CallContext,
} from '../workspace';
import type { OperationName } from './operation-names';
import {
  maxDroppedFiles,
  type ApiEvent,
  type AppInfo,
  type DirectoryListing,
  type DroppedFile,
  type FileAsBase64,
  type MethodTemplate,
  type PackedTypeNames,
  type SourceState,
  type StartedCall,
} from './types';
import {
  callRequestSchema,
  droppedFileSchema,
  idSchema,
  jsonTextSchema,
  optionalMiddleArgument,
  pathPurposeSchema,
  schemaSourceSchema,
  textSchema,
} from './validation';
import {
  baseVersionSchema,
  callContextSchema,
  environmentFileSchema,
  historyQuerySchema,
  itemNameSchema,
  requestPathSchema,
  savedRequestSchema,
  secretChangesSchema,
  tlsProfileSchema,
  variableNameSchema,
} from './workspace-validation';
import { loadExportKindSchema, loadPlanSchema, loadReportFormatSchema } from './load-validation';

/** One operation: how its arguments are checked, and (as a type only) what it answers. */
interface Operation<Args extends z.ZodTuple, Result> {
  args: Args;
  /** Never read: carries the result type. */
  result?: Result;
}

const operation =
  <Result>() =>
  <Args extends z.ZodTuple>(args: Args): Operation<Args, Result> => ({ args });

export const operations = {
  /** Version, transport and the engine machine's folders. */
  info: operation<AppInfo>()(z.tuple([])),
  /** Every schema source added so far, in the order added. */
  listSources: operation<SourceState[]>()(z.tuple([])),
  /** Loads a source; load problems come back in the state (status `failed`), not as a failure, so they can be shown inline. */
  addSource: operation<SourceState>()(z.tuple([schemaSourceSchema])),
  /** Loads files dropped on the page (browser mode reads their text; there are no paths). */
  addDroppedFiles: operation<SourceState>()(z.tuple([z.array(droppedFileSchema).min(1).max(maxDroppedFiles)])),
  /** Loads a source again from disk or the server, keeping its id. */
  reloadSource: operation<SourceState>()(z.tuple([idSchema])),
  removeSource: operation<void>()(z.tuple([idSchema])),
  /** The sample request and JSON Schema of a method of a loaded source (`package.Service/Method`). */
  methodTemplate: operation<MethodTemplate>()(z.tuple([idSchema, textSchema])),
  /** A method's documentation (`package.Service/Method`): comments, its request and response messages and their types. */
  methodDocs: operation<MethodDocs>()(z.tuple([idSchema, textSchema])),
  /** Message types of a source an Any may pack whose name contains the query, the method's own package first. */
  packedTypeNames: operation<PackedTypeNames>()(z.tuple([idSchema, textSchema, textSchema])),
  /** A method's request JSON Schema with the fields of each type the request's Any values name (`@type` URLs). */
  requestSchema: operation<Record<string, unknown>>()(
    z.tuple([idSchema, textSchema, z.array(textSchema).max(100)]),
  ),
  /**
   * Starts a call with a loaded source's schema; its events arrive as `call` events with the returned id. With a
   * context, `{{variables}}` are filled from its environment first (an unresolved one fails, naming it), the TLS
   * profile applies, the call is recorded in history, and captures and assertions arrive as an `outcome` event.
   */
  startCall: operation<StartedCall>()(z.tuple([idSchema, callRequestSchema, callContextSchema.optional()])),
  /** Sends one more request on a client-streaming or bidi call. */
  sendMessage: operation<void>()(z.tuple([idSchema, jsonTextSchema])),
  /** Half-closes a client-streaming or bidi call. */
  endStream: operation<void>()(z.tuple([idSchema])),
  cancelCall: operation<void>()(z.tuple([idSchema])),
  /** Forgets a finished call (its saved messages too); cancels it first if it is still running. */
  releaseCall: operation<void>()(z.tuple([idSchema])),
  /** The page has applied event batch `seq` of a call: the engine may send the next one. */
  acknowledge: operation<void>()(z.tuple([idSchema, z.number().int().nonnegative()])),
  /** Writes every message the call received (not only those shown) to a file as JSON Lines; answers the count. */
  saveCallMessages: operation<{ path: string; count: number }>()(z.tuple([idSchema, textSchema])),
  /** Writes text to a file on the engine's machine (save response); in the app only where the user chose (PathAccess). */
  writeTextFile: operation<void>()(z.tuple([textSchema, z.string().max(512 * 1024 * 1024)])),
  /** Lists a folder on the engine's machine (the page's own path dialog); the home folder when absent. Refused in the app. */
  listDirectory: operation<DirectoryListing>()(z.tuple([textSchema.optional()])),
  /**
   * Shows a native open/save dialog: chosen paths, [] when cancelled, null when there are no native dialogs. The paths
   * are the page's handles: the engine keeps the grant, and every operation given a path checks it (PathAccess).
   */
  choosePaths: operation<string[] | null>()(z.tuple([pathPurposeSchema])),
  /** Reads a file the user chose as base64 for a bytes field; refused above `maxBytesFileSize`. */
  readFileBase64: operation<FileAsBase64>()(z.tuple([textSchema])),

  // The workspace: a folder of plain JSON files (see src/shared/workspace.ts).
  /**
   * Opens a folder as the workspace (a missing or empty one becomes one), or the default workspace in the app's data
   * folder for null. A folder holding files but no protodesk.json answers `needsConfirmation` and nothing is written;
   * with `create: true` (the person confirmed) only its protodesk.json is created.
   */
  openWorkspace: operation<WorkspaceState | WorkspaceNeedsConfirmation>()(
    z.tuple([textSchema.nullable(), z.object({ create: z.boolean() }).strict().optional()]),
  ),
  /** The open workspace as it is on disk now. */
  workspaceState: operation<WorkspaceState>()(z.tuple([])),
  readRequest: operation<Versioned<SavedRequest>>()(z.tuple([requestPathSchema])),
  /**
   * Saves a request atomically. `baseVersion` is the version read (null for a new file): when the file changed on disk
   * since, this fails with kind `conflict` unless `overwrite` is true.
   */
  saveRequest: operation<{ version: string }>()(
    z.tuple([requestPathSchema, savedRequestSchema, baseVersionSchema, z.boolean()]),
  ),
  deleteRequest: operation<void>()(z.tuple([requestPathSchema])),
  readEnvironment: operation<Versioned<EnvironmentView>>()(z.tuple([itemNameSchema])),
  /** Saves an environment; secret values go to the keychain (or the local secrets file), never into the file. */
  saveEnvironment: operation<{ version: string }>()(
    z.tuple([itemNameSchema, environmentFileSchema, secretChangesSchema, baseVersionSchema, z.boolean()]),
  ),
  deleteEnvironment: operation<void>()(z.tuple([itemNameSchema])),
  /** What `{{name}}` would be filled with in an environment (none: only captured values), secret values left out. */
  variableView: operation<VariableView>()(z.tuple([itemNameSchema.optional()])),
  /** One secret's stored value, only when the person clicked "Reveal": the only way a secret value reaches the page. */
  revealSecret: operation<string>()(z.tuple([itemNameSchema, variableNameSchema])),
  readTlsProfile: operation<Versioned<TlsProfile>>()(z.tuple([itemNameSchema])),
  saveTlsProfile: operation<{ version: string }>()(
    z.tuple([itemNameSchema, tlsProfileSchema, baseVersionSchema, z.boolean()]),
  ),
  deleteTlsProfile: operation<void>()(z.tuple([itemNameSchema])),
  /** Reads a profile's certificate and key files: details, expiry, and whether the key matches the certificate. */
  checkTlsProfile: operation<TlsProfileReport>()(z.tuple([tlsProfileSchema])),
  /** Performs a TLS handshake with a target using a profile (variables from the environment): the chain and whether it verifies. */
  testTlsConnection: operation<TlsHandshakeReport>()(z.tuple([tlsProfileSchema, textSchema, itemNameSchema.optional()])),
  /** Imports BloomRPC's environments and TLS entries from its app-data folder, or its `environments.json` / `tls.json`. */
  importBloomRpc: operation<BloomRpcImport>()(z.tuple([textSchema])),
  /** Recorded calls, newest first, optionally only those whose method, target, status or bodies contain `text`. */
  listHistory: operation<HistorySummary[]>()(z.tuple([historyQuerySchema])),
  historyEntry: operation<HistoryEntry>()(z.tuple([idSchema])),
  clearHistory: operation<void>()(z.tuple([])),
  /** Builds a request from a pasted grpcurl command line. */
  grpcurlToRequest: operation<GrpcurlImport>()(z.tuple([textSchema])),
  /**
   * A grpcurl command that makes the same call (variables filled from the environment, secrets as shell references
   * such as `"$TOKEN"`; schema flags from the workspace).
   */
  requestToGrpcurl: operation<string>()(z.tuple([savedRequestSchema, itemNameSchema.optional()])),
  /** Writes one collection as a single bundle file; answers how many requests it holds. */
  exportCollection: operation<{ count: number }>()(z.tuple([itemNameSchema, textSchema])),
  /** Adds the requests of a bundle file as a collection (renamed when the name is taken). */
  importCollection: operation<{ collection: string; count: number }>()(z.tuple([textSchema])),

  // Load tests (src/shared/load.ts).
  /**
   * Whether the engine would run a plan, for the form to say so as the user types: the plan's first number out of
   * range, in the words startLoad and `protodesk load` refuse it with, or null when it can run.
   */
  checkLoadPlan: operation<LoadPlanProblem | null>()(z.tuple([loadPlanSchema])),
  /**
   * Starts a load test of a method with a loaded source's schema, under an id the page picks (unique, e.g. a UUID), so
   * it can take the run's events before this answers. The context applies as for a call (TLS profile, environment),
   * and `{{variables}}` are filled per call: from the plan's data file's row, then the environment. Rejects, with
   * nothing sent and no event, for a bad method, body, target, TLS, variable, data file or threshold; once it has
   * answered, `load` events come about once a second and exactly one `loadEnded` at the end.
   */
  startLoad: operation<void>()(
    z.tuple([idSchema, idSchema, callRequestSchema, optionalMiddleArgument(callContextSchema), loadPlanSchema]),
  ),
  /** Stops a running load test: in-flight calls are cancelled (counted as CANCELLED); its `loadEnded` follows. */
  stopLoad: operation<void>()(z.tuple([idSchema])),
  /**
   * Writes an ended load test's report to a file the user chose: one self-contained HTML page (side by side with an
   * earlier run's report when `previousRunId` is given) or JSON. The engine keeps the last 20 reports.
   */
  saveLoadReport: operation<void>()(
    z.tuple([idSchema, textSchema, loadReportFormatSchema, idSchema.optional()]),
  ),
  /**
   * The same load test to run elsewhere: a Locust file (`locustfile.py`, the schema embedded) or a ghz command line,
   * as text for the page to save (writeTextFile). Secrets of the environment appear as environment-variable references.
   */
  exportLoad: operation<string>()(
    z.tuple([
      idSchema,
      callRequestSchema,
      optionalMiddleArgument(callContextSchema),
      loadPlanSchema,
      loadExportKindSchema,
    ]),
  ),
} as const;

export type { OperationName } from './operation-names';

/** The arguments of an operation, as the page passes them. */
export type OperationArgs<K extends OperationName> = z.infer<(typeof operations)[K]['args']>;

/** What an operation answers. */
export type OperationResult<K extends OperationName> = Exclude<(typeof operations)[K]['result'], undefined>;

/** The page's typed API: every operation as an async function (rejecting with ApiError), plus event subscription. */
export type ProtodeskApi = {
  [K in OperationName]: (...args: OperationArgs<K>) => Promise<OperationResult<K>>;
} & {
  /** Subscribes to engine events; returns the function that unsubscribes (a React effect's cleanup). */
  onEvent(listener: (event: ApiEvent) => void): () => void;
};

/** The engine side of the contract: what both transports dispatch to (src/core/service implements it). */
export type ProtodeskService = {
  [K in OperationName]: (...args: OperationArgs<K>) => Promise<OperationResult<K>>;
};

/** The names of all operations: the one channel list both transports register (kept in a module without zod). */
export { operationNames } from './operation-names';

// Type-level checks that the validated arguments are the contract's own types (a drift fails the typecheck).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// operation-names.ts lists exactly these operations: a name added or removed on one side only fails here.
const sameNames: Same<keyof typeof operations, OperationName> = true;
const sameSource: Same<OperationArgs<'addSource'>[0], SchemaSource> = true;
const sameCall: Same<OperationArgs<'startCall'>[1], CallRequest> = true;
const sameDropped: Same<OperationArgs<'addDroppedFiles'>[0][number], DroppedFile> = true;
const sameSaved: Same<OperationArgs<'saveRequest'>[1], SavedRequest> = true;
const sameProfile: Same<OperationArgs<'saveTlsProfile'>[1], TlsProfile> = true;
const sameContext: Same<NonNullable<OperationArgs<'startCall'>[2]>, CallContext> = true;
const samePlan: Same<OperationArgs<'startLoad'>[4], LoadPlan> = true;
const sameExportPlan: Same<OperationArgs<'exportLoad'>[3], LoadPlan> = true;
const sameLoadContext: Same<OperationArgs<'startLoad'>[3], CallContext | undefined> = true;
void [
  sameNames,
  sameSource,
  sameCall,
  sameDropped,
  sameSaved,
  sameProfile,
  sameContext,
  samePlan,
  sameExportPlan,
  sameLoadContext,
];
