import { Int32Histogram } from 'hdr-histogram-js';

/** The longest latency a histogram holds: 1 hour, in microseconds. Longer calls are recorded as 1 hour. */
export const highestLatencyUs = 3_600_000_000;

/**
 * A latency histogram in microseconds: 1 µs to 1 hour, 3 significant digits (any value is within 0.1 % of the one
 * recorded). Recorders and the aggregator build theirs here, so a bucket index means the same value on both sides.
 * The plain JavaScript Int32Histogram (no WebAssembly): it loads synchronously in any worker thread.
 */
export function newLatencyHistogram(): Int32Histogram {
  const histogram = new Int32Histogram(1, highestLatencyUs, 3);
  histogram.autoResize = false;
  return histogram;
}

/** A latency as the histogram records it: whole microseconds from 0 to highestLatencyUs. */
export function wholeMicroseconds(latencyUs: number): number {
  if (!(latencyUs > 0)) return 0;
  return latencyUs >= highestLatencyUs ? highestLatencyUs : Math.round(latencyUs);
}

/**
 * The histogram's non-empty buckets between two recorded values, flattened as [index, count, index, count, ...]:
 * the cheapest form that crosses postMessage (a typed array, usually a few hundred numbers per second of calls).
 */
export function nonEmptyBuckets(histogram: Int32Histogram, minUs: number, maxUs: number): Uint32Array {
  const from = histogram.countsArrayIndex(minUs);
  const to = histogram.countsArrayIndex(maxUs);
  let used = 0;
  for (let index = from; index <= to; index++) if (histogram.getCountAtIndex(index) > 0) used++;
  const buckets = new Uint32Array(used * 2);
  let at = 0;
  for (let index = from; index <= to; index++) {
    const count = histogram.getCountAtIndex(index);
    if (count === 0) continue;
    buckets[at++] = index;
    buckets[at++] = count;
  }
  return buckets;
}

/** Adds buckets from nonEmptyBuckets to a histogram of the same shape. */
export function addBuckets(histogram: Int32Histogram, buckets: Uint32Array): void {
  for (let at = 0; at < buckets.length; at += 2) {
    histogram.recordValueWithCount(histogram.valueFromIndex(buckets[at]!), buckets[at + 1]!);
  }
}
