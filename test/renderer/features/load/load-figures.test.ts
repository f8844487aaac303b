import { describe, expect, it } from 'vitest';
import type { LoadSnapshot } from '../../../../src/shared/load';
import {
  compareFigures,
  difference,
  errorPercent,
  keyFigures,
} from '../../../../src/renderer/features/load/load-figures';
import { loadSnapshot } from '../../../helpers/load-snapshot';

const latency = { min: 0.2, mean: 1, p50: 0.9, p75: 1.1, p90: 1.5, p95: 2, p99: 4.25, p999: 9, max: 12 };

function snapshot(change: Partial<LoadSnapshot>): LoadSnapshot {
  return loadSnapshot({
    elapsedMs: 3200,
    count: 1000,
    inFlight: 4,
    rps: 312.5,
    statusCounts: { OK: 840, UNAVAILABLE: 160 },
    latency,
    ...change,
  });
}

describe('the Load test figures', () => {
  it('counts every status but OK as an error', () => {
    expect(errorPercent(snapshot({}))).toBe(16);
    expect(errorPercent(snapshot({ count: 0, statusCounts: {} }))).toBe(0);
  });

  it('reads as a person writes them', () => {
    expect(keyFigures(snapshot({})).map((figure) => `${figure.name} ${figure.text}`)).toEqual([
      'Elapsed 3.2 s',
      'Calls 1,000',
      'Calls/s 313/s',
      'Errors 16%',
      'p50 0.9 ms',
      'p90 1.5 ms',
      'p99 4.3 ms',
      'max 12 ms',
    ]);
  });

  it("shows a stream's messages per second beside its calls per second", () => {
    const figures = keyFigures(snapshot({ messagesPerSecond: 31_250 })).map((f) => `${f.name} ${f.text}`);
    expect(figures.slice(2, 4)).toEqual(['Calls/s 313/s', 'Messages/s 31,250/s']);
  });

  it('compares runs figure by figure: lower latency and a higher rate are better', () => {
    const before = compareFigures(snapshot({}));
    const now = compareFigures(snapshot({ rps: 625, latency: { ...latency, p99: 8.5 }, count: 500 }));
    const byName = (name: string) => {
      const index = now.findIndex((figure) => figure.name === name);
      return difference(before[index]!, now[index]!);
    };
    expect(byName('Calls/s')).toEqual({ text: '+313/s (+100%)', verdict: 'better' });
    expect(byName('p99')).toEqual({ text: '+4.3 ms (+100%)', verdict: 'worse' });
    expect(byName('Calls')).toEqual({ text: '−500 (−50%)', verdict: 'same' });
    expect(byName('p50')).toEqual({ text: '±0', verdict: 'same' });
    expect(now.map((figure) => figure.name)).toEqual([
      'Elapsed',
      'Calls',
      'Calls/s',
      'Errors',
      'min',
      'mean',
      'p50',
      'p75',
      'p90',
      'p95',
      'p99',
      'p99.9',
      'max',
    ]);
  });
});
