/**
 * The load-test half of the contract: how a load test is planned, and what it reports while it runs and at the end.
 * Shared by the engine (src/core/load), the command line (`protodesk load`) and the page's Load test view.
 * Durations and latencies are milliseconds (fractions allowed: the histogram has microsecond resolution).
 */

/**
 * Closed model: `concurrency` virtual users, each starting its next call when its previous one ends, for `total` calls
 * or for `durationMs` (whichever is set; both: whichever comes first).
 */
export interface ClosedModel {
  kind: 'closed';
  concurrency: number;
  total?: number;
  durationMs?: number;
}

/**
 * Open model: calls arrive at `rate` per second for `durationMs` (after a linear ramp from 0 over `rampMs`, when set),
 * whether or not earlier calls have ended. Each call is timed from its scheduled start, so a slow server shows as
 * latency rather than as a lower rate (no coordinated omission).
 */
export interface OpenModel {
  kind: 'open';
  rate: number;
  durationMs: number;
  rampMs?: number;
  /** Calls in flight beyond this are not started and are counted as `dropped`; default 10,000. */
  maxInFlight?: number;
}

export type LoadModel = ClosedModel | OpenModel;

/** Everything about a load test except the request itself (which is a normal CallRequest, or a saved request). */
export interface LoadPlan {
  model: LoadModel;
  /** HTTP/2 connections the virtual users share (gRPC multiplexes calls on each); default 1 per worker thread. */
  connections?: number;
  /** Worker threads sending calls; default: the engine picks from the machine's cores. */
  workers?: number;
  /** Requests sent per call of a client-streaming or bidi method (the request body each time); default 1. */
  messagesPerStream?: number;
  /** A JSON Lines or CSV file whose rows fill `{{variables}}`, one row per call, round-robin. */
  dataFile?: string;
  /** Pass/fail rules checked at the end: `p99 < 50ms`, `errors < 1%`, `rps > 300` (see thresholds in src/core/load). */
  thresholds?: string[];
}

/** The part of a plan a LoadPlanProblem is about: a form marks the field that sets it. */
export type LoadPlanField =
  | 'concurrency'
  | 'total'
  | 'durationMs'
  | 'rampMs'
  | 'rate'
  | 'maxInFlight'
  | 'connections'
  | 'workers'
  | 'messagesPerStream'
  | 'thresholds';

/** Why the engine refuses a plan's numbers (src/core/load/plan-check.ts): what is wrong, what to do, and where. */
export interface LoadPlanProblem {
  message: string;
  hint: string;
  field: LoadPlanField;
}

/** Latency percentiles of a set of calls, in milliseconds; all 0 when there were no calls. */
export interface LatencySummary {
  min: number;
  mean: number;
  p50: number;
  p75: number;
  p90: number;
  p95: number;
  p99: number;
  p999: number;
  max: number;
}

/** Each latency figure, in order, with the name reports show and thresholds take for it (`p99.9` for p999). */
export const latencyFigures: readonly { key: keyof LatencySummary; name: string }[] = [
  { key: 'min', name: 'min' },
  { key: 'mean', name: 'mean' },
  { key: 'p50', name: 'p50' },
  { key: 'p75', name: 'p75' },
  { key: 'p90', name: 'p90' },
  { key: 'p95', name: 'p95' },
  { key: 'p99', name: 'p99' },
  { key: 'p999', name: 'p99.9' },
  { key: 'max', name: 'max' },
];

/** The name of a latency figure as people write it: `p99.9` for p999. */
export function latencyName(key: keyof LatencySummary): string {
  return latencyFigures.find((figure) => figure.key === key)?.name ?? key;
}

/** One bar of the latency histogram: calls that took more than the previous bar's `toMs`, up to `toMs`. */
export interface HistogramBar {
  toMs: number;
  count: number;
}

/** One second of a run (second 1 = the first second after the start). */
export interface TimelinePoint {
  second: number;
  /** Calls that ended in this second. */
  calls: number;
  /** Of those, calls not ending OK. */
  errors: number;
  p50: number;
  p90: number;
  p99: number;
}

/** One distinct failure: the status name and message as received, and how often. */
export interface LoadError {
  status: string;
  message: string;
  count: number;
}

/** How a load test stands: sent about once a second while it runs; the final one is part of the report. */
export interface LoadSnapshot {
  elapsedMs: number;
  /** Calls ended, whatever their status. */
  count: number;
  inFlight: number;
  /** Calls ended per second over the run so far. */
  rps: number;
  /** Response messages received, over every call. */
  messagesReceived: number;
  /** Response messages received per second over the run so far: only for methods that answer with a stream. */
  messagesPerSecond?: number;
  /** Calls by status name: `{"OK": 980, "UNAVAILABLE": 20}`; stopped calls count as CANCELLED. */
  statusCounts: Record<string, number>;
  /** Open model only: scheduled calls not started because `maxInFlight` calls were already running. */
  dropped: number;
  /**
   * Each call timed from when it was due: the open model's scheduled instant, so a wait to be sent counts (no
   * coordinated omission); in the closed model a call is due when its user starts it. The headline figure.
   */
  latency: LatencySummary;
  /**
   * Each call timed from when it actually started (as ghz times its calls), so never more than `latency`: the open
   * model's wait between a call's scheduled instant and its start is left out. The same as `latency` in the closed model.
   */
  latencyFromStart: LatencySummary;
  histogram: HistogramBar[];
  timeline: TimelinePoint[];
  /** The first distinct error messages (up to 20), most frequent first. */
  errors: LoadError[];
  bytesSent: number;
  bytesReceived: number;
}

/** A threshold's verdict: `p99 < 50ms` passed or failed, with the measured value, in the threshold's unit. */
export interface ThresholdResult {
  threshold: string;
  passed: boolean;
  /** The measured value, e.g. `61.2ms`, `0.4%`, `312/s`. */
  actual: string;
  /** Why it failed, e.g. `p99 was 61.2ms, 11.2ms over the limit of 50ms`; absent when it passed. */
  failure?: string;
}

/** A finished load test: what was run, how, and how it went. Holds no metadata values or request bodies (secrets). */
export interface LoadReport extends LoadSnapshot {
  target: string;
  method: string;
  plan: LoadPlan;
  /** ISO times. */
  startedAt: string;
  endedAt: string;
  /** True when the run was stopped before its plan ended (its in-flight calls count as CANCELLED). */
  stopped: boolean;
  thresholds: ThresholdResult[];
}
