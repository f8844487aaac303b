/** How a run's per-second timeline is charted, by the Load test view and the HTML report alike. */
import type { LoadSnapshot, TimelinePoint } from './load';

/**
 * Calls per second of one timeline point. Every second is whole except the run's last one, which covers only what
 * was left of the run (30.2 s: the 31st second is 0.2 s long), so its calls are divided by that part of a second.
 */
export function pointRate(point: TimelinePoint, elapsedMs: number): number {
  const covered = Math.min(1, elapsedMs / 1000 - (point.second - 1));
  return covered > 0 ? point.calls / covered : point.calls;
}

/**
 * The seconds worth charting: a last second the run covered less than half of (the one still running, or a run's
 * last moments) would draw a cliff at the edge, so it is left out, unless it is the only one.
 */
export function chartedSeconds(run: Pick<LoadSnapshot, 'timeline' | 'elapsedMs'>): TimelinePoint[] {
  const last = run.timeline[run.timeline.length - 1];
  const partial = last !== undefined && run.elapsedMs / 1000 - (last.second - 1) < 0.5;
  return partial && run.timeline.length > 1 ? run.timeline.slice(0, -1) : run.timeline;
}
