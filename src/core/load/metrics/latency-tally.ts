import type { Int32Histogram } from 'hdr-histogram-js';
import type { LatencySummary } from '../../../shared/load';
import { microsToMs } from './histogram-bars';
import { addBuckets, newLatencyHistogram, nonEmptyBuckets } from './latency-histogram';

/** Latencies of a set of calls: their histogram, and the exact count, sum, min and max (µs) beside it. */
export interface LatencyTally {
  histogram: Int32Histogram;
  calls: number;
  sumUs: number;
  minUs: number;
  maxUs: number;
}

/** A tally as it crosses postMessage: the histogram as its non-empty buckets (see latency-histogram.ts). */
export interface LatencyDelta {
  calls: number;
  sumUs: number;
  minUs: number;
  maxUs: number;
  /** [index, count, index, count, ...] */
  buckets: Uint32Array;
}

export function emptyLatencyTally(): LatencyTally {
  return { histogram: newLatencyHistogram(), calls: 0, sumUs: 0, minUs: Infinity, maxUs: 0 };
}

/** Adds one latency in whole microseconds; allocates nothing. */
export function recordLatency(tally: LatencyTally, us: number): void {
  tally.histogram.recordValue(us);
  tally.calls++;
  tally.sumUs += us;
  if (us < tally.minUs) tally.minUs = us;
  if (us > tally.maxUs) tally.maxUs = us;
}

/** The tally in the form that crosses threads. */
export function latencyDelta(tally: LatencyTally): LatencyDelta {
  const { calls, sumUs, minUs, maxUs } = tally;
  return { calls, sumUs, minUs, maxUs, buckets: nonEmptyBuckets(tally.histogram, minUs, maxUs) };
}

/** Adds another tally's delta (from any thread) to this one. */
export function addLatencyDelta(tally: LatencyTally, delta: LatencyDelta): void {
  if (delta.calls === 0) return;
  addBuckets(tally.histogram, delta.buckets);
  tally.calls += delta.calls;
  tally.sumUs += delta.sumUs;
  tally.minUs = Math.min(tally.minUs, delta.minUs);
  tally.maxUs = Math.max(tally.maxUs, delta.maxUs);
}

/** Empties the tally, keeping its histogram for reuse. */
export function resetLatencyTally(tally: LatencyTally): void {
  tally.histogram.reset();
  Object.assign(tally, { calls: 0, sumUs: 0, minUs: Infinity, maxUs: 0 });
}

/** The tally's percentiles in ms; all 0 without calls. */
export function latencySummary(tally: LatencyTally): LatencySummary {
  if (tally.calls === 0) return { min: 0, mean: 0, p50: 0, p75: 0, p90: 0, p95: 0, p99: 0, p999: 0, max: 0 };
  const at = (percentile: number) => microsToMs(percentileWithinRange(tally, percentile));
  return {
    min: microsToMs(tally.minUs),
    // To the nanosecond: finer digits would be noise in the JSON output.
    mean: microsToMs(Math.round((tally.sumUs / tally.calls) * 1000) / 1000),
    p50: at(50),
    p75: at(75),
    p90: at(90),
    p95: at(95),
    p99: at(99),
    p999: at(99.9),
    max: microsToMs(tally.maxUs),
  };
}

/** A percentile in µs. HDR reports a bucket's highest value, which may pass the exact max: keep it within min … max. */
export function percentileWithinRange(tally: LatencyTally, percentile: number): number {
  return Math.min(Math.max(tally.histogram.getValueAtPercentile(percentile), tally.minUs), tally.maxUs);
}
