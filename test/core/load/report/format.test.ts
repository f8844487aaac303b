import { describe, expect, test } from 'vitest';
import {
  describePlan,
  formatBytes,
  formatMs,
  formatPercent,
  visibleBars,
} from '../../../../src/core/load/report/format';
import { niceAxis } from '../../../../src/core/load/report/html/ticks';

describe('report formatting', () => {
  test('latencies keep about three significant digits, always in ms', () => {
    expect([0.4123, 4.123, 41.23, 412.3, 4123].map(formatMs)).toEqual([
      '0.412 ms',
      '4.12 ms',
      '41.2 ms',
      '412 ms',
      '4,123 ms',
    ]);
  });

  test('bytes and shares', () => {
    expect([512, 12_345, 4_560_000].map(formatBytes)).toEqual(['512 B', '12.3 kB', '4.56 MB']);
    expect([0, 0.0004, 0.161, 1].map(formatPercent)).toEqual(['0 %', '0.04 %', '16.1 %', '100 %']);
  });

  test("the seeds' scenarios in words", () => {
    expect(describePlan({ model: { kind: 'closed', concurrency: 1, total: 100 } })).toBe(
      'closed: 1 user, 100 calls',
    );
    expect(describePlan({ model: { kind: 'closed', concurrency: 50, total: 5000 }, connections: 4 })).toBe(
      'closed: 50 users, 5,000 calls, 4 connections',
    );
    expect(describePlan({ model: { kind: 'closed', concurrency: 10, durationMs: 120_000 } })).toBe(
      'closed: 10 users for 2 min',
    );
    expect(describePlan({ model: { kind: 'open', rate: 100, durationMs: 100_000 } })).toBe(
      'open: 100 calls/s for 100 s',
    );
    expect(describePlan({ model: { kind: 'open', rate: 2.5, durationMs: 1500 } })).toBe(
      'open: 2.5 calls/s for 1.5 s',
    );
    expect(describePlan({ model: { kind: 'open', rate: 667, durationMs: 15_000, rampMs: 5000 } })).toBe(
      'open: 667 calls/s for 15 s after a 5 s ramp',
    );
  });

  test('histogram bars: empty ends trimmed, merged pairwise down to the limit, no call lost', () => {
    const bars = [0, 0, 3, 5, 0, 7, 1, 2, 0, 0].map((count, i) => ({ toMs: i + 1, count }));
    expect(visibleBars(bars, 10)).toEqual(bars.slice(2, 8));
    const merged = visibleBars(bars, 4);
    expect(merged).toEqual([
      { toMs: 4, count: 8 },
      { toMs: 6, count: 7 },
      { toMs: 8, count: 3 },
    ]);
    expect(visibleBars([{ toMs: 1, count: 0 }], 4)).toEqual([]);
  });

  test('chart axes use round steps that cover the data', () => {
    expect(niceAxis(333)).toEqual({ max: 400, ticks: [0, 100, 200, 300, 400] });
    expect(niceAxis(47.3)).toEqual({ max: 50, ticks: [0, 10, 20, 30, 40, 50] });
    expect(niceAxis(0.27)).toEqual({ max: 0.3, ticks: [0, 0.1, 0.2, 0.3] });
    expect(niceAxis(30, 8)).toEqual({ max: 30, ticks: [0, 5, 10, 15, 20, 25, 30] });
    expect(niceAxis(0)).toEqual({ max: 1, ticks: [0, 0.5, 1] });
  });
});
