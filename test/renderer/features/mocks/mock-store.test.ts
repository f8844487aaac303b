// The Mocks view's store against the engine's side as the page sees it: mocks listed at start and kept in step by
// `mocks` events (from this page or another), each mock's log newest first and bounded, problems updated live, a
// refused start shown with the engine's words, and a port that is not a number refused before asking the engine.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/shared/api/errors';
import type { ApiEvent } from '../../../../src/shared/api/types';
import type { MockLogEntry } from '../../../../src/shared/mock';
import type { RunningMock } from '../../../../src/shared/mock-control';
import {
  createMockStore,
  everySource,
  formPort,
  keptLogEntries,
  mockOfSource,
  type MockStoreApi,
} from '../../../../src/renderer/features/mocks/mock-store';

const running = (mockId: string, sourceIds = ['source-1']): RunningMock => ({
  mockId,
  sourceIds,
  sourceLabel: 'zoo.proto',
  address: '127.0.0.1:50123',
  protocols: ['grpc', 'grpc-web', 'grpc-web-text', 'connect'],
  methodCount: 4,
  services: ['mock.zoo.Zoo'],
  fallback: 'sample',
  stubsDir: '/w/mocks',
  problems: [],
  startedAt: '2026-12-07T10:00:00.000Z',
});

const call = (n: number): MockLogEntry => ({
  time: '2026-12-07T10:00:00.000Z',
  method: 'zoo.v1.Zoo/GetAnimal',
  protocol: 'grpc',
  metadata: {},
  requests: [{ id: String(n) }],
  answer: { kind: 'rule', file: 'zoo.v1.Zoo/GetAnimal.json', index: 0 },
  responses: [{ name: 'Tiger' }],
  status: { code: 'OK', message: '' },
  durationMs: 1,
});

/** The engine as the store sees it: what it was asked, and events it pushes. */
function engine(options: { listed?: RunningMock[]; refuse?: ApiError } = {}) {
  const listeners = new Set<(event: ApiEvent) => void>();
  const asked: unknown[] = [];
  const api: MockStoreApi = {
    onEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    mocks: {
      list: async () => options.listed ?? [],
      start: async (input) => {
        asked.push(input);
        if (options.refuse) throw options.refuse;
        return running(input.mockId, input.sourceId ? [input.sourceId] : ['source-1', 'source-2']);
      },
      stop: async (input) => {
        asked.push(input);
      },
    },
  };
  const emit = (event: ApiEvent): void => listeners.forEach((listener) => listener(event));
  return { api, asked, emit };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the Mocks store', () => {
  it('lists the running mocks at start, and follows the mocks events of every page', async () => {
    const { api, emit } = engine({ listed: [running('a')] });
    const store = createMockStore(api);
    const stop = store.getState().start();
    await settle();
    expect(store.getState().mocks.map((m) => m.mockId)).toEqual(['a']);
    emit({ type: 'mocks', mocks: [running('a'), running('b', ['source-2'])] });
    expect(mockOfSource(store.getState().mocks, 'source-2')?.mockId).toBe('b');
    stop();
    emit({ type: 'mocks', mocks: [] });
    expect(store.getState().mocks).toHaveLength(2);
  });

  it('keeps each mock its own log, newest first and bounded, and drops it when the mock stops', async () => {
    const { api, emit } = engine({ listed: [running('a'), running('b')] });
    const store = createMockStore(api);
    store.getState().start();
    await settle();
    for (let n = 0; n < keptLogEntries + 5; n += 1) emit({ type: 'mockCall', mockId: 'a', entry: call(n) });
    emit({ type: 'mockCall', mockId: 'b', entry: call(-1) });
    const log = store.getState().logs.a ?? [];
    expect(log).toHaveLength(keptLogEntries);
    expect(log[0]?.requests).toEqual([{ id: String(keptLogEntries + 4) }]);
    expect(store.getState().logs.b).toHaveLength(1);
    store.getState().clearLog('a');
    expect(store.getState().logs.a).toEqual([]);
    emit({ type: 'mocks', mocks: [running('a')] });
    expect(store.getState().logs.b).toBeUndefined();
  });

  it('shows the problems a mock reports when its stub files change', async () => {
    const { api, emit } = engine({ listed: [running('a')] });
    const store = createMockStore(api);
    store.getState().start();
    await settle();
    const problem = { file: 'x.json', line: 2, message: 'bad', hint: 'fix it' };
    emit({ type: 'mockProblems', mockId: 'a', problems: [problem] });
    expect(store.getState().mocks[0]?.problems).toEqual([problem]);
  });

  it('starts a mock of a source with the form, and lists it once whether or not its event came first', async () => {
    const { api, asked, emit } = engine();
    const store = createMockStore(api);
    store.getState().start();
    store.getState().setForm({ port: ' 50123 ', fallback: 'unimplemented' });
    const starting = store.getState().startMock('source-1');
    expect(store.getState().starting).toBe(true);
    await starting;
    expect(asked).toEqual([
      {
        mockId: expect.stringMatching(/^mock-/),
        sourceId: 'source-1',
        port: 50123,
        fallback: 'unimplemented',
      },
    ]);
    const mock = store.getState().mocks[0]!;
    emit({ type: 'mocks', mocks: [mock] });
    expect(store.getState().mocks).toEqual([mock]);
    expect(store.getState().starting).toBe(false);
    await store.getState().stopMock(mock.mockId);
    expect(store.getState().mocks).toEqual([]);
    expect(asked[1]).toEqual({ mockId: mock.mockId });
  });

  it('starts one mock of every loaded source when the form says so, found by each of them', async () => {
    const { api, asked } = engine();
    const store = createMockStore(api);
    await store.getState().startMock(everySource);
    expect(asked).toEqual([{ mockId: expect.stringMatching(/^mock-/), port: 0, fallback: 'sample' }]);
    const [mock] = store.getState().mocks;
    expect(mockOfSource(store.getState().mocks, 'source-2')).toBe(mock);
    expect(mockOfSource(store.getState().mocks, 'source-3')).toBeUndefined();
  });

  it('shows the engine refusing a start, and refuses a port that is not a number without asking', async () => {
    const refuse = new ApiError({
      kind: 'internal',
      message: 'The mock cannot listen on 127.0.0.1:80: ports below 1024 need administrator rights.',
    });
    const { api, asked } = engine({ refuse });
    const store = createMockStore(api);
    store.getState().setForm({ port: '80' });
    await store.getState().startMock('source-1');
    expect(store.getState().failure?.message).toBe(refuse.message);
    expect(store.getState().mocks).toEqual([]);

    store.getState().setForm({ port: 'eighty' });
    await store.getState().startMock('source-1');
    expect(store.getState().failure).toMatchObject({ message: '"eighty" is not a port.' });
    expect(asked).toHaveLength(1);
  });

  it('reads a port as the form has it: empty is any free port', () => {
    expect(formPort('')).toBe(0);
    expect(formPort(' 8080 ')).toBe(8080);
    expect(formPort('65536')).toBeUndefined();
    expect(formPort('-1')).toBeUndefined();
    expect(formPort('1e3')).toBeUndefined();
  });
});
