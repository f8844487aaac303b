import { expect, test } from 'vitest';
import type { TimelinePoint } from '../../src/shared/load';
import { chartedSeconds, pointRate } from '../../src/shared/load-timeline';

const point = (second: number, calls: number): TimelinePoint => ({
  second,
  calls,
  errors: 0,
  p50: 1,
  p90: 2,
  p99: 3,
});

test("a run's last, partial second is rated by the part of a second it covered", () => {
  // 30.2 s: the 31st second lasted 0.2 s, so its 40 calls are 200 calls/s; whole seconds are as counted.
  expect(pointRate(point(31, 40), 30_200)).toBeCloseTo(200);
  expect(pointRate(point(30, 300), 30_200)).toBe(300);
});

test('a last second covered less than half is not charted, unless it is the only one', () => {
  const timeline = [point(1, 300), point(2, 310), point(3, 20)];
  expect(chartedSeconds({ timeline, elapsedMs: 2_300 }).map((p) => p.second)).toEqual([1, 2]);
  expect(chartedSeconds({ timeline, elapsedMs: 2_600 }).map((p) => p.second)).toEqual([1, 2, 3]);
  expect(chartedSeconds({ timeline: [point(1, 5)], elapsedMs: 200 }).map((p) => p.second)).toEqual([1]);
});
