/**
 * The service contract between the page and the engine, written once. Both transports (Electron IPC in src/main +
 * src/preload, the WebSocket of browser mode in src/host) are generated from `operations`: its keys are the channel
 * names, its tuples validate the arguments, and `ProtodeskApi` (the page's typed API) is derived from it.
 */
import { z } from 'zod';
import type { CallRequest } from '../call';
import type { SchemaSource } from '../schema';
import {
  maxDroppedFiles,
  type ApiEvent,
  type AppInfo,
  type DirectoryListing,
  type DroppedFile,
  type MethodTemplate,
  type SourceState,
  type StartedCall,
} from './types';
import {
  callRequestSchema,
  droppedFileSchema,
  idSchema,
  jsonTextSchema,
  pathPurposeSchema,
  schemaSourceSchema,
  textSchema,
} from './validation';

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
  /** Starts a call with a loaded source's schema; its events arrive as `call` events with the returned id. */
  startCall: operation<StartedCall>()(z.tuple([idSchema, callRequestSchema])),
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
  /** Writes text to a file on the engine's machine (save response). */
  writeTextFile: operation<void>()(z.tuple([textSchema, z.string().max(512 * 1024 * 1024)])),
  /** Lists a folder on the engine's machine (the page's own path dialog); the home folder when absent. */
  listDirectory: operation<DirectoryListing>()(z.tuple([textSchema.optional()])),
  /** Shows a native open/save dialog: chosen paths, [] when cancelled, null when there are no native dialogs. */
  choosePaths: operation<string[] | null>()(z.tuple([pathPurposeSchema])),
} as const;

export type OperationName = keyof typeof operations;

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

/** The names of all operations, in declaration order: the one channel list both transports register. */
export const operationNames = Object.keys(operations) as OperationName[];

// Type-level checks that the validated arguments are the contract's own types (a drift fails the typecheck).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameSource: Same<OperationArgs<'addSource'>[0], SchemaSource> = true;
const sameCall: Same<OperationArgs<'startCall'>[1], CallRequest> = true;
const sameDropped: Same<OperationArgs<'addDroppedFiles'>[0][number], DroppedFile> = true;
void [sameSource, sameCall, sameDropped];
