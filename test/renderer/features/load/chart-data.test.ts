import { describe, expect, it } from 'vitest';
import type { LoadSnapshot, TimelinePoint } from '../../../../src/shared/load';
import { histogramData, latencyData, rateData } from '../../../../src/renderer/features/load/chart-data';
import { loadSnapshot } from '../../../helpers/load-snapshot';

const point = (second: number, calls: number, errors = 0): TimelinePoint => ({
  second,
  calls,
  errors,
  p50: second,
  p90: second * 2,
  p99: second * 3,
});

const run = (elapsedMs: number, timeline: TimelinePoint[]): LoadSnapshot =>
  loadSnapshot({ elapsedMs, timeline });

describe('the Load test charts’ data', () => {
  it('leaves out a second the run covered less than half of, and scales a last second covered more', () => {
    // 2.3 s in: second 3 has 0.3 s of calls (left out); 3.75 s at the end: second 4 counts 0.75 s as a whole.
    expect(rateData(run(2300, [point(1, 100), point(2, 200, 50), point(3, 30)]))).toEqual([
      [1, 2],
      [100, 200],
      [0, 25],
    ]);
    expect(rateData(run(3750, [point(1, 100), point(2, 100), point(3, 100), point(4, 75)]))[1]).toEqual([
      100, 100, 100, 100,
    ]);
  });

  it('lines the previous run up by second; the shorter run has gaps at the end', () => {
    const data = latencyData(
      run(2000, [point(1, 10), point(2, 10)]),
      run(
        3000,
        [1, 2, 3].map((s) => point(s, 10)),
      ),
    );
    expect(data).toEqual([
      [1, 2, 3],
      [1, 2, null],
      [2, 4, null],
      [3, 6, null],
      [1, 2, 3],
      [2, 4, 6],
      [3, 6, 9],
    ]);
  });

  it('draws the histogram’s bars by index (they are not evenly wide in ms)', () => {
    expect(
      histogramData([
        { toMs: 0.5, count: 3 },
        { toMs: 2, count: 9 },
      ]),
    ).toEqual([
      [0, 1],
      [3, 9],
    ]);
  });
});
