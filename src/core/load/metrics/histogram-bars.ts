import type { Int32Histogram } from 'hdr-histogram-js';
import type { HistogramBar } from '../../../shared/load';

/** Bars of an even-width histogram (between 10 and 21 once the width is rounded to a readable step). */
const linearBars = 20;
/** Beyond this max/min ratio the bars widen logarithmically: a few slow calls would squeeze the rest into one bar. */
const linearRangeRatio = 20;

/**
 * The latency histogram as bars a person reads (the terminal summary, the HTML report and the page's chart all draw
 * these): about 20 bars with round edges, even between min and max, log-spaced (1-2-5 steps) when the range is wide.
 */
export function histogramBars(histogram: Int32Histogram, minUs: number, maxUs: number): HistogramBar[] {
  if (histogram.totalCount === 0) return [];
  const edges = barEdgesUs(minUs, maxUs);
  const counts = edges.map(() => 0);
  let bar = 0;
  const last = histogram.countsArrayIndex(maxUs);
  for (let index = histogram.countsArrayIndex(minUs); index <= last; index++) {
    const count = histogram.getCountAtIndex(index);
    if (count === 0) continue;
    const value = Math.min(Math.max(histogram.valueFromIndex(index), minUs), maxUs);
    while (edges[bar]! < value) bar++;
    counts[bar]! += count;
  }
  return edges.map((edge, at) => ({ toMs: microsToMs(edge), count: counts[at]! }));
}

/** The bars' upper edges in µs: ascending, the last one at or above maxUs. */
function barEdgesUs(minUs: number, maxUs: number): number[] {
  if (maxUs - minUs < 1) return [maxUs];
  const floor = Math.max(minUs, 1);
  return maxUs / floor <= linearRangeRatio ? linearEdges(minUs, maxUs) : logEdges(floor, maxUs);
}

function linearEdges(minUs: number, maxUs: number): number[] {
  const step = Math.max(1, roundUpToStep((maxUs - minUs) / linearBars, [1, 2, 2.5, 5, 10]));
  const start = Math.floor(minUs / step) * step;
  const edges: number[] = [];
  for (let at = 1; edges.length === 0 || edges[edges.length - 1]! < maxUs; at++)
    edges.push(start + at * step);
  return edges;
}

/** Edges m·10^k for the mantissas that give about 10 to 30 bars over the range's decades. */
function logEdges(minUs: number, maxUs: number): number[] {
  const decades = Math.log10(maxUs / minUs);
  const mantissas =
    decades <= 2 ? [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8] : decades <= 4 ? [1, 1.5, 2, 3, 5, 7] : [1, 2, 5];
  const edges: number[] = [];
  for (let power = Math.floor(Math.log10(minUs)); edges.length === 0 || edges.at(-1)! < maxUs; power++) {
    for (const mantissa of mantissas) {
      const edge = mantissa * 10 ** power;
      if (edge < minUs) continue;
      edges.push(edge);
      if (edge >= maxUs) break;
    }
  }
  return edges;
}

/** The smallest m·10^k (m from the steps) at or above value. */
function roundUpToStep(value: number, steps: number[]): number {
  const power = 10 ** Math.floor(Math.log10(value));
  return (steps.find((step) => step * power >= value) ?? 10) * power;
}

/** Microseconds as milliseconds, without floating-point noise (0.30000000000000004). */
export function microsToMs(us: number): number {
  return Number((us / 1000).toPrecision(12));
}
