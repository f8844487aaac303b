import { editDistance } from '../../shared/edit-distance';
import {
  latencyFigures,
  latencyName,
  type LatencySummary,
  type LoadSnapshot,
  type ThresholdResult,
} from '../../shared/load';

/** A pass/fail rule on a load test's result, read from text such as `p99 < 50ms`, `errors < 1%`, `rps > 300`. */
export interface Threshold {
  /** The rule as written (trimmed). */
  text: string;
  metric: ThresholdMetric;
  op: ThresholdOp;
  /** The limit in `unit`: 50 for `50ms`, 1 for `1%`, 300 for `300/s`. */
  limit: number;
  unit: ThresholdUnit;
}

/** A latency from the summary, the error rate (`errors < 1%`), the error count (`errors < 5`), calls/s or calls. */
export type ThresholdMetric = keyof LatencySummary | 'errorRate' | 'errors' | 'rps' | 'count';
export type ThresholdOp = '<' | '<=' | '>' | '>=';
export type ThresholdUnit = 'ms' | 's' | 'us' | 'µs' | '%' | '/s' | '';

/** A threshold text that is not a rule: the message says what is wrong, the hint shows the valid forms. */
export class ThresholdSyntaxError extends Error {
  /** The forms a threshold may take. */
  readonly hint = validForms;
  constructor(text: string, problem: string) {
    super(`Cannot read the threshold "${text}": ${problem}.`);
    this.name = 'ThresholdSyntaxError';
  }
}

const validForms = 'Thresholds look like: p99 < 50ms, errors < 1%, rps > 300.';

/** The latency figures by the names a threshold may give them: as reports write them, and `p999`, `avg`. */
const latencyNames = new Map<string, keyof LatencySummary>([
  ...latencyFigures.map(({ key, name }) => [name, key] as const),
  ['p999', 'p999'],
  ['avg', 'mean'],
]);
const metricList = 'p50, p75, p90, p95, p99, p99.9, min, max, mean, rps, errors or count';
const rule = /^([a-zA-Z][a-zA-Z0-9.]*)\s*(<=|>=|==|=<|=>|<|>|=)?\s*(.*)$/;
const limitPattern = /^(\d+(?:\.\d+)?|\.\d+)\s*(ms|s|us|µs|μs|%|\/s)?$/i;

/** Reads `--assert` / the view's threshold texts; throws ThresholdSyntaxError for the first one that is not a rule. */
export function parseThresholds(texts: string[]): Threshold[] {
  return texts.map(parseThreshold);
}

function parseThreshold(written: string): Threshold {
  const text = written.trim();
  const fail = (problem: string) => new ThresholdSyntaxError(text, problem);
  const parts = rule.exec(text);
  if (parts === null) throw fail('it should start with what to check (p99, errors, rps, ...)');
  const [, name = '', op, value = ''] = parts;
  const metricName = name.toLowerCase();
  if (!latencyNames.has(metricName) && !['errors', 'rps', 'count'].includes(metricName)) {
    throw fail(
      `"${name}" is not something a load test measures${nearestMetric(metricName)}; use ${metricList}`,
    );
  }
  if (op === undefined) throw fail(`it needs a comparison after ${name}: <, <=, > or >=`);
  if (op === '=' || op === '==') throw fail(`a limit is checked with <, <=, > or >=, not ${op}`);
  if (op === '=<' || op === '=>') throw fail(`write ${op[1]}= rather than ${op}`);
  const limit = limitPattern.exec(value);
  if (limit === null) {
    throw fail(value === '' ? `it needs a limit after ${op}` : `"${value}" is not a number with a unit`);
  }
  const [, amount = '', writtenUnit = ''] = limit;
  const unit = normalUnit(writtenUnit);
  const threshold = { text, op: op as ThresholdOp, limit: Number(amount) };
  const latency = latencyNames.get(metricName);
  if (latency !== undefined) {
    if (unit === '') throw fail('a latency needs a unit (50ms, 1.5s, 800us)');
    if (!isTimeUnit(unit)) throw fail(`${name} is a latency: give it in ms, s or us (50ms, 1.5s, 800us)`);
    return { ...threshold, metric: latency, unit };
  }
  if (metricName === 'errors') {
    if (unit !== '%' && unit !== '') {
      throw fail('errors are a share of the calls (errors < 1%) or a number of calls (errors < 5)');
    }
    return { ...threshold, metric: unit === '%' ? 'errorRate' : 'errors', unit };
  }
  if (metricName === 'rps') {
    if (unit !== '/s' && unit !== '') throw fail('rps is calls per second (rps > 300 or rps > 300/s)');
    return { ...threshold, metric: 'rps', unit: '/s' };
  }
  if (unit !== '') throw fail('count is a number of calls (count >= 1000)');
  return { ...threshold, metric: 'count', unit };
}

function normalUnit(written: string): ThresholdUnit {
  const lower = written.toLowerCase();
  return (lower === 'μs' ? 'µs' : lower) as ThresholdUnit;
}

function isTimeUnit(unit: ThresholdUnit): unit is 'ms' | 's' | 'us' | 'µs' {
  return unit === 'ms' || unit === 's' || unit === 'us' || unit === 'µs';
}

/** ` (did you mean rps?)` when a word is two typos or fewer from a metric's name (percentiles aside: p98 is no typo). */
function nearestMetric(name: string): string {
  if (/^p\d/.test(name)) return '';
  const names = ['min', 'max', 'mean', 'avg', 'rps', 'errors', 'count'];
  const [nearest] = names
    .map((candidate) => ({ candidate, distance: editDistance(name, candidate) }))
    .filter(({ distance }) => distance <= 2)
    .sort((a, b) => a.distance - b.distance);
  return nearest === undefined ? '' : ` (did you mean ${nearest.candidate}?)`;
}

/** Checks each threshold against a run's result: the measured value in the threshold's unit, and by how much it failed. */
export function checkThresholds(thresholds: Threshold[], snapshot: LoadSnapshot): ThresholdResult[] {
  return thresholds.map((threshold) => checkThreshold(threshold, snapshot));
}

function checkThreshold(threshold: Threshold, snapshot: LoadSnapshot): ThresholdResult {
  const { metric, op, limit } = threshold;
  const label = metricLabel(metric);
  const needsCalls = metric !== 'rps' && metric !== 'count' && metric !== 'errors';
  if (needsCalls && snapshot.count === 0) {
    return {
      threshold: threshold.text,
      passed: false,
      actual: 'no calls',
      failure: `no call ended, so there is no ${label} to check`,
    };
  }
  const actual = measured(threshold, snapshot);
  const passed =
    op === '<'
      ? actual < limit
      : op === '<='
        ? actual <= limit
        : op === '>'
          ? actual > limit
          : actual >= limit;
  const shown = formatValue(threshold, actual);
  if (passed) return { threshold: threshold.text, passed, actual: shown };
  const verb = metric === 'errors' || metric === 'errorRate' ? 'were' : 'was';
  const limitText = `${limit}${threshold.unit}`;
  const maximum = op === '<' || op === '<=';
  const side = maximum ? 'over the limit' : 'under the minimum';
  const by =
    actual === limit
      ? `which is not ${maximum ? 'below' : 'above'} the limit of ${limitText}`
      : `${formatDifference(threshold, Math.abs(actual - limit))} ${side} of ${limitText}`;
  return { threshold: threshold.text, passed, actual: shown, failure: `${label} ${verb} ${shown}, ${by}` };
}

/** The value a threshold checks, in the threshold's unit. */
function measured(threshold: Threshold, snapshot: LoadSnapshot): number {
  const errors = snapshot.count - (snapshot.statusCounts.OK ?? 0);
  switch (threshold.metric) {
    case 'errorRate':
      return snapshot.count === 0 ? 0 : (errors / snapshot.count) * 100;
    case 'errors':
      return errors;
    case 'rps':
      return snapshot.rps;
    case 'count':
      return snapshot.count;
    default: {
      const ms = snapshot.latency[threshold.metric];
      return threshold.unit === 's' ? ms / 1000 : threshold.unit === 'ms' ? ms : ms * 1000;
    }
  }
}

function metricLabel(metric: ThresholdMetric): string {
  if (metric === 'errorRate') return 'errors';
  return metric === 'errors' || metric === 'rps' || metric === 'count' ? metric : latencyName(metric);
}

function formatValue(threshold: Threshold, value: number): string {
  return `${formatNumber(threshold, value)}${threshold.unit}`;
}

function formatDifference(threshold: Threshold, difference: number): string {
  return threshold.unit === '%' ? `${difference.toFixed(1)} points` : formatValue(threshold, difference);
}

/** Latencies to 3 significant digits (61.2ms), percentages to 0.1, rates and counts whole (small rates to 0.1). */
function formatNumber(threshold: Threshold, value: number): string {
  switch (threshold.unit) {
    case '%':
      return value.toFixed(1);
    case '/s':
      return value >= 10 ? value.toFixed(0) : value.toFixed(1);
    case '':
      return value.toFixed(0);
    default:
      return value >= 1000 ? value.toFixed(0) : value.toPrecision(3);
  }
}
