import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/shared/api/errors';
import type { ApiEvent } from '../../../../src/shared/api/types';
import type { CallRequest } from '../../../../src/shared/call';
import type { LoadPlan, LoadReport, LoadSnapshot } from '../../../../src/shared/load';
import { createLoadStore, tabLoadOf, type LoadApi } from '../../../../src/renderer/features/load/load-store';
import { loadSnapshot } from '../../../helpers/load-snapshot';

const plan: LoadPlan = { model: { kind: 'closed', concurrency: 2, total: 10 } };
const request: CallRequest = {
  target: '127.0.0.1:1',
  tls: { mode: 'plaintext' },
  method: 'grpc.testing.TestService/EmptyCall',
  metadata: [],
  requests: ['{}'],
};

const snapshot = (count: number): LoadSnapshot =>
  loadSnapshot({
    elapsedMs: count * 100,
    count,
    inFlight: 2,
    rps: 10,
    statusCounts: { OK: count },
    latency: { min: 1, mean: 1, p50: 1, p75: 1, p90: 1, p95: 1, p99: 1, p999: 1, max: 1 },
  });

const report = (count: number): LoadReport => ({
  ...snapshot(count),
  target: '127.0.0.1:1',
  method: 'grpc.testing.TestService/EmptyCall',
  plan,
  startedAt: '2026-11-26T07:00:00Z',
  endedAt: '2026-11-26T07:00:01Z',
  stopped: false,
  thresholds: [],
});

/** The engine's side as the store sees it: the operations it was asked for and the events it pushes. */
function engine(refuse?: ApiError) {
  const listeners = new Set<(event: ApiEvent) => void>();
  const started: string[] = [];
  const stopped: string[] = [];
  const api: LoadApi = {
    onEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load: {
      start: async ({ runId }) => {
        if (refuse) throw refuse;
        started.push(runId);
      },
      stop: async ({ runId }) => {
        stopped.push(runId);
      },
    },
  };
  const emit = (event: ApiEvent): void => listeners.forEach((listener) => listener(event));
  return { api, started, stopped, emit };
}

describe('the Load test store', () => {
  it('shows its runs’ snapshots, then the report; the run before becomes the one to compare with', async () => {
    const peer = engine();
    const store = createLoadStore(peer.api);
    store.getState().start();
    await store.getState().startRun('tab-1', 'source-1', request, {}, plan);
    const first = peer.started[0]!;
    expect(tabLoadOf(store.getState(), 'tab-1').run?.status).toBe('running');

    peer.emit({ type: 'load', runId: first, snapshot: snapshot(4) });
    expect(tabLoadOf(store.getState(), 'tab-1').run?.snapshot?.count).toBe(4);
    peer.emit({ type: 'loadEnded', runId: first, report: report(10) });
    expect(tabLoadOf(store.getState(), 'tab-1').run).toMatchObject({
      status: 'finished',
      snapshot: { count: 10 },
    });

    await store.getState().startRun('tab-1', 'source-1', request, {}, plan);
    const second = peer.started[1]!;
    expect(tabLoadOf(store.getState(), 'tab-1').previous?.runId).toBe(first);
    // A late event of the first run no longer changes anything; another tab's run is not this one's.
    peer.emit({ type: 'load', runId: first, snapshot: snapshot(99) });
    peer.emit({ type: 'load', runId: 'someone-else', snapshot: snapshot(98) });
    const now = tabLoadOf(store.getState(), 'tab-1').run;
    expect(now?.runId).toBe(second);
    expect(now?.snapshot).toBeUndefined();
  });

  it('shows why the engine refused to start, and why a run ended without a report', async () => {
    const refusal = new ApiError({
      kind: 'invalidRequest',
      message: 'Cannot read the threshold "p99 <<< fast"',
    });
    const refused = createLoadStore(engine(refusal).api);
    await refused.getState().startRun('tab-1', 'source-1', request, {}, plan);
    expect(tabLoadOf(refused.getState(), 'tab-1').run).toMatchObject({
      status: 'failed',
      failure: { message: 'Cannot read the threshold "p99 <<< fast"' },
    });

    const peer = engine();
    const store = createLoadStore(peer.api);
    store.getState().start();
    await store.getState().startRun('tab-1', 'source-1', request, {}, plan);
    const failure = { kind: 'file' as const, message: 'The data file rows.csv is gone.' };
    peer.emit({ type: 'loadEnded', runId: peer.started[0]!, error: failure });
    expect(tabLoadOf(store.getState(), 'tab-1').run).toMatchObject({ status: 'failed', failure });
  });

  it('Stop asks the engine to stop the running run; a closed tab’s run is stopped and forgotten', async () => {
    const peer = engine();
    const store = createLoadStore(peer.api);
    store.getState().start();
    await store.getState().startRun('tab-1', 'source-1', request, {}, plan);
    await store.getState().stopRun('tab-1');
    expect(peer.stopped).toEqual([peer.started[0]]);
    expect(tabLoadOf(store.getState(), 'tab-1').run?.status).toBe('stopping');

    await store.getState().startRun('tab-2', 'source-1', request, {}, plan);
    store.getState().showView('tab-2', 'load');
    store.getState().forget('tab-2');
    expect(peer.stopped).toEqual([peer.started[0], peer.started[1]]);
    expect(store.getState().tabs['tab-2']).toBeUndefined();
    expect(store.getState().views['tab-2']).toBeUndefined();
  });
});
