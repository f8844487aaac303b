/** A small stand-in engine for store tests: answers what the store asks and records every call it receives. */
import type { ProtodeskApi } from '../../../src/shared/api/contract';
import { ApiError } from '../../../src/shared/api/errors';
import type { ApiEvent, CallEventBatch, MethodTemplate, SourceState } from '../../../src/shared/api/types';
import type { CallRequest } from '../../../src/shared/call';
import type { MethodInfo } from '../../../src/shared/schema';
import type {
  CallContext,
  HistoryEntry,
  SavedRequest,
  Versioned,
  WorkspaceState,
} from '../../../src/shared/workspace';
import type { StoreEngine } from '../../../src/renderer/state/store';

/** A method of grpc's interop TestService. */
export function testMethod(name: string, kind: MethodInfo['kind']): MethodInfo {
  return {
    name,
    fullName: `grpc.testing.TestService.${name}`,
    path: `/grpc.testing.TestService/${name}`,
    kind,
    inputType: 'grpc.testing.SimpleRequest',
    outputType: 'grpc.testing.SimpleResponse',
    doc: `${name} does things.`,
  };
}

export const unaryCall = testMethod('UnaryCall', 'unary');
export const fullDuplexCall = testMethod('FullDuplexCall', 'bidi');

/** The sample every template answers with. */
export const SAMPLE = '{\n  "responseSize": 0\n}';
/** The every-field sample every template answers with. */
export const FULL_SAMPLE = '{\n  "responseSize": 1,\n  "fillUsername": true\n}';

/** A loaded source holding the two methods above. */
export const testSource: SourceState = {
  id: 'src-1',
  source: { kind: 'protoFiles', files: ['/protos/test.proto'], importPaths: ['/protos'] },
  label: 'test.proto',
  status: 'loaded',
  services: [
    {
      name: 'TestService',
      fullName: 'grpc.testing.TestService',
      file: 'test.proto',
      doc: '',
      methods: [unaryCall, fullDuplexCall],
    },
  ],
  problems: [],
  loadedAt: '2026-11-20T00:00:00Z',
};

/** A saved request of the interop UnaryCall. */
export function unaryRequest(body: SavedRequest['body'] = { responseSize: 1 }): SavedRequest {
  return { method: 'grpc.testing.TestService/UnaryCall', target: 'localhost:1', metadata: [], body };
}

/** A recorded UnaryCall that ended OK; `changes` override any of it. */
export function historyEntry(id: string, changes: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id,
    at: '2026-11-20T10:00:00Z',
    method: 'grpc.testing.TestService/UnaryCall',
    target: 'localhost:7',
    status: { code: 0, name: 'OK' },
    totalMs: 3,
    workspace: '/work/api',
    request: { metadata: [], messages: ['{"responseSize":4}'] },
    statusMessage: '',
    timings: { totalMs: 3, messagesSent: 1, messagesReceived: 1, bytesSent: 2, bytesReceived: 2 },
    response: { messages: ['{}'], count: 1, bytes: 0, headers: [], trailers: [] },
    ...changes,
  };
}

/** The stub and what it saw. */
export interface EngineStub {
  api: StoreEngine;
  started: { sourceId: string; request: CallRequest; context?: CallContext }[];
  /** Request files of the stub workspace by path, with their versions. */
  files: Map<string, Versioned<SavedRequest>>;
  /** History entries `historyEntry` answers, by id. */
  history: Map<string, HistoryEntry>;
  /** The workspace state `workspaceState` answers now. */
  state(): WorkspaceState;
  /** Changes a request file as an editor or git would, and tells the store (a `workspace` event). */
  changeOnDisk(path: string, request: SavedRequest): void;
  /** Pushes any engine event to the store. */
  emitEvent(event: ApiEvent): void;
  sent: { callId: string; json: string }[];
  ended: string[];
  cancelled: string[];
  released: string[];
  acknowledged: [string, number][];
  /** Pushes an event batch to the store, as the transport would. */
  emit(batch: CallEventBatch): void;
  /** Makes the next startCall wait until `resolve` is called (to deliver events first). */
  holdNextStart(): { resolve: () => void };
  /** Makes the next startCall reject with this error. */
  failNextStart(error: Error): void;
}

/** A stub engine; call ids are `call-1`, `call-2`, ... */
export function engineStub(): EngineStub {
  const listeners = new Set<(event: ApiEvent) => void>();
  const files = new Map<string, Versioned<SavedRequest>>();
  let folder = '/work/api';
  let versions = 0;
  const nextVersion = (): string => (++versions).toString(16).padStart(64, '0');
  const state = (): WorkspaceState => ({
    folder,
    name: folder.split('/').pop() ?? folder,
    isDefault: false,
    requests: [...files.entries()].map(([path, file]) => {
      const [, collection = '', ...rest] = path.split('/');
      return {
        path,
        collection,
        folders: rest.slice(0, -1),
        name: (rest[rest.length - 1] ?? '').replace(/\.json$/, ''),
        method: file.value.method,
      };
    }),
    environments: ['dev', 'prod'],
    tlsProfiles: ['local'],
    problems: [],
  });
  const emitEvent = (event: ApiEvent): void => listeners.forEach((listener) => listener(event));
  let calls = 0;
  let gate: Promise<void> | undefined;
  let failure: Error | undefined;
  const stub: Omit<EngineStub, 'api'> = {
    started: [],
    sent: [],
    ended: [],
    cancelled: [],
    released: [],
    acknowledged: [],
    files,
    history: new Map(),
    state,
    changeOnDisk(path, request) {
      files.set(path, { value: request, version: nextVersion() });
      emitEvent({ type: 'workspace', state: state(), changedPaths: [path] });
    },
    emitEvent,
    emit: (batch) => emitEvent({ type: 'call', batch }),
    holdNextStart() {
      let resolve = (): void => undefined;
      gate = new Promise((r) => (resolve = r));
      return { resolve: () => resolve() };
    },
    failNextStart(error) {
      failure = error;
    },
  };
  const api: StoreEngine = {
    sources: {
      list: async () => [testSource],
      methodTemplate: async ({ method }): Promise<MethodTemplate> => {
        const found = testSource.services[0]?.methods.find((m) => m.path === `/${method}`);
        if (!found) throw new Error(`no method ${method}`);
        return { method: found, sample: SAMPLE, fullSample: FULL_SAMPLE, jsonSchema: { type: 'object' } };
      },
    },
    calls: {
      start: async ({ sourceId, request, context }) => {
        stub.started.push({ sourceId, request, ...(context ? { context } : {}) });
        const waitFor = gate;
        gate = undefined;
        await waitFor;
        if (failure) {
          const error = failure;
          failure = undefined;
          throw error;
        }
        const method = testSource.services[0]?.methods.find((m) => m.path === `/${request.method}`);
        return { callId: `call-${++calls}`, kind: method?.kind ?? 'unary' };
      },
      send: async ({ callId, json }) => void stub.sent.push({ callId, json }),
      end: async ({ callId }) => void stub.ended.push(callId),
      cancel: async ({ callId }) => void stub.cancelled.push(callId),
      release: async ({ callId }) => void stub.released.push(callId),
      acknowledge: async ({ callId, seq }) => void stub.acknowledged.push([callId, seq]),
    },
    workspace: {
      state: async () => state(),
      open: async ({ folder: next }) => {
        folder = next ?? '/data/workspace';
        files.clear();
        return state();
      },
      bringIn: async ({ sources, tlsProfiles }) => ({
        from: 'api',
        sources: sources.map((source) => ({ source, outcome: 'brought' as const })),
        tlsProfiles: tlsProfiles.map((name) => ({ name, outcome: 'brought' as const })),
      }),
      readRequest: async ({ path }) => {
        const file = files.get(path);
        if (!file) throw new ApiError({ kind: 'file', message: `${path} does not exist.` });
        return file;
      },
      saveRequest: async ({ path, request, baseVersion: base, overwrite }) => {
        if (!overwrite && (files.get(path)?.version ?? null) !== base) {
          throw new ApiError({ kind: 'conflict', message: `${path} changed on disk since it was opened.` });
        }
        const version = nextVersion();
        files.set(path, { value: request, version });
        return { version };
      },
    },
    history: {
      entry: async ({ id }) => {
        const entry = stub.history.get(id);
        if (!entry) throw new ApiError({ kind: 'file', message: `No history entry ${id}.` });
        return entry;
      },
    },
    onEvent: (listener: Parameters<ProtodeskApi['onEvent']>[0]) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { ...stub, api };
}

/** An in-memory Storage for persistence tests. */
export function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
}
