import type { Int32Histogram } from 'hdr-histogram-js';
import type { LoadError, LoadSnapshot, TimelinePoint } from '../../../shared/load';
import { histogramBars, microsToMs } from './histogram-bars';
import { newLatencyHistogram } from './latency-histogram';
import {
  addLatencyDelta,
  emptyLatencyTally,
  latencySummary,
  percentileWithinRange,
  type LatencyTally,
} from './latency-tally';
import type { RecorderDelta, SecondDelta } from './recorder';

/**
 * Seconds a second stays open for late deltas after a newer second has data. Workers report about 4 times a second,
 * so data for a second comes at most a few hundred ms after the next one starts; 3 s leaves room for a stalled worker.
 */
export const lateSeconds = 3;
/** Distinct failures the run lists (the first ones seen); the snapshot shows the most frequent 20 of them. */
const maxRunErrors = 100;
const shownErrors = 20;

/** A second that can still receive data: its own histogram gives its percentiles. */
interface OpenSecond extends LatencyTally {
  errors: number;
  /** Its timeline point, until more data arrives. */
  point: TimelinePoint | undefined;
}

/**
 * Merges the deltas of every worker's LoadRecorder into the run's totals, whole-run latency histogram and per-second
 * timeline. Memory stays flat however long the run: a second's histogram is folded into its timeline point once the
 * second is lateSeconds behind the newest data, and reused.
 */
export class LoadAggregator {
  /** Every call, timed from when it was due. */
  private readonly all = emptyLatencyTally();
  /** Every call, timed from when it actually started. */
  private readonly fromStart = emptyLatencyTally();
  private readonly statusCounts = new Map<string, number>();
  private readonly errors = new Map<string, LoadError>();
  private bytesSent = 0;
  private bytesReceived = 0;
  private messagesReceived = 0;
  /** Points of seconds 1 … closed.length, no longer open for data. */
  private readonly closed: TimelinePoint[] = [];
  private readonly open = new Map<number, OpenSecond>();
  private readonly spare: Int32Histogram[] = [];
  private newestSecond = 0;

  add(delta: RecorderDelta): void {
    for (const second of delta.seconds) this.addSecond(second);
    for (const [status, count] of Object.entries(delta.statusCounts)) {
      this.statusCounts.set(status, (this.statusCounts.get(status) ?? 0) + count);
    }
    for (const error of delta.errors) this.addError(error);
    this.bytesSent += delta.bytesSent;
    this.bytesReceived += delta.bytesReceived;
    this.messagesReceived += delta.messagesReceived;
    addLatencyDelta(this.fromStart, delta.fromStart);
    this.closeSecondsThrough(this.newestSecond - lateSeconds - 1);
  }

  /** Seconds whose histograms are still held (a handful, however long the run). */
  get openSeconds(): number {
    return this.open.size;
  }

  /** `responseStream`: the method answers with a stream, so the snapshot has its messages per second. */
  snapshot(state: {
    elapsedMs: number;
    inFlight: number;
    dropped: number;
    responseStream?: boolean;
  }): LoadSnapshot {
    const { calls } = this.all;
    return {
      elapsedMs: state.elapsedMs,
      count: calls,
      inFlight: state.inFlight,
      rps: perSecond(calls, state.elapsedMs),
      messagesReceived: this.messagesReceived,
      ...(state.responseStream
        ? { messagesPerSecond: perSecond(this.messagesReceived, state.elapsedMs) }
        : {}),
      statusCounts: Object.fromEntries(this.statusCounts),
      dropped: state.dropped,
      latency: latencySummary(this.all),
      latencyFromStart: latencySummary(this.fromStart),
      histogram: histogramBars(this.all.histogram, this.all.minUs, this.all.maxUs),
      timeline: this.timeline(state.elapsedMs),
      errors: [...this.errors.values()]
        .sort((a, b) => b.count - a.count)
        .slice(0, shownErrors)
        .map((error) => ({ ...error })),
      bytesSent: this.bytesSent,
      bytesReceived: this.bytesReceived,
    };
  }

  private addSecond(delta: SecondDelta): void {
    if (delta.calls === 0) return;
    addLatencyDelta(this.all, delta);
    this.newestSecond = Math.max(this.newestSecond, delta.second);
    const late = this.closed[delta.second - 1];
    if (late !== undefined) {
      // Too late for the second's percentiles, but its calls and errors still count.
      late.calls += delta.calls;
      late.errors += delta.errors;
      return;
    }
    let open = this.open.get(delta.second);
    if (open === undefined) {
      const histogram = this.spare.pop() ?? newLatencyHistogram();
      open = { histogram, calls: 0, sumUs: 0, errors: 0, minUs: Infinity, maxUs: 0, point: undefined };
      this.open.set(delta.second, open);
    }
    addLatencyDelta(open, delta);
    open.errors += delta.errors;
    open.point = undefined;
  }

  private addError(error: LoadError): void {
    const key = `${error.status}\n${error.message}`;
    const known = this.errors.get(key);
    if (known !== undefined) known.count += error.count;
    else if (this.errors.size < maxRunErrors) this.errors.set(key, { ...error });
  }

  /** Folds every second up to `last` into its timeline point (a second without calls gets an empty point). */
  private closeSecondsThrough(last: number): void {
    for (let second = this.closed.length + 1; second <= last; second++) {
      const open = this.open.get(second);
      this.closed.push(open === undefined ? emptyPoint(second) : pointOf(second, open));
      if (open === undefined) continue;
      this.open.delete(second);
      open.histogram.reset();
      if (this.spare.length < 2) this.spare.push(open.histogram);
    }
  }

  /** The closed points, then the open ones, then empty points for seconds over a second ago that had no calls. */
  private timeline(elapsedMs: number): TimelinePoint[] {
    const points = this.closed.map((point) => ({ ...point }));
    const last = Math.max(this.newestSecond, Math.floor(elapsedMs / 1000) - 1);
    for (let second = this.closed.length + 1; second <= last; second++) {
      const open = this.open.get(second);
      if (open === undefined) {
        points.push(emptyPoint(second));
        continue;
      }
      open.point ??= pointOf(second, open);
      points.push({ ...open.point });
    }
    return points;
  }
}

/** Calls or messages per second, to 0.01/s as ghz prints it: more digits would be noise. */
function perSecond(count: number, elapsedMs: number): number {
  return elapsedMs > 0 ? Math.round((count / (elapsedMs / 1000)) * 100) / 100 : 0;
}

function pointOf(second: number, open: OpenSecond): TimelinePoint {
  const at = (percentile: number) => microsToMs(percentileWithinRange(open, percentile));
  return { second, calls: open.calls, errors: open.errors, p50: at(50), p90: at(90), p99: at(99) };
}

function emptyPoint(second: number): TimelinePoint {
  return { second, calls: 0, errors: 0, p50: 0, p90: 0, p99: 0 };
}
