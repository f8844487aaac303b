/** A small stand-in engine for store tests: answers what the store asks and records every call it receives. */
import type { ProtodeskApi } from '../../../src/shared/api/contract';
import type { ApiEvent, CallEventBatch, MethodTemplate, SourceState } from '../../../src/shared/api/types';
import type { CallRequest } from '../../../src/shared/call';
import type { MethodInfo } from '../../../src/shared/schema';
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

/** A loaded source holding the two methods above. */
export const testSource: SourceState = {
  id: 'src-1',
  source: { kind: 'protoFiles', files: ['/protos/test.proto'], importPaths: ['/protos'] },
  label: 'test.proto',
  status: 'loaded',
  services: [
    { name: 'TestService', fullName: 'grpc.testing.TestService', file: 'test.proto', doc: '', methods: [unaryCall, fullDuplexCall] },
  ],
  problems: [],
  loadedAt: '2026-11-20T00:00:00Z',
};

/** The stub and what it saw. */
export interface EngineStub {
  api: StoreEngine;
  started: { sourceId: string; request: CallRequest }[];
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
    emit: (batch) => listeners.forEach((listener) => listener({ type: 'call', batch })),
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
    listSources: async () => [testSource],
    methodTemplate: async (_sourceId, method): Promise<MethodTemplate> => {
      const found = testSource.services[0]?.methods.find((m) => m.path === `/${method}`);
      if (!found) throw new Error(`no method ${method}`);
      return { method: found, sample: SAMPLE, jsonSchema: { type: 'object' } };
    },
    startCall: async (sourceId, request) => {
      stub.started.push({ sourceId, request });
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
    sendMessage: async (callId, json) => void stub.sent.push({ callId, json }),
    endStream: async (callId) => void stub.ended.push(callId),
    cancelCall: async (callId) => void stub.cancelled.push(callId),
    releaseCall: async (callId) => void stub.released.push(callId),
    acknowledge: async (callId, seq) => void stub.acknowledged.push([callId, seq]),
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
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) };
}
