import type { LoadSnapshot } from '../../src/shared/load';

/** A load test's snapshot for tests of what shows it: all zeros and empty lists, with `change` on top. */
export function loadSnapshot(change: Partial<LoadSnapshot> = {}): LoadSnapshot {
  return {
    elapsedMs: 0,
    count: 0,
    inFlight: 0,
    rps: 0,
    messagesReceived: 0,
    statusCounts: {},
    dropped: 0,
    latency: { min: 0, mean: 0, p50: 0, p75: 0, p90: 0, p95: 0, p99: 0, p999: 0, max: 0 },
    latencyFromStart: { min: 0, mean: 0, p50: 0, p75: 0, p90: 0, p95: 0, p99: 0, p999: 0, max: 0 },
    histogram: [],
    timeline: [],
    errors: [],
    bytesSent: 0,
    bytesReceived: 0,
    ...change,
  };
}
