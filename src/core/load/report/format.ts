import type { HistogramBar, LoadPlan, LoadReport } from '../../../shared/load';

// One number style for every report, whatever the machine's locale: a CI log and a ticket read the same.
const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A whole count with thousands separators: `10,000`. */
export function formatCount(value: number): string {
  return grouped.format(value);
}

/** A number with about three significant digits, grouped: `0.412`, `4.12`, `41.2`, `412`, `4,120`. */
export function formatFigure(value: number): string {
  const digits =
    Math.abs(value) >= 100 || value === 0 ? 0 : Math.abs(value) >= 10 ? 1 : Math.abs(value) >= 1 ? 2 : 3;
  return new Intl.NumberFormat('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** Like formatFigure, without zeros that end a fraction: `2.5`, `0.25`, `100`, `333`. */
export function formatShort(value: number): string {
  return formatFigure(value)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
}

/** A latency in milliseconds, always in ms so values compare at a glance: `0.412 ms`, `41.2 ms`, `4,120 ms`. */
export function formatMs(ms: number): string {
  return `${formatFigure(ms)} ms`;
}

/** A run's length: `850 ms`, `30.02 s`, `10 min 0.5 s`. */
export function formatElapsed(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${((ms - minutes * 60_000) / 1000).toFixed(1)} s`;
}

/** A whole-second duration from a plan: `30 s`, `1.5 s`, `2 min`. */
function planDuration(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${formatShort(ms / 1000)} s`;
}

/** Bytes in the largest unit that keeps the number readable: `512 B`, `12.3 kB`, `4.56 MB` (SI, like ghz). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${formatFigure(value)} ${units[unit]}`;
}

/** A share as a percentage: `16.1 %`, `0.04 %`, `0 %`. */
export function formatPercent(share: number): string {
  const percent = share * 100;
  if (percent === 0 || percent === 100) return `${percent} %`;
  return `${percent >= 1 ? percent.toFixed(1) : percent.toFixed(2)} %`;
}

/** The plan in words: `closed: 50 users, 5,000 calls`, `open: 333 calls/s for 30 s after a 10 s ramp`. */
export function describePlan(plan: LoadPlan): string {
  const model = plan.model;
  let text: string;
  if (model.kind === 'closed') {
    const users = `${formatCount(model.concurrency)} ${model.concurrency === 1 ? 'user' : 'users'}`;
    const total = model.total === undefined ? undefined : `${formatCount(model.total)} calls`;
    const duration = model.durationMs === undefined ? undefined : planDuration(model.durationMs);
    text = `closed: ${users}`;
    if (total !== undefined && duration !== undefined) text += `, ${total} within ${duration}`;
    else if (total !== undefined) text += `, ${total}`;
    else if (duration !== undefined) text += ` for ${duration}`;
  } else {
    text = `open: ${formatShort(model.rate)} calls/s for ${planDuration(model.durationMs)}`;
    if (model.rampMs !== undefined && model.rampMs > 0) text += ` after a ${planDuration(model.rampMs)} ramp`;
  }
  if (plan.connections !== undefined) {
    text += `, ${plan.connections} ${plan.connections === 1 ? 'connection' : 'connections'}`;
  }
  return text;
}

/** Calls that did not end OK. */
export function errorCount(report: Pick<LoadReport, 'count' | 'statusCounts'>): number {
  return report.count - (report.statusCounts.OK ?? 0);
}

/** The share of calls that did not end OK; 0 when there were no calls. */
export function errorRate(report: Pick<LoadReport, 'count' | 'statusCounts'>): number {
  return report.count === 0 ? 0 : errorCount(report) / report.count;
}

/** Status names with their counts, most frequent first (name order breaks ties, so output is stable). */
export function statusesByCount(statusCounts: Record<string, number>): [string, number][] {
  return Object.entries(statusCounts).sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
}

/**
 * The histogram's bars from the first to the last that has calls (the bars before and after say nothing), merged
 * pairwise until at most `maxBars` remain: a merged bar keeps the upper bound of its last part.
 */
export function visibleBars(bars: HistogramBar[], maxBars: number): HistogramBar[] {
  const first = bars.findIndex((bar) => bar.count > 0);
  if (first < 0) return [];
  const last = bars.length - 1 - [...bars].reverse().findIndex((bar) => bar.count > 0);
  let shown = bars.slice(first, last + 1);
  while (shown.length > maxBars) {
    const merged: HistogramBar[] = [];
    for (let i = 0; i < shown.length; i += 2) {
      const pair = shown.slice(i, i + 2);
      merged.push({
        toMs: pair[pair.length - 1]!.toMs,
        count: pair.reduce((sum, bar) => sum + bar.count, 0),
      });
    }
    shown = merged;
  }
  return shown;
}

/** An ISO time as a reader reads it, in UTC to the second: `2026-11-26 06:33:21 UTC` (the text as given if not ISO). */
export function formatWhen(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(?:\.\d+)?Z$/.exec(iso);
  return match ? `${match[1]} ${match[2]} UTC` : iso;
}
