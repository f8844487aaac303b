/** What the Load test charts draw, as uPlot's aligned columns, from a run's snapshot (and the previous run's, faint). */
import type uPlot from 'uplot';
import type { HistogramBar, LoadSnapshot, TimelinePoint } from '../../../shared/load';
import { chartedSeconds, pointRate } from '../../../shared/load-timeline';

/** Seconds 1..n covering both timelines; a run shorter than the other has gaps (null) at the end. */
function seconds(current: TimelinePoint[], previous: TimelinePoint[] | undefined): number[] {
  const last = Math.max(lastSecond(current), lastSecond(previous ?? []), 1);
  return Array.from({ length: last }, (_, index) => index + 1);
}

function lastSecond(points: TimelinePoint[]): number {
  return points.length === 0 ? 0 : (points[points.length - 1]?.second ?? 0);
}

/** Calls per second of each point of `snapshot`, whole numbers. */
function callsPerSecond(snapshot: LoadSnapshot): (point: TimelinePoint) => number {
  return (point) => Math.round(pointRate(point, snapshot.elapsedMs));
}

/** One value per second of `xs` from a timeline (null where the run has no such second). */
function column(
  xs: number[],
  points: TimelinePoint[],
  value: (point: TimelinePoint) => number,
): (number | null)[] {
  const bySecond = new Map(points.map((point) => [point.second, point]));
  return xs.map((second) => {
    const point = bySecond.get(second);
    return point ? value(point) : null;
  });
}

const errorPercent = (point: TimelinePoint): number =>
  point.calls === 0 ? 0 : (point.errors / point.calls) * 100;

/** Calls/s and error % per second: [x, calls, errors%, (previous calls, previous errors%)]. */
export function rateData(snapshot: LoadSnapshot | undefined, previous?: LoadSnapshot): uPlot.AlignedData {
  const current = snapshot ? chartedSeconds(snapshot) : [];
  const before = previous ? chartedSeconds(previous) : undefined;
  const xs = seconds(current, before);
  const of = (run: LoadSnapshot, points: TimelinePoint[]) => [
    column(xs, points, callsPerSecond(run)),
    column(xs, points, errorPercent),
  ];
  return [
    xs,
    ...(snapshot ? of(snapshot, current) : [xs.map(() => null), xs.map(() => null)]),
    ...(previous && before ? of(previous, before) : []),
  ] as uPlot.AlignedData;
}

/** p50, p90, p99 per second: [x, p50, p90, p99, (previous p50, p90, p99)]. */
export function latencyData(snapshot: LoadSnapshot | undefined, previous?: LoadSnapshot): uPlot.AlignedData {
  const current = snapshot ? chartedSeconds(snapshot) : [];
  const before = previous ? chartedSeconds(previous) : undefined;
  const xs = seconds(current, before);
  const of = (points: TimelinePoint[]) => [
    column(xs, points, (p) => p.p50),
    column(xs, points, (p) => p.p90),
    column(xs, points, (p) => p.p99),
  ];
  return [xs, ...of(current), ...(before ? of(before) : [])] as uPlot.AlignedData;
}

/** The latency histogram's bars by index (bars are not evenly wide in ms): [index, count]. */
export function histogramData(bars: HistogramBar[]): uPlot.AlignedData {
  return [bars.map((_, index) => index), bars.map((bar) => bar.count)];
}

/** `0.4`, `12`, `1,250`: a latency in ms for an axis or a label. */
export function msLabel(ms: number): string {
  if (ms === 0) return '0';
  if (ms < 1) return ms.toFixed(2);
  if (ms < 10) return ms.toFixed(1);
  return Math.round(ms).toLocaleString('en-US');
}
