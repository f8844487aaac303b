import type { Int32Histogram } from 'hdr-histogram-js';
import type { HistogramBar } from '../../../shared/load';

/** At most this many bars: the terminal summary draws 20 rows, and thinner bars would not read in a chart. */
export const maxBars = 20;
/** Beyond this max/min ratio the bars widen logarithmically: a few slow calls would squeeze the rest into one bar. */
const linearRangeRatio = 20;
/** Even bar widths: m·10^k µs. */
const roundSteps = [1, 2, 2.5, 5, 10];
/** Log-spaced edges m·10^k, finest first: the finest that keeps the bars within maxBars is used. */
const logMantissas = [[1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8], [1, 1.5, 2, 3, 5, 7], [1, 2, 5], [1, 3], [1]];

/**
 * The latency histogram as bars a person reads (the terminal summary, the HTML report and the page's chart all draw
 * these): up to 20 bars with round edges, even between min and max, log-spaced (1-2-5 steps) when the range is wide.
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
    while (bar < edges.length - 1 && edges[bar]! < value) bar++;
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

/** Even bars of the smallest round width (at least 1 µs) that covers min to max in maxBars bars or fewer. */
function linearEdges(minUs: number, maxUs: number): number[] {
  for (let step = roundUp((maxUs - minUs) / maxBars); ; step = roundUp(step * 1.001)) {
    const start = Math.floor(minUs / step) * step;
    const bars = Math.ceil((maxUs - start) / step);
    if (bars <= maxBars) return Array.from({ length: bars }, (_, at) => start + (at + 1) * step);
  }
}

function logEdges(minUs: number, maxUs: number): number[] {
  let edges: number[] = [];
  for (const mantissas of logMantissas) {
    edges = [];
    for (let power = Math.floor(Math.log10(minUs)); edges.length === 0 || edges.at(-1)! < maxUs; power++) {
      for (const mantissa of mantissas) {
        const edge = mantissa * 10 ** power;
        if (edge < minUs) continue;
        edges.push(edge);
        if (edge >= maxUs) break;
      }
    }
    if (edges.length <= maxBars) break;
  }
  return edges;
}

/** The smallest round step (roundSteps · 10^k, at least 1 µs) at or above value. */
function roundUp(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return (roundSteps.find((step) => step * power >= value) ?? 10) * power;
}

/** Microseconds as milliseconds, without floating-point noise (0.30000000000000004). */
export function microsToMs(us: number): number {
  return Number((us / 1000).toPrecision(12));
}
