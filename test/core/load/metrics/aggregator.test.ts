import { describe, expect, it } from 'vitest';
import { loadSnapshot } from '../../../helpers/load-snapshot';
import { LoadAggregator, lateSeconds } from '../../../../src/core/load/metrics/aggregator';
import { maxBars } from '../../../../src/core/load/metrics/histogram-bars';
import { highestLatencyUs } from '../../../../src/core/load/metrics/latency-histogram';
import { LoadRecorder } from '../../../../src/core/load/metrics/recorder';
import type { LoadSnapshot } from '../../../../src/shared/load';
import { call, seededRandom } from './calls';

const state = (elapsedMs: number) => ({ elapsedMs, inFlight: 0, dropped: 0 });

/** Passes a recorder's delta to the aggregator the way a worker thread does: structured-cloned. */
function report(recorder: LoadRecorder, aggregator: LoadAggregator): void {
  aggregator.add(structuredClone(recorder.takeDelta()));
}

function totalOfBars(snapshot: LoadSnapshot): number {
  return snapshot.histogram.reduce((sum, bar) => sum + bar.count, 0);
}

describe('LoadAggregator', () => {
  it('merges four workers’ deltas into the same snapshot one recorder seeing every call gives', () => {
    const random = seededRandom(17);
    const workers = [0, 1, 2, 3].map(() => new LoadRecorder());
    const single = new LoadRecorder();
    const merged = new LoadAggregator();
    const alone = new LoadAggregator();
    const statuses = [
      'OK',
      'OK',
      'OK',
      'OK',
      'OK',
      'OK',
      'OK',
      'UNAVAILABLE',
      'DEADLINE_EXCEEDED',
      'INTERNAL',
    ];
    for (let quarter = 0; quarter < 40; quarter++) {
      for (let n = 0; n < 500; n++) {
        const latencyUs = 50 + Math.floor(random() ** 3 * 200_000);
        const status = statuses[Math.floor(random() * statuses.length)]!;
        const recorded = call(latencyUs, quarter * 250 + random() * 250, status, `${status} ${n % 5}`);
        workers[Math.floor(random() * workers.length)]!.record(recorded);
        single.record(recorded);
      }
      for (const worker of workers) report(worker, merged);
      report(single, alone);
    }
    const fromWorkers = merged.snapshot(state(10_000));
    const fromOne = alone.snapshot(state(10_000));
    expect(fromWorkers.count).toBe(20_000);
    const byMessage = (errors: LoadSnapshot['errors']) =>
      [...errors].sort((a, b) => `${a.status}${a.message}`.localeCompare(`${b.status}${b.message}`));
    expect({ ...fromWorkers, errors: byMessage(fromWorkers.errors) }).toEqual({
      ...fromOne,
      errors: byMessage(fromOne.errors),
    });
    expect(fromWorkers.timeline).toHaveLength(10);
    expect(fromWorkers.timeline.every((point) => point.calls === 2000)).toBe(true);
    const failed = fromWorkers.count - (fromWorkers.statusCounts.OK ?? 0);
    expect(fromWorkers.timeline.reduce((sum, point) => sum + point.errors, 0)).toBe(failed);
    expect(fromWorkers.errors.reduce((sum, error) => sum + error.count, 0)).toBe(failed);
  });

  it('gives each second its own percentiles, counts and errors', () => {
    const recorder = new LoadRecorder();
    const aggregator = new LoadAggregator();
    for (let us = 1; us <= 1000; us++) recorder.record(call(us, 100));
    for (let us = 10_001; us <= 11_000; us++) {
      recorder.record(call(us, 1500, us % 10 === 0 ? 'UNAVAILABLE' : 'OK', 'down'));
    }
    report(recorder, aggregator);
    const [first, second] = aggregator.snapshot(state(2000)).timeline;
    expect(first).toMatchObject({ second: 1, calls: 1000, errors: 0 });
    expect(second).toMatchObject({ second: 2, calls: 1000, errors: 100 });
    expect(first!.p50).toBeCloseTo(0.5, 2);
    expect(first!.p99).toBeCloseTo(0.99, 2);
    expect(second!.p50).toBeCloseTo(10.5, 1);
    expect(second!.p90).toBeCloseTo(10.9, 1);
  });

  it('puts a late delta into the second its calls ended in', () => {
    const slow = new LoadRecorder();
    const fast = new LoadRecorder();
    const aggregator = new LoadAggregator();
    slow.record(call(5000, 1200));
    slow.record(call(7000, 1300, 'UNAVAILABLE', 'down'));
    for (let ms = 0; ms < 4000; ms += 10) {
      fast.record(call(1000, ms));
      if (ms % 250 === 240) report(fast, aggregator);
    }
    // The slow worker reports second 2 after the others reported second 4: still within the late window.
    report(slow, aggregator);
    const second = aggregator.snapshot(state(4000)).timeline[1]!;
    expect(second).toMatchObject({ second: 2, calls: 102, errors: 1 });
    // The 101st of 102 calls: the slow worker's 5 ms one, which the other worker's 1 ms calls alone would not give.
    expect(second.p99).toBeCloseTo(5, 2);
  });

  it('still counts calls that arrive after their second closed, in the totals and in that second', () => {
    const aggregator = new LoadAggregator();
    const worker = new LoadRecorder();
    const stalled = new LoadRecorder();
    stalled.record(call(2000, 500, 'INTERNAL', 'boom'));
    for (let ms = 0; ms < (lateSeconds + 3) * 1000; ms += 100) worker.record(call(1000, ms));
    report(worker, aggregator);
    report(stalled, aggregator);
    const snapshot = aggregator.snapshot(state((lateSeconds + 3) * 1000));
    expect(snapshot.count).toBe((lateSeconds + 3) * 10 + 1);
    expect(snapshot.timeline[0]).toMatchObject({ second: 1, calls: 11, errors: 1 });
    expect(snapshot.statusCounts).toEqual({ OK: (lateSeconds + 3) * 10, INTERNAL: 1 });
    expect(snapshot.latency.max).toBe(2);
  });

  it('holds a handful of per-second histograms however long the run: 10 minutes of deltas', () => {
    const recorder = new LoadRecorder();
    const aggregator = new LoadAggregator();
    let mostOpen = 0;
    for (let ms = 0; ms < 600_000; ms += 5) {
      recorder.record(call(200 + (ms % 3000), ms));
      if (ms % 250 === 245) {
        report(recorder, aggregator);
        mostOpen = Math.max(mostOpen, aggregator.openSeconds);
      }
    }
    expect(mostOpen).toBeLessThanOrEqual(lateSeconds + 1);
    const snapshot = aggregator.snapshot(state(600_000));
    expect(snapshot.timeline).toHaveLength(600);
    expect(snapshot.timeline.every((point) => point.calls === 200)).toBe(true);
    expect(snapshot.count).toBe(120_000);
  });

  it('shows seconds without calls as empty points, up to the last full second', () => {
    const recorder = new LoadRecorder();
    const aggregator = new LoadAggregator();
    recorder.record(call(100, 200));
    recorder.record(call(100, 3200));
    report(recorder, aggregator);
    expect(aggregator.snapshot(state(6500)).timeline.map((point) => point.calls)).toEqual([1, 0, 0, 1, 0]);
    expect(aggregator.snapshot(state(6500)).timeline[1]).toEqual({
      second: 2,
      calls: 0,
      errors: 0,
      p50: 0,
      p90: 0,
      p99: 0,
    });
  });

  it('reports calls per second over the elapsed time, in-flight and dropped calls as given, and bytes', () => {
    const recorder = new LoadRecorder();
    const aggregator = new LoadAggregator();
    for (let n = 0; n < 900; n++) recorder.record(call(100, n * 3));
    report(recorder, aggregator);
    const snapshot = aggregator.snapshot({ elapsedMs: 3000, inFlight: 7, dropped: 2 });
    expect(snapshot).toMatchObject({ elapsedMs: 3000, count: 900, rps: 300, inFlight: 7, dropped: 2 });
    expect([snapshot.bytesSent, snapshot.bytesReceived]).toEqual([9000, 18_000]);
    recorder.record(call(100, 2999));
    report(recorder, aggregator);
    expect(aggregator.snapshot({ elapsedMs: 3000, inFlight: 0, dropped: 0 }).rps).toBe(300.33);
  });

  it('lists the 20 most frequent of the first distinct errors, most frequent first', () => {
    const recorder = new LoadRecorder();
    const aggregator = new LoadAggregator();
    for (let kind = 1; kind <= 30; kind++) {
      for (let n = 0; n < kind; n++) recorder.record(call(100, 10, 'UNAVAILABLE', `backend ${kind} is down`));
    }
    report(recorder, aggregator);
    const { errors } = aggregator.snapshot(state(1000));
    expect(errors).toHaveLength(20);
    expect(errors[0]).toEqual({ status: 'UNAVAILABLE', message: 'backend 30 is down', count: 30 });
    expect(errors.map((error) => error.count)).toEqual(Array.from({ length: 20 }, (_, at) => 30 - at));
  });

  it('is all zeros before any call ends', () => {
    const snapshot = new LoadAggregator().snapshot(state(0));
    expect(snapshot).toEqual(loadSnapshot());
  });
});

describe('the latency histogram bars', () => {
  function barsOf(latenciesUs: number[]): LoadSnapshot {
    const recorder = new LoadRecorder();
    for (const us of latenciesUs) recorder.record(call(us, 10));
    const aggregator = new LoadAggregator();
    report(recorder, aggregator);
    return aggregator.snapshot(state(1000));
  }

  it('splits a narrow range (1 to 3 ms) into about 20 even bars with round edges', () => {
    const snapshot = barsOf(Array.from({ length: 2001 }, (_, at) => 1000 + at));
    const edges = snapshot.histogram.map((bar) => bar.toMs);
    expect(edges).toEqual(Array.from({ length: 20 }, (_, at) => Number((1.1 + at * 0.1).toFixed(1))));
    expect(totalOfBars(snapshot)).toBe(2001);
    // 100 values per bar, give or take what one HDR bucket (2 µs wide here) moves across an edge.
    for (const bar of snapshot.histogram.slice(1)) expect(Math.abs(bar.count - 100)).toBeLessThanOrEqual(2);
  });

  it('spaces the bars logarithmically over a wide range, so the fast majority is not one bar', () => {
    const random = seededRandom(3);
    const latencies = Array.from({ length: 5000 }, () => Math.round(100 * 10 ** (random() * 4)));
    const snapshot = barsOf(latencies);
    const edges = snapshot.histogram.map((bar) => bar.toMs);
    expect(edges.slice(0, 7)).toEqual([0.1, 0.2, 0.5, 1, 2, 5, 10]);
    expect(edges.at(-1)).toBeGreaterThanOrEqual(snapshot.latency.max);
    expect(edges.length).toBe(13);
    expect(totalOfBars(snapshot)).toBe(5000);
    // Each decade holds about a quarter of the calls.
    const upTo = (ms: number) =>
      snapshot.histogram.filter((bar) => bar.toMs <= ms).reduce((sum, bar) => sum + bar.count, 0);
    expect(upTo(1) / 5000).toBeCloseTo(0.25, 1);
    expect(upTo(100) / 5000).toBeCloseTo(0.75, 1);
  });

  it(`keeps to ${maxBars} bars or fewer, ascending, covering every call, whatever the range`, () => {
    const random = seededRandom(11);
    for (let trial = 0; trial < 300; trial++) {
      const lowUs = Math.round(10 ** (random() * 6));
      const highUs = Math.min(highestLatencyUs, lowUs + Math.round(10 ** (random() * 9.6)));
      const snapshot = barsOf([lowUs, highUs, Math.round((lowUs + highUs) / 2)]);
      const edges = snapshot.histogram.map((bar) => bar.toMs);
      const range = `${lowUs} to ${highUs} µs`;
      expect(edges.length, range).toBeGreaterThanOrEqual(Math.min(10, highUs - lowUs));
      expect(edges.length, range).toBeLessThanOrEqual(maxBars);
      expect(edges, range).toEqual([...edges].sort((a, b) => a - b));
      expect(edges.at(-1), range).toBeGreaterThanOrEqual(highUs / 1000);
      expect(totalOfBars(snapshot), range).toBe(3);
    }
  });

  it('draws one bar when every call took the same time', () => {
    expect(barsOf([4321, 4321, 4321]).histogram).toEqual([{ toMs: 4.321, count: 3 }]);
  });
});
