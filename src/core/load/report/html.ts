import type { LoadReport } from '../../../shared/load';
import {
  describePlan,
  formatCount,
  formatElapsed,
  formatFigure,
  formatMs,
  formatWhen,
  visibleBars,
} from './format';
import { chartedSeconds, pointRate } from '../../../shared/load-timeline';
import { histogramChart, timeChart, type TimeSeries } from './html/charts';
import { escapeHtml } from './html/escape';
import {
  errorsSection,
  figuresSection,
  latencySection,
  statusSection,
  thresholdsSection,
} from './html/sections';
import { reportStyles } from './html/styles';

// The file opens from disk or a ticket attachment: it may load nothing and run nothing, only its inline styles and
// inline SVG. The policy makes that a promise the browser keeps, even for text a hostile server put in an error.
const contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** HDR buckets are fine-grained; this many bars keep each one wide enough to see and hover. */
const maxHistogramBars = 40;

/** Where a point sits on the time axis: the end of its second, or of the run for its last, partial second. */
const pointTime = (second: number, report: LoadReport): number => Math.min(second, report.elapsedMs / 1000);

const range = (values: number[]): string =>
  values.length === 0
    ? 'no data'
    : `from ${formatFigure(Math.min(...values))} to ${formatFigure(Math.max(...values))}`;

function rateSeries(report: LoadReport, faint: boolean): TimeSeries[] {
  const suffix = faint ? ' (previous run)' : '';
  const calls = chartedSeconds(report).map((p) => ({
    x: pointTime(p.second, report),
    y: pointRate(p, report.elapsedMs),
  }));
  const errors = chartedSeconds(report).map((p) => ({
    x: pointTime(p.second, report),
    y: p.calls === 0 ? 0 : (pointRate(p, report.elapsedMs) * p.errors) / p.calls,
  }));
  return [
    { name: `calls/s${suffix}`, className: 's-calls', points: calls, faint },
    { name: `errors/s${suffix}`, className: 's-errors', points: errors, faint },
  ];
}

function latencySeries(report: LoadReport, faint: boolean): TimeSeries[] {
  const suffix = faint ? ' (previous run)' : '';
  // Seconds in which no call ended have no latency to draw; a 0 there would read as an instant answer.
  const measured = chartedSeconds(report).filter((p) => p.calls > 0);
  return (['p50', 'p90', 'p99'] as const).map((key) => ({
    name: `${key}${suffix}`,
    className: `s-${key}`,
    points: measured.map((p) => ({ x: pointTime(p.second, report), y: p[key] })),
    faint,
  }));
}

function charts(report: LoadReport, previous?: LoadReport): string {
  const seconds = Math.max(report.elapsedMs, previous?.elapsedMs ?? 0) / 1000;
  const [calls, errors] = rateSeries(report, false) as [TimeSeries, TimeSeries];
  const rates = calls.points.map((p) => p.y);
  const errorRates = errors.points.map((p) => p.y);
  const before = previous
    ? ` The previous run is drawn faintly (${formatFigure(previous.rps)} calls/s).`
    : '';
  const rate = timeChart({
    title: 'Calls and errors per second',
    yUnit: 'calls/s',
    seconds,
    series: [calls, errors, ...(previous ? rateSeries(previous, true) : [])],
    summary:
      `Calls per second over ${formatElapsed(report.elapsedMs)}: ${range(rates)}, ${formatFigure(report.rps)} ` +
      `on average; errors per second ${range(errorRates)}.${before}`,
  });
  const series = latencySeries(report, false);
  const latency = timeChart({
    title: 'Latency over time',
    yUnit: 'ms',
    seconds,
    series: [...series, ...(previous ? latencySeries(previous, true) : [])],
    summary:
      `Latency per second in milliseconds: ` +
      series.map((s) => `${s.name} ${range(s.points.map((p) => p.y))}`).join(', ') +
      `.${previous ? ' The previous run is drawn faintly.' : ''}`,
  });
  const bars = visibleBars(report.histogram, maxHistogramBars);
  const tallest = bars.reduce((best, bar) => (bar.count > best.count ? bar : best), { toMs: 0, count: 0 });
  const histogram = histogramChart(
    'Latency histogram',
    bars,
    bars.length === 0
      ? 'Latency histogram: no calls.'
      : `Latency histogram of ${formatCount(report.count)} calls: the most, ${formatCount(tallest.count)}, took up ` +
          `to ${formatMs(tallest.toMs)}; the slowest took up to ${formatMs(bars[bars.length - 1]!.toMs)}.`,
  );
  return `<h2>Charts</h2><div class="charts">${rate}${latency}${histogram}</div>`;
}

function header(report: LoadReport, previous?: LoadReport): string {
  const stopped = report.stopped ? '<span class="badge fail">stopped early</span>' : '';
  const meta =
    `Started ${escapeHtml(formatWhen(report.startedAt))} · ran ${escapeHtml(formatElapsed(report.elapsedMs))} · ` +
    escapeHtml(describePlan(report.plan));
  const compared = previous
    ? `<p class="meta">Compared with the previous run: ${escapeHtml(previous.method)} → ${escapeHtml(previous.target)}, ` +
      `started ${escapeHtml(formatWhen(previous.startedAt))} · ${escapeHtml(describePlan(previous.plan))}</p>`
    : '';
  const dropped =
    report.dropped > 0
      ? `<p class="meta">${formatCount(report.dropped)} scheduled calls were not started: too many were in flight.</p>`
      : '';
  return (
    '<p class="eyebrow">Protodesk load test</p>' +
    `<h1>${escapeHtml(report.method)} → ${escapeHtml(report.target)}${stopped}</h1>` +
    `<p class="meta">${meta}</p>${compared}${dropped}`
  );
}

/**
 * A finished load test as one self-contained HTML file to open or attach to a ticket: key figures, thresholds,
 * charts drawn as inline SVG (calls and errors per second, latency percentiles over time, the latency histogram),
 * then the status, latency and error tables. With `previous`, figures and latencies stand side by side with that
 * run's, and its lines are drawn faintly in the time charts. No script, no network; light and dark themes.
 */
export function loadReportHtml(report: LoadReport, previous?: LoadReport): string {
  const title = `Load test: ${report.method} → ${report.target}`;
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${reportStyles}</style>`,
    '</head>',
    '<body><main>',
    header(report, previous),
    figuresSection(report, previous),
    thresholdsSection(report),
    charts(report, previous),
    statusSection(report, previous),
    latencySection(report, previous),
    errorsSection(report),
    `<footer>Protodesk load test report · ended ${escapeHtml(formatWhen(report.endedAt))}</footer>`,
    '</main></body>',
    '</html>',
    '',
  ].join('\n');
}
