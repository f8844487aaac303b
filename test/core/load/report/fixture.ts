import type {
  HistogramBar,
  LatencySummary,
  LoadError,
  LoadReport,
  TimelinePoint,
} from '../../../../src/shared/load';

/** How the generated run behaves; every figure of the report is computed from the calls it generates. */
export interface FixtureRun {
  /** Whole seconds the run lasts, plus `extraMs` of a last partial second. */
  seconds?: number;
  extraMs?: number;
  /** Calls per second (the open model's rate). */
  rate?: number;
  /** The typical latency in ms; it climbs by half again over the run, as a server warming up under load. */
  baseMs?: number;
  /** Share of calls failing UNAVAILABLE, concentrated in the run's second half (the seeds' 667/s case). */
  unavailable?: number;
  /** The message the UNAVAILABLE calls carry (tests put hostile text here). */
  message?: string;
  seed?: number;
}

/** A small deterministic generator (mulberry32), so a fixture is the same on every run and machine. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

function summarise(latencies: number[]): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  const mean = sorted.length === 0 ? 0 : sorted.reduce((sum, v) => sum + v, 0) / sorted.length;
  return {
    min: sorted[0] ?? 0,
    mean,
    p50: percentile(sorted, 50),
    p75: percentile(sorted, 75),
    p90: percentile(sorted, 90),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    p999: percentile(sorted, 99.9),
    max: sorted[sorted.length - 1] ?? 0,
  };
}

/** Bars with round, log-spaced upper edges (2, 2.5, 3, 4, 5, 6, 8, 10 ms, ...), as the engine draws a wide range. */
function histogram(latencies: number[]): HistogramBar[] {
  const mantissas = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8];
  const edges = [0, 1, 2, 3].flatMap((power) => mantissas.map((m) => Math.round(m * 10 ** power * 10) / 100));
  const fastest = Math.min(...latencies);
  const slowest = Math.max(...latencies);
  const first = edges.findIndex((edge) => edge >= fastest);
  const last = edges.findIndex((edge) => edge >= slowest);
  const bars = edges.slice(first, last + 1).map((toMs) => ({ toMs, count: 0 }));
  for (const latency of latencies) bars.find((bar) => latency <= bar.toMs)!.count += 1;
  return bars;
}

/**
 * A plausible finished open-model run (default: 333 calls/s for 30 s against a local server, 2 % UNAVAILABLE late in
 * the run, a few DEADLINE_EXCEEDED): a timeline, histogram, percentiles and status counts consistent with each other.
 */
export function fixtureReport(run: FixtureRun = {}): LoadReport {
  const seconds = run.seconds ?? 30;
  const extraMs = run.extraMs ?? 0;
  const rate = run.rate ?? 333;
  const baseMs = run.baseMs ?? 4;
  const unavailable = run.unavailable ?? 0.02;
  const message = run.message ?? 'connection refused: the server has too many streams';
  const next = random(run.seed ?? 17);
  const all: number[] = [];
  const timeline: TimelinePoint[] = [];
  const statusCounts: Record<string, number> = {};
  const errors = new Map<string, LoadError>();
  const count = (status: string, text: string): void => {
    statusCounts[status] = (statusCounts[status] ?? 0) + 1;
    if (status === 'OK') return;
    const key = `${status}\n${text}`;
    const known = errors.get(key) ?? { status, message: text, count: 0 };
    known.count += 1;
    errors.set(key, known);
  };
  const totalSeconds = seconds + (extraMs > 0 ? 1 : 0);
  for (let second = 1; second <= totalSeconds; second++) {
    const share = second > seconds ? extraMs / 1000 : 1;
    const calls = Math.round(rate * share * (0.94 + next() * 0.12));
    const progress = second / totalSeconds;
    const latencies: number[] = [];
    let failed = 0;
    for (let i = 0; i < calls; i++) {
      // A log-normal-ish latency: mostly near the base, with a long slow tail.
      const latency =
        baseMs *
        (1 + progress / 2) *
        Math.exp((next() + next() + next() - 1.5) * 0.6 + (next() < 0.01 ? 2 : 0));
      latencies.push(Math.round(latency * 1000) / 1000);
      const roll = next();
      if (roll < unavailable * 2 * progress) {
        failed += 1;
        count('UNAVAILABLE', message);
      } else if (roll > 0.9985) {
        failed += 1;
        count('DEADLINE_EXCEEDED', 'Deadline exceeded after 1.000s');
      } else count('OK', '');
    }
    all.push(...latencies);
    const summary = summarise(latencies);
    timeline.push({ second, calls, errors: failed, p50: summary.p50, p90: summary.p90, p99: summary.p99 });
  }
  const elapsedMs = seconds * 1000 + extraMs;
  return {
    target: '127.0.0.1:50051',
    method: 'grpc.testing.TestService/UnaryCall',
    plan: { model: { kind: 'open', rate, durationMs: seconds * 1000 + extraMs }, thresholds: [] },
    startedAt: '2026-11-26T06:00:00.000Z',
    endedAt: new Date(Date.parse('2026-11-26T06:00:00.000Z') + elapsedMs).toISOString(),
    stopped: false,
    thresholds: [],
    elapsedMs,
    count: all.length,
    inFlight: 0,
    rps: all.length / (elapsedMs / 1000),
    messagesReceived: statusCounts.OK ?? 0,
    statusCounts,
    dropped: 0,
    latency: summarise(all),
    // Each call waited 0.08 ms between its scheduled instant and its start.
    latencyFromStart: summarise(all.map((ms) => Math.max(0.001, Math.round((ms - 0.08) * 1000) / 1000))),
    histogram: histogram(all),
    timeline,
    errors: [...errors.values()].sort((a, b) => b.count - a.count),
    bytesSent: all.length * 23,
    bytesReceived: (statusCounts.OK ?? 0) * 318,
  };
}
