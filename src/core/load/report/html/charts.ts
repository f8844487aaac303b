import type { HistogramBar } from '../../../../shared/load';
import { formatCount, formatFigure, formatShort } from '../format';
import { escapeHtml } from './escape';
import { niceAxis } from './ticks';

// Every chart draws in one coordinate box; CSS scales it to the page width (the SVG has a viewBox, no fixed size).
const width = 960;
const height = 300;
const plot = { left: 60, right: 14, top: 14, bottom: 44 };
const plotWidth = width - plot.left - plot.right;
const plotHeight = height - plot.top - plot.bottom;

/** One line of a time chart; `className` picks its colour in the report's CSS, `faint` draws a previous run. */
export interface TimeSeries {
  name: string;
  className: string;
  points: { x: number; y: number }[];
  faint?: boolean;
}

export interface TimeChart {
  title: string;
  /** The y axis' unit, shown as its title: `calls/s`, `ms`. */
  yUnit: string;
  /** The time axis runs from 0 to this many seconds. */
  seconds: number;
  series: TimeSeries[];
  /** What the chart shows, for screen readers (`role="img"` hides the drawing from them). */
  summary: string;
}

const round = (value: number): string => String(Math.round(value * 10) / 10);

function frame(label: string, body: string): string {
  return (
    `<svg viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(label)}" ` +
    `xmlns="http://www.w3.org/2000/svg">${body}</svg>`
  );
}

/** Horizontal grid lines with the y axis' labels, and the axis title along it. */
function yAxis(ticks: number[], max: number, unit: string): string {
  const lines = ticks.map((tick) => {
    const y = round(plot.top + plotHeight - (tick / max) * plotHeight);
    return (
      `<line class="grid" x1="${plot.left}" x2="${width - plot.right}" y1="${y}" y2="${y}"/>` +
      `<text class="tick" x="${plot.left - 6}" y="${y}" text-anchor="end" dominant-baseline="middle">${formatShort(tick)}</text>`
    );
  });
  const middle = plot.top + plotHeight / 2;
  return (
    lines.join('') +
    `<text class="axis-title" transform="translate(14 ${middle}) rotate(-90)" text-anchor="middle">${escapeHtml(unit)}</text>`
  );
}

function xTitle(text: string): string {
  return `<text class="axis-title" x="${plot.left + plotWidth / 2}" y="${height - 6}" text-anchor="middle">${escapeHtml(text)}</text>`;
}

function baseline(): string {
  const y = plot.top + plotHeight;
  return `<line class="axis" x1="${plot.left}" x2="${width - plot.right}" y1="${y}" y2="${y}"/>`;
}

/** Lines over the seconds of a run (and of a previous one, faintly), with a legend under the chart. */
export function timeChart(chart: TimeChart): string {
  const top = Math.max(0, ...chart.series.flatMap((s) => s.points.map((p) => p.y)));
  const y = niceAxis(top);
  // The time axis ends where the run ended (a 15 s run is not drawn to 16 s), with round ticks inside it.
  const seconds = Math.max(1, chart.seconds);
  const x = { max: seconds, ticks: niceAxis(seconds, 8).ticks.filter((tick) => tick <= seconds + 1e-9) };
  const xTicks = x.ticks.map((tick) => {
    const at = round(plot.left + (tick / x.max) * plotWidth);
    return (
      `<line class="axis" x1="${at}" x2="${at}" y1="${plot.top + plotHeight}" y2="${plot.top + plotHeight + 4}"/>` +
      `<text class="tick" x="${at}" y="${plot.top + plotHeight + 16}" text-anchor="middle">${formatShort(tick)}</text>`
    );
  });
  // Previous runs first, so this run's lines are drawn over them.
  const ordered = [...chart.series.filter((s) => s.faint), ...chart.series.filter((s) => !s.faint)];
  const paths = ordered
    .filter((s) => s.points.length > 0)
    .map((s) => {
      const d = s.points
        .map((p, i) => {
          const px = plot.left + (p.x / x.max) * plotWidth;
          const py = plot.top + plotHeight - (p.y / y.max) * plotHeight;
          return `${i === 0 ? 'M' : 'L'}${round(px)} ${round(py)}`;
        })
        .join('');
      return `<path class="line ${s.className}${s.faint ? ' faint' : ''}" d="${d}"/>`;
    });
  const svg = frame(
    chart.summary,
    yAxis(y.ticks, y.max, chart.yUnit) +
      xTicks.join('') +
      baseline() +
      xTitle('seconds since the start') +
      paths.join(''),
  );
  return figure(chart.title, svg, legend(chart.series));
}

function legend(series: TimeSeries[]): string {
  const items = series.map(
    (s) =>
      `<li><span class="swatch ${s.className}${s.faint ? ' faint' : ''}" aria-hidden="true"></span>${escapeHtml(s.name)}</li>`,
  );
  return `<ul class="legend">${items.join('')}</ul>`;
}

function figure(title: string, svg: string, after: string): string {
  return `<figure class="chart"><figcaption>${escapeHtml(title)}</figcaption>${svg}${after}</figure>`;
}

/**
 * The latency histogram as bars of equal width, one per bucket (HDR buckets grow with latency, so a linear axis
 * would squeeze the fast ones), labelled with each bucket's upper bound.
 */
export function histogramChart(title: string, bars: HistogramBar[], summary: string): string {
  const y = niceAxis(Math.max(0, ...bars.map((b) => b.count)));
  const slot = plotWidth / Math.max(1, bars.length);
  const every = Math.max(1, Math.ceil(bars.length / 10));
  const shapes = bars.map((b, i) => {
    // A bar with calls stays visible however few it holds, so a rare slow bucket does not pass for an empty one.
    const h = b.count === 0 ? 0 : Math.max(2, (b.count / y.max) * plotHeight);
    const x = plot.left + i * slot;
    const last = i === bars.length - 1;
    // The last label ends at the chart's edge rather than centring on it, so it is not cut off.
    const label =
      last || (i % every === 0 && bars.length - 1 - i >= every / 2)
        ? `<text class="tick" x="${round(x + slot)}" y="${plot.top + plotHeight + 16}" text-anchor="${last ? 'end' : 'middle'}">${formatShort(b.toMs)}</text>`
        : '';
    return (
      `<rect class="bar" x="${round(x + 1)}" y="${round(plot.top + plotHeight - h)}" width="${round(Math.max(1, slot - 2))}" height="${round(h)}">` +
      `<title>up to ${escapeHtml(formatFigure(b.toMs))} ms: ${formatCount(b.count)} calls</title></rect>${label}`
    );
  });
  const svg = frame(
    summary,
    yAxis(y.ticks, y.max, 'calls') +
      shapes.join('') +
      baseline() +
      xTitle('latency (ms), upper bound of each bar'),
  );
  return figure(title, svg, '');
}
