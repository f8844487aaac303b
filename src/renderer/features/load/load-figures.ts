/** The key figures of a run as the view writes them, and how two runs differ. */
import { latencyFigures, latencyName, type LatencySummary, type LoadSnapshot } from '../../../shared/load';
import { count, humanMs } from '../../model/format-units';
import { durationText } from './load-setup';

/** Calls not ending OK, as a percentage of the calls ended (0 before any ended). */
export function errorPercent(snapshot: LoadSnapshot): number {
  if (snapshot.count === 0) return 0;
  return ((snapshot.count - (snapshot.statusCounts.OK ?? 0)) / snapshot.count) * 100;
}

/** `0%`, `0.4%`, `16%`. */
export function percentText(value: number): string {
  if (value === 0) return '0%';
  return `${value < 10 ? value.toFixed(1) : Math.round(value)}%`;
}

/** `1,234/s`, `12.5/s`. */
export function rateText(rps: number): string {
  return rps < 100 ? `${rps.toFixed(1)}/s` : `${count(Math.round(rps))}/s`;
}

/** One figure: its name, how it reads, its number (for differences), and whether more is better. */
export interface Figure {
  name: string;
  text: string;
  value: number;
  /** Higher is better (calls/s), lower is better (latency, errors), or neither (elapsed, calls). */
  better?: 'higher' | 'lower';
  unit: 'ms' | '%' | '/s' | 'calls' | 'time';
}

/** The percentiles shown while a run goes. */
const keyPercentiles: (keyof LatencySummary)[] = ['p50', 'p90', 'p99', 'max'];

/** The figures shown while a run goes: elapsed, calls, calls/s (and messages/s for a stream), errors, p50, p90, p99, max. */
export function keyFigures(snapshot: LoadSnapshot): Figure[] {
  const errors = errorPercent(snapshot);
  return [
    { name: 'Elapsed', text: durationText(snapshot.elapsedMs), value: snapshot.elapsedMs, unit: 'time' },
    { name: 'Calls', text: count(snapshot.count), value: snapshot.count, unit: 'calls' },
    { name: 'Calls/s', text: rateText(snapshot.rps), value: snapshot.rps, better: 'higher', unit: '/s' },
    ...messageFigure(snapshot),
    { name: 'Errors', text: percentText(errors), value: errors, better: 'lower', unit: '%' },
    ...keyPercentiles.map((key) => latencyFigure(latencyName(key), snapshot.latency[key])),
  ];
}

/** Response messages per second, for a method that answers with a stream. */
function messageFigure({ messagesPerSecond }: LoadSnapshot): Figure[] {
  if (messagesPerSecond === undefined) return [];
  return [
    {
      name: 'Messages/s',
      text: rateText(messagesPerSecond),
      value: messagesPerSecond,
      better: 'higher',
      unit: '/s',
    },
  ];
}

function latencyFigure(name: string, ms: number): Figure {
  return { name, text: humanMs(ms), value: ms, better: 'lower', unit: 'ms' };
}

/** Every figure Compare lines up: elapsed, calls, calls/s, errors, then every percentile. */
export function compareFigures(snapshot: LoadSnapshot): Figure[] {
  return [
    ...keyFigures(snapshot).filter((figure) => figure.unit !== 'ms'),
    ...latencyFigures.map(({ key, name }) => latencyFigure(name, snapshot.latency[key])),
  ];
}

/** How `now` differs from `before`: the text (`+1.2 ms (+8%)`) and whether that is better, worse or the same. */
export function difference(
  before: Figure,
  now: Figure,
): { text: string; verdict: 'better' | 'worse' | 'same' } {
  const delta = now.value - before.value;
  const relative = before.value === 0 ? undefined : (delta / before.value) * 100;
  if (Math.abs(delta) < 1e-9 || (relative !== undefined && Math.abs(relative) < 0.5))
    return { text: '±0', verdict: 'same' };
  const sign = delta > 0 ? '+' : '−';
  const magnitude = Math.abs(delta);
  const amount =
    now.unit === 'ms' || (now.unit === 'time' && magnitude < 1000)
      ? deltaMs(magnitude)
      : now.unit === '%'
        ? `${magnitude.toFixed(1)} points`
        : now.unit === '/s'
          ? rateText(magnitude)
          : now.unit === 'time'
            ? durationText(magnitude)
            : count(Math.round(magnitude));
  const share =
    relative === undefined || now.unit === '%' ? '' : ` (${sign}${Math.round(Math.abs(relative))}%)`;
  const verdict =
    now.better === undefined ? 'same' : delta > 0 === (now.better === 'higher') ? 'better' : 'worse';
  return { text: `${sign}${amount}${share}`, verdict };
}

/** A difference in ms: to 0.01 below 1 ms (`0.04 ms`), else as the figures are written. */
function deltaMs(ms: number): string {
  return ms < 1 ? `${ms.toFixed(2)} ms` : humanMs(ms);
}
