import { describe, expect, test } from 'vitest';
import type { LoadSnapshot } from '../../src/shared/load';
import { progressLine, ProgressReporter } from '../../src/cli/load/progress';
import { loadSnapshot } from '../helpers/load-snapshot';

/** A snapshot as the engine sends it once a second, `elapsedMs` into a run with 2 failures in every 400 calls. */
function snapshot(elapsedMs: number): LoadSnapshot {
  const count = Math.round(elapsedMs * 0.288);
  const latency = { min: 1, mean: 4, p50: 3.5, p75: 5, p90: 8, p95: 10, p99: 12.3, p999: 20, max: 31 };
  return loadSnapshot({
    elapsedMs,
    count,
    inFlight: 10,
    rps: 288,
    statusCounts: { OK: count - count / 200, UNAVAILABLE: count / 200 },
    latency,
  });
}

describe('the progress line of protodesk load', () => {
  test('elapsed, calls, rate, p99 and the error share', () => {
    expect(progressLine(snapshot(12_000))).toBe('12.0s  3,456 calls  288/s  p99 12.3 ms  errors 0.50 %');
  });

  test('on a terminal it is rewritten in place each second, and erased before the report', () => {
    let err = '';
    const progress = new ProgressReporter('terminal', (text) => (err += text));
    progress.snapshot(snapshot(1000));
    progress.snapshot(snapshot(2000));
    progress.finish();
    progress.snapshot(snapshot(3000));
    expect(err).toBe(
      `\r${progressLine(snapshot(1000))}\x1b[K\r${progressLine(snapshot(2000))}\x1b[K\r\x1b[K`,
    );
  });

  test('in a log it is a plain line every 5 s; -q prints nothing', () => {
    let log = '';
    const lines = new ProgressReporter('lines', (text) => (log += text));
    for (let second = 1; second <= 11; second++) lines.snapshot(snapshot(second * 1000));
    lines.finish();
    expect(log).toBe(`${progressLine(snapshot(5000))}\n${progressLine(snapshot(10_000))}\n`);
    let quiet = '';
    const none = new ProgressReporter('quiet', (text) => (quiet += text));
    none.snapshot(snapshot(5000));
    none.finish();
    expect(quiet).toBe('');
  });
});
