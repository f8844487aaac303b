import { describe, expect, it } from 'vitest';
import { arrivalAtMs, arrivalCount } from '../../../../src/core/load/run/arrivals';
import { splitPlan } from '../../../../src/core/load/run/shares';

describe('splitPlan', () => {
  it('splits users, the total and connections exactly over the workers', () => {
    const shares = splitPlan({
      model: { kind: 'closed', concurrency: 7, total: 333 },
      workers: 2,
      connections: 3,
    });
    expect(shares.map((s) => s.share)).toEqual([
      { kind: 'closed', users: 4, total: 167 },
      { kind: 'closed', users: 3, total: 166 },
    ]);
    expect(shares.map((s) => [s.first, s.stride, s.connections])).toEqual([
      [0, 2, 2],
      [1, 2, 1],
    ]);
  });

  it('uses no more workers than users, calls or connections', () => {
    expect(splitPlan({ model: { kind: 'closed', concurrency: 1, total: 10 }, workers: 2 })).toHaveLength(1);
    expect(splitPlan({ model: { kind: 'closed', concurrency: 8, total: 1 }, workers: 2 })).toHaveLength(1);
    expect(
      splitPlan({ model: { kind: 'open', rate: 10, durationMs: 1 }, workers: 2, connections: 1 }),
    ).toHaveLength(1);
  });

  it('splits the in-flight cap of the open model', () => {
    const shares = splitPlan({
      model: { kind: 'open', rate: 100, durationMs: 1000, maxInFlight: 5 },
      workers: 2,
    });
    expect(shares.map((s) => s.share)).toEqual([
      { kind: 'open', rate: 100, rampMs: 0, durationMs: 1000, maxInFlight: 3 },
      { kind: 'open', rate: 100, rampMs: 0, durationMs: 1000, maxInFlight: 3 },
    ]);
  });
  it('refuses a plan checkPlan refuses', () => {
    expect(() => splitPlan({ model: { kind: 'open', rate: 0, durationMs: 1000 } })).toThrow(
      'The rate must be more than 0 calls per second, not 0.',
    );
  });
});

describe('the open model schedule', () => {
  it('spaces calls evenly at a fixed rate; the end of the window is not part of it', () => {
    const plan = { rate: 200, rampMs: 0, durationMs: 3000 };
    expect(arrivalCount(plan)).toBe(600);
    expect([0, 1, 599].map((n) => arrivalAtMs(n, plan))).toEqual([0, 5, 2995]);
    expect(arrivalCount({ rate: 3, rampMs: 0, durationMs: 500 })).toBe(2);
  });

  it('ramps linearly from 0: half the arrivals of the held rate over the ramp', () => {
    const plan = { rate: 200, rampMs: 2000, durationMs: 1000 };
    expect(arrivalCount(plan)).toBe(400);
    // arrivals(t) = 200·t²/(2·2 s): 50 by 1 s, 200 by 2 s, then 200 a second.
    expect(arrivalAtMs(50, plan)).toBeCloseTo(1000, 6);
    expect(arrivalAtMs(200, plan)).toBeCloseTo(2000, 6);
    expect(arrivalAtMs(300, plan)).toBeCloseTo(2500, 6);
  });
});
