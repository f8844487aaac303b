/**
 * The service contract between the page and the engine, written once, grouped by domain (one file each under
 * operations/). Both transports (Electron IPC in src/main + src/preload, the WebSocket of browser mode in src/host) are
 * generated from it: an operation's name `domain.operation` is its channel, its strict object schema checks the named
 * fields it takes, and `ProtodeskApi` (the page's typed API, `api.calls.start({ sourceId, request })`) is derived
 * from it. A new domain is one more file here and one more small service in src/core/service/domains.
 */
import type { z } from 'zod';
import type { CallRequest } from '../call';
import type { LoadPlan } from '../load';
import type { SchemaSource } from '../schema';
import type { CallContext, SavedRequest, TlsProfile } from '../workspace';
import type { Operation } from './operation';
import type { OperationName } from './operation-names';
import { appOperations } from './operations/app';
import { authOperations } from './operations/auth';
import { callsOperations } from './operations/calls';
import { filesOperations } from './operations/files';
import { historyOperations } from './operations/history';
import { loadOperations } from './operations/load';
import { mocksOperations } from './operations/mocks';
import { sourcesOperations } from './operations/sources';
import { tlsOperations } from './operations/tls';
import { workspaceOperations } from './operations/workspace';
import type { ApiEvent, DroppedFile } from './types';

/** Every operation, by domain. */
export const contract = {
  app: appOperations,
  sources: sourcesOperations,
  calls: callsOperations,
  files: filesOperations,
  workspace: workspaceOperations,
  tls: tlsOperations,
  history: historyOperations,
  load: loadOperations,
  mocks: mocksOperations,
  auth: authOperations,
} as const;

type Contract = typeof contract;

/** A group of operations: `sources`, `calls`, ... */
export type Domain = keyof Contract;

/** `domain.operation` for each operation of the contract (what operation-names.ts lists). */
type ContractName = { [D in Domain]: `${D}.${keyof Contract[D] & string}` }[Domain];

/** The operation a name stands for. */
type OperationOf<K extends OperationName> = K extends `${infer D extends Domain}.${infer O}`
  ? O extends keyof Contract[D]
    ? Contract[D][O]
    : never
  : never;

/** The named fields an operation takes, as the page passes them. */
export type OperationInput<K extends OperationName> = z.infer<OperationOf<K>['input']>;

/** What an operation answers. */
export type OperationResult<K extends OperationName> = Exclude<OperationOf<K>['result'], undefined>;

/** The names of the fields of `T` that must be given. */
type RequiredField<T> = { [K in keyof T]-?: Record<never, never> extends Pick<T, K> ? never : K }[keyof T];

/** An operation as a function: its input may be left out when it has no required field. */
type OperationFunction<Op> =
  Op extends Operation<infer Input, infer Result>
    ? [RequiredField<z.infer<Input>>] extends [never]
      ? (input?: z.infer<Input>) => Promise<Result>
      : (input: z.infer<Input>) => Promise<Result>
    : never;

/** The engine side of the contract: what both transports dispatch to (src/core/service implements it). */
export type ProtodeskService = {
  [D in Domain]: { -readonly [O in keyof Contract[D]]: OperationFunction<Contract[D][O]> };
};

/** The operations of one domain, as its engine service implements them (`implements DomainService<'calls'>`). */
export type DomainService<D extends Domain> = ProtodeskService[D];

/** The page's typed API: every operation as an async function (rejecting with ApiError), plus event subscription. */
export type ProtodeskApi = ProtodeskService & {
  /** Subscribes to engine events; returns the function that unsubscribes (a React effect's cleanup). */
  onEvent(listener: (event: ApiEvent) => void): () => void;
};

/** The part of the API a component uses: `ApiPick<'calls.start' | 'calls.cancel'>` is `{ calls: { start, cancel } }`. */
export type ApiPick<K extends OperationName> = {
  [D in Domain as D extends DomainOf<K> ? D : never]: Pick<
    ProtodeskApi[D],
    Extract<OperationsIn<K, D>, keyof ProtodeskApi[D]>
  >;
};
type DomainOf<K extends OperationName> = K extends `${infer D extends Domain}.${string}` ? D : never;
type OperationsIn<K extends OperationName, D extends Domain> = K extends `${D}.${infer O}` ? O : never;

/** Each operation by its name, the way dispatch looks them up. */
export const operations = Object.fromEntries(
  Object.entries(contract).flatMap(([domain, ops]) =>
    Object.entries(ops).map(([name, op]): [string, Operation<z.ZodObject, unknown>] => [
      `${domain}.${name}`,
      op,
    ]),
  ),
) as { [K in OperationName]: OperationOf<K> };

export type { OperationName } from './operation-names';
/** The names of all operations: the one channel list both transports register (kept in a module without zod). */
export { operationNames } from './operation-names';

// Type-level checks that the validated fields are the contract's own types (a drift fails the typecheck).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// operation-names.ts lists exactly these operations: a name added or removed on one side only fails here.
const sameNames: Same<ContractName, OperationName> = true;
const sameSource: Same<OperationInput<'sources.add'>['source'], SchemaSource> = true;
const sameCall: Same<OperationInput<'calls.start'>['request'], CallRequest> = true;
const sameDropped: Same<OperationInput<'sources.addDropped'>['files'][number], DroppedFile> = true;
const sameSaved: Same<OperationInput<'workspace.saveRequest'>['request'], SavedRequest> = true;
const sameProfile: Same<OperationInput<'tls.saveProfile'>['profile'], TlsProfile> = true;
const sameContext: Same<NonNullable<OperationInput<'calls.start'>['context']>, CallContext> = true;
const samePlan: Same<OperationInput<'load.start'>['plan'], LoadPlan> = true;
const sameExportPlan: Same<OperationInput<'load.export'>['plan'], LoadPlan> = true;
const sameLoadContext: Same<OperationInput<'load.start'>['context'], CallContext | undefined> = true;
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
