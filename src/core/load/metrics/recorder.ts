import type { Int32Histogram } from 'hdr-histogram-js';
import type { LoadError } from '../../../shared/load';
import { newLatencyHistogram, nonEmptyBuckets, wholeMicroseconds } from './latency-histogram';

/** One finished call, as a worker thread saw it. */
export interface RecordedCall {
  latencyUs: number;
  /** The status name: OK, UNAVAILABLE, CANCELLED, ... */
  status: string;
  message: string;
  bytesSent: number;
  bytesReceived: number;
  /** When the call ended, in ms since the run started. */
  endedAtMs: number;
}

/** The calls that ended in one second of the run (second s holds endedAtMs from (s-1)·1000 up to s·1000). */
export interface SecondDelta {
  second: number;
  calls: number;
  /** Calls not ending OK. */
  errors: number;
  sumUs: number;
  minUs: number;
  maxUs: number;
  /** The latency histogram's non-empty buckets: [index, count, index, count, ...] (see latency-histogram.ts). */
  buckets: Uint32Array;
}

/**
 * What a recorder saw since its previous takeDelta: plain data and typed arrays, so it crosses worker_threads'
 * postMessage as it is. Only LoadAggregator reads it.
 */
export interface RecorderDelta {
  seconds: SecondDelta[];
  statusCounts: Record<string, number>;
  /** Distinct failures (status and message), at most maxDistinctErrors of them per delta. */
  errors: LoadError[];
  bytesSent: number;
  bytesReceived: number;
}

/** Distinct failure messages a recorder counts between two deltas; more (say, messages carrying ids) are not listed. */
export const maxDistinctErrors = 100;

/** Calls ending in one second, while the recorder still holds them. */
interface SecondTally {
  second: number;
  histogram: Int32Histogram;
  calls: number;
  errors: number;
  sumUs: number;
  minUs: number;
  maxUs: number;
}

/**
 * Counts the calls one worker thread makes. record() is on the hot path (tens of thousands of calls a second): it
 * allocates nothing once a second's histogram exists. takeDelta() hands over everything since the last one.
 */
export class LoadRecorder {
  private readonly tallies: SecondTally[] = [];
  private readonly spare: SecondTally[] = [];
  private current: SecondTally | undefined;
  private readonly statusCounts = new Map<string, number>();
  private readonly errorCounts = new Map<string, Map<string, number>>();
  private distinctErrors = 0;
  private bytesSent = 0;
  private bytesReceived = 0;

  record(call: RecordedCall): void {
    const second = Math.floor(call.endedAtMs / 1000) + 1;
    const tally = this.current?.second === second ? this.current : this.tallyFor(second);
    const us = wholeMicroseconds(call.latencyUs);
    tally.histogram.recordValue(us);
    tally.calls++;
    tally.sumUs += us;
    if (us < tally.minUs) tally.minUs = us;
    if (us > tally.maxUs) tally.maxUs = us;
    this.statusCounts.set(call.status, (this.statusCounts.get(call.status) ?? 0) + 1);
    if (call.status !== 'OK') {
      tally.errors++;
      this.countError(call.status, call.message);
    }
    this.bytesSent += call.bytesSent;
    this.bytesReceived += call.bytesReceived;
  }

  takeDelta(): RecorderDelta {
    const seconds = this.tallies.map((tally) => this.release(tally));
    this.tallies.length = 0;
    this.current = undefined;
    const errors: LoadError[] = [];
    for (const [status, messages] of this.errorCounts) {
      for (const [message, count] of messages) errors.push({ status, message, count });
    }
    this.errorCounts.clear();
    this.distinctErrors = 0;
    const delta: RecorderDelta = {
      seconds,
      statusCounts: Object.fromEntries(this.statusCounts),
      errors,
      bytesSent: this.bytesSent,
      bytesReceived: this.bytesReceived,
    };
    this.statusCounts.clear();
    this.bytesSent = 0;
    this.bytesReceived = 0;
    return delta;
  }

  private tallyFor(second: number): SecondTally {
    let tally: SecondTally | undefined;
    // A plain loop: calls ending around a second's turn switch between tallies, and this must not allocate.
    for (const candidate of this.tallies) if (candidate.second === second) tally = candidate;
    if (tally === undefined) {
      tally = this.spare.pop() ?? emptyTally();
      tally.second = second;
      this.tallies.push(tally);
    }
    this.current = tally;
    return tally;
  }

  /** Turns a second's tally into its delta, and keeps the emptied histogram for a later second. */
  private release(tally: SecondTally): SecondDelta {
    const delta: SecondDelta = {
      second: tally.second,
      calls: tally.calls,
      errors: tally.errors,
      sumUs: tally.sumUs,
      minUs: tally.minUs,
      maxUs: tally.maxUs,
      buckets: nonEmptyBuckets(tally.histogram, tally.minUs, tally.maxUs),
    };
    tally.histogram.reset();
    Object.assign(tally, { calls: 0, errors: 0, sumUs: 0, minUs: Infinity, maxUs: 0 });
    // Two spare histograms cover the usual case (a delta spans one or two seconds); more would only hold memory.
    if (this.spare.length < 2) this.spare.push(tally);
    return delta;
  }

  private countError(status: string, message: string): void {
    const messages = this.errorCounts.get(status);
    const count = messages?.get(message);
    if (messages !== undefined && count !== undefined) {
      messages.set(message, count + 1);
      return;
    }
    if (this.distinctErrors >= maxDistinctErrors) return;
    this.distinctErrors++;
    if (messages === undefined) this.errorCounts.set(status, new Map([[message, 1]]));
    else messages.set(message, 1);
  }
}

function emptyTally(): SecondTally {
  return {
    second: 0,
    histogram: newLatencyHistogram(),
    calls: 0,
    errors: 0,
    sumUs: 0,
    minUs: Infinity,
    maxUs: 0,
  };
}
