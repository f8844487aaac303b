/** uPlot options of the three Load test charts, in the theme's colours; the previous run's series are faint and dashed. */
import uPlot from 'uplot';
import type { HistogramBar } from '../../../shared/load';
import { faint, type ChartTheme } from './chart-theme';
import { msLabel } from './chart-data';

const HEIGHT = 160;

/** The x axis (seconds) and y axes in the theme. */
function axis(theme: ChartTheme, extra: uPlot.Axis = {}): uPlot.Axis {
  return {
    stroke: theme.text,
    font: theme.font,
    grid: { stroke: theme.grid, width: 1 },
    ticks: { stroke: theme.grid, width: 1 },
    ...extra,
  };
}

function line(label: string, stroke: string, extra: uPlot.Series = {}): uPlot.Series {
  return { label, stroke, width: 1.5, ...extra };
}

/** The previous run's version of a series: same colour, faint and dashed. */
function previousLine(label: string, stroke: string, extra: uPlot.Series = {}): uPlot.Series {
  return line(`${label} (previous)`, faint(stroke), { dash: [4, 4], ...extra });
}

/** Whole seconds only (a run's timeline has one point per second). */
const secondSteps = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600];

const secondsAxis = (theme: ChartTheme): uPlot.Axis =>
  axis(theme, { incrs: secondSteps, values: (_, ticks) => ticks.map((t) => `${t}s`) });

const secondSeries: uPlot.Series = {
  label: 'Second',
  value: (_, v) => (v === null ? '–' : `${v}s`),
};

/** Rates and latencies are read against zero. */
const fromZero: uPlot.Scale = { range: (_, __, max) => [0, max > 0 ? max * 1.1 : 1] };

const base = (): Pick<uPlot.Options, 'height' | 'scales' | 'cursor' | 'legend'> => ({
  height: HEIGHT,
  scales: { x: { time: false }, y: fromZero },
  cursor: { drag: { x: false, y: false } },
  legend: { live: true },
});

/** Calls/s (left axis) and error % (right axis) per second. */
export function rateOptions(theme: ChartTheme, withPrevious: boolean): Omit<uPlot.Options, 'width'> {
  const percent = {
    scale: '%',
    value: (_: uPlot, v: number | null) => (v === null ? '–' : `${v.toFixed(1)}%`),
  };
  const calls = { value: (_: uPlot, v: number | null) => (v === null ? '–' : v.toLocaleString('en-US')) };
  return {
    ...base(),
    scales: { x: { time: false }, y: fromZero, '%': { range: (_, __, max) => [0, Math.max(5, max)] } },
    axes: [
      secondsAxis(theme),
      axis(theme, { size: 64 }),
      axis(theme, {
        scale: '%',
        side: 1,
        grid: { show: false },
        values: (_, ticks) => ticks.map((t) => `${t}%`),
      }),
    ],
    series: [
      secondSeries,
      line('Calls/s', theme.calls, calls),
      line('Errors', theme.errors, percent),
      ...(withPrevious
        ? [previousLine('Calls/s', theme.calls, calls), previousLine('Errors', theme.errors, percent)]
        : []),
    ],
  };
}

/** p50, p90 and p99 per second, in ms. */
export function latencyOptions(theme: ChartTheme, withPrevious: boolean): Omit<uPlot.Options, 'width'> {
  const ms = { value: (_: uPlot, v: number | null) => (v === null ? '–' : `${msLabel(v)} ms`) };
  const series = (make: typeof line) => [
    make('p50', theme.p50, ms),
    make('p90', theme.p90, ms),
    make('p99', theme.p99, ms),
  ];
  return {
    ...base(),
    axes: [
      secondsAxis(theme),
      axis(theme, { size: 64, values: (_, ticks) => ticks.map((t) => `${msLabel(t)} ms`) }),
    ],
    series: [secondSeries, ...series(line), ...(withPrevious ? series(previousLine) : [])],
  };
}

/** Calls per latency bar; the x axis names each bar's upper bound in ms. */
export function histogramOptions(
  theme: ChartTheme,
  bars: () => HistogramBar[],
): Omit<uPlot.Options, 'width'> {
  const upTo = (index: number): string => {
    const bar = bars()[Math.round(index)];
    return bar ? `≤ ${msLabel(bar.toMs)} ms` : '';
  };
  return {
    ...base(),
    scales: { x: { time: false, range: (_, min, max) => [min - 0.5, max + 0.5] }, y: fromZero },
    axes: [
      axis(theme, {
        grid: { show: false },
        values: (_, ticks) => ticks.map((t) => (Number.isInteger(t) ? upTo(t).replace('≤ ', '') : '')),
      }),
      axis(theme, { size: 64 }),
    ],
    series: [
      { label: 'Latency', value: (_, v) => (v === null ? '–' : upTo(v)) },
      {
        label: 'Calls',
        stroke: theme.bars,
        fill: faint(theme.bars, 0.6),
        paths: uPlot.paths.bars?.({ size: [0.8, 40] }),
        points: { show: false },
      },
    ],
  };
}
