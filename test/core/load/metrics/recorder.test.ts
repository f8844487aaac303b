import { describe, expect, it } from 'vitest';
import { LoadAggregator } from '../../../../src/core/load/metrics/aggregator';
import { highestLatencyUs } from '../../../../src/core/load/metrics/latency-histogram';
import { LoadRecorder, maxDistinctErrors } from '../../../../src/core/load/metrics/recorder';
import type { RecorderDelta } from '../../../../src/core/load/metrics/recorder';
import { call } from './calls';

/** A delta as the aggregator receives it from a worker thread: through the structured clone postMessage uses. */
function posted(recorder: LoadRecorder): RecorderDelta {
  return structuredClone(recorder.takeDelta());
}

describe('LoadRecorder', () => {
  it('measures 1 to 10,000 µs with HDR precision: p50 5.0 ms, exact count, min, max and mean', () => {
    const recorder = new LoadRecorder();
    for (let us = 1; us <= 10_000; us++) recorder.record(call(us, 500));
    const aggregator = new LoadAggregator();
    aggregator.add(posted(recorder));
    const { count, latency } = aggregator.snapshot({ elapsedMs: 1000, inFlight: 0, dropped: 0 });
    expect(count).toBe(10_000);
    expect(latency.min).toBe(0.001);
    expect(latency.max).toBe(10);
    expect(latency.mean).toBe(5.0005);
    const expected = { p50: 5, p75: 7.5, p90: 9, p95: 9.5, p99: 9.9, p999: 9.99 };
    for (const [name, ms] of Object.entries(expected)) {
      // 3 significant digits: within 0.1 % of the true percentile.
      expect(Math.abs(latency[name as keyof typeof expected] - ms) / ms, name).toBeLessThanOrEqual(0.001);
    }
  });

  it('puts a call in the second it ended in: 999 ms is second 1, 1000 ms second 2', () => {
    const recorder = new LoadRecorder();
    recorder.record(call(100, 0));
    recorder.record(call(100, 999));
    recorder.record(call(100, 1000));
    recorder.record(call(100, 2500, 'UNAVAILABLE', 'down'));
    const delta = posted(recorder);
    expect(delta.seconds.map(({ second, calls, errors }) => ({ second, calls, errors }))).toEqual([
      { second: 1, calls: 2, errors: 0 },
      { second: 2, calls: 1, errors: 0 },
      { second: 3, calls: 1, errors: 1 },
    ]);
  });

  it('hands over only what came since the previous delta, statuses, errors and bytes included', () => {
    const recorder = new LoadRecorder();
    recorder.record(call(100, 10));
    recorder.record(call(200, 20, 'UNAVAILABLE', 'connection refused'));
    const first = posted(recorder);
    expect(first.statusCounts).toEqual({ OK: 1, UNAVAILABLE: 1 });
    expect(first.errors).toEqual([{ status: 'UNAVAILABLE', message: 'connection refused', count: 1 }]);
    expect([first.bytesSent, first.bytesReceived]).toEqual([20, 40]);

    recorder.record(call(300, 30, 'UNAVAILABLE', 'connection refused'));
    recorder.record(call(300, 40, 'UNAVAILABLE', 'connection refused'));
    const second = posted(recorder);
    expect(second.seconds.map((part) => part.calls)).toEqual([2]);
    expect(second.statusCounts).toEqual({ UNAVAILABLE: 2 });
    expect(second.errors).toEqual([{ status: 'UNAVAILABLE', message: 'connection refused', count: 2 }]);
    expect([second.bytesSent, second.bytesReceived]).toEqual([20, 40]);

    expect(posted(recorder)).toEqual({
      seconds: [],
      fromStart: { calls: 0, sumUs: 0, minUs: Infinity, maxUs: 0, buckets: new Uint32Array() },
      statusCounts: {},
      errors: [],
      bytesSent: 0,
      bytesReceived: 0,
      messagesReceived: 0,
    });
  });

  it('keeps both figures of every call, from when it was due and from when it started, and counts messages', () => {
    const recorder = new LoadRecorder();
    // Each call waited 100 µs to be sent, then took 200 to 1,199 µs; each received 3 messages.
    for (let n = 0; n < 1000; n++)
      recorder.record({ ...call(300 + n, n), fromStartUs: 200 + n, messagesReceived: 3 });
    const aggregator = new LoadAggregator();
    aggregator.add(posted(recorder));
    const snapshot = aggregator.snapshot({ elapsedMs: 1000, inFlight: 0, dropped: 0, responseStream: true });
    expect(snapshot.latency.min).toBe(0.3);
    expect(snapshot.latencyFromStart.min).toBe(0.2);
    expect(snapshot.latencyFromStart.max).toBe(1.199);
    expect(Math.abs(snapshot.latency.p50 - snapshot.latencyFromStart.p50 - 0.1)).toBeLessThanOrEqual(0.001);
    expect(snapshot.messagesReceived).toBe(3000);
    expect(snapshot.messagesPerSecond).toBe(3000);
    expect(aggregator.snapshot({ elapsedMs: 1000, inFlight: 0, dropped: 0 })).not.toHaveProperty(
      'messagesPerSecond',
    );
  });

  it(`lists at most ${maxDistinctErrors} distinct messages, yet counts every failed call`, () => {
    const recorder = new LoadRecorder();
    for (let id = 0; id < 1000; id++) recorder.record(call(100, id, 'NOT_FOUND', `no user ${id}`));
    recorder.record(call(100, 1000, 'NOT_FOUND', 'no user 3'));
    const delta = posted(recorder);
    expect(delta.errors).toHaveLength(maxDistinctErrors);
    expect(delta.errors.find((error) => error.message === 'no user 3')?.count).toBe(2);
    expect(delta.statusCounts).toEqual({ NOT_FOUND: 1001 });
    expect(delta.seconds.reduce((sum, part) => sum + part.errors, 0)).toBe(1001);
  });

  it('records a call longer than an hour as an hour, and a negative latency as 0, rather than throwing', () => {
    const recorder = new LoadRecorder();
    recorder.record(call(highestLatencyUs * 3, 10));
    recorder.record(call(-5, 10));
    const aggregator = new LoadAggregator();
    aggregator.add(posted(recorder));
    const { latency, count } = aggregator.snapshot({ elapsedMs: 1000, inFlight: 0, dropped: 0 });
    expect(count).toBe(2);
    expect([latency.min, latency.max]).toEqual([0, 3_600_000]);
  });
});
