import { latencyFigures, type LoadReport } from '../../../../shared/load';
import {
  errorRate,
  formatCount,
  formatElapsed,
  formatFigure,
  formatMs,
  formatPercent,
  statusesByCount,
} from '../format';
import { escapeHtml } from './escape';

/** One figure of a run; `better` says which way a change is an improvement (none: neither, e.g. the count). */
interface Figure {
  label: string;
  value: (report: LoadReport) => number;
  format: (value: number) => string;
  better?: 'higher' | 'lower';
  /** A share (the error rate): a change is given in percentage points, not relative. */
  share?: boolean;
}

const keyFigures: Figure[] = [
  { label: 'Calls', value: (r) => r.count, format: formatCount },
  { label: 'Calls/s', value: (r) => r.rps, format: formatFigure, better: 'higher' },
  { label: 'Error rate', value: errorRate, format: formatPercent, better: 'lower', share: true },
  { label: 'p50', value: (r) => r.latency.p50, format: formatMs, better: 'lower' },
  { label: 'p90', value: (r) => r.latency.p90, format: formatMs, better: 'lower' },
  { label: 'p99', value: (r) => r.latency.p99, format: formatMs, better: 'lower' },
  { label: 'Duration', value: (r) => r.elapsedMs, format: formatElapsed },
];

/**
 * How this run differs from the previous one: `+1.20 ms (+12.0 %)` (without the relative part when `relative` is
 * false, for the narrow cards), coloured and worded when one way is better.
 */
function difference(figure: Figure, now: number, before: number, relative = true): string {
  const change = now - before;
  if (change === 0) return '<span>no change</span>';
  const sign = change > 0 ? '+' : '−';
  let text: string;
  if (figure.share) text = `${sign}${(Math.abs(change) * 100).toFixed(1)} points`;
  else {
    text = `${sign}${figure.format(Math.abs(change))}`;
    if (relative && before !== 0) text += ` (${sign}${(Math.abs(change / before) * 100).toFixed(1)} %)`;
  }
  const improved = figure.better === undefined ? undefined : change > 0 === (figure.better === 'higher');
  const verdict = improved === undefined ? '' : improved ? ' better' : ' worse';
  return `<span class="${verdict.trim()}">${escapeHtml(text)}${verdict ? ` <small>(${verdict.trim()})</small>` : ''}</span>`;
}

/** The cards at the top: count, rate, error rate, p50/p90/p99, duration; each with the previous run's when given. */
export function figuresSection(report: LoadReport, previous?: LoadReport): string {
  const items = keyFigures.map((figure) => {
    const value = figure.value(report);
    const before = previous
      ? `<div class="previous">previous ${escapeHtml(figure.format(figure.value(previous)))}</div>` +
        `<div class="previous">${difference(figure, value, figure.value(previous), false)}</div>`
      : '';
    return `<li><div class="label">${figure.label}</div><div class="value">${escapeHtml(figure.format(value))}</div>${before}</li>`;
  });
  return `<ul class="figures" aria-label="Key figures">${items.join('')}</ul>`;
}

/** Each threshold with ✔ or ✘, the measured value, and for a failure by how much. */
export function thresholdsSection(report: LoadReport): string {
  if (report.thresholds.length === 0) return '';
  const failed = report.thresholds.filter((t) => !t.passed).length;
  const verdict =
    failed === 0
      ? '<span class="badge pass">all passed</span>'
      : `<span class="badge fail">${failed} of ${report.thresholds.length} failed</span>`;
  const items = report.thresholds.map((t) =>
    t.passed
      ? `<li><span class="pass">✔ passed</span> <code>${escapeHtml(t.threshold)}</code>: ${escapeHtml(t.actual)}</li>`
      : `<li><span class="fail">✘ failed</span> <code>${escapeHtml(t.threshold)}</code>: ${escapeHtml(t.failure ?? t.actual)}</li>`,
  );
  return `<h2>Thresholds ${verdict}</h2><ul class="thresholds">${items.join('')}</ul>`;
}

/**
 * A table under its heading; `classes` gives each column's cell class (`num`: right-aligned figures). A table of
 * `figures` is as wide as its content (a label far from its value is hard to follow) and its first column names each
 * row (a row header for screen readers); a `list` fills the page.
 */
function table(
  kind: 'figures' | 'list',
  caption: string,
  head: string[],
  classes: string[],
  rows: string[][],
): string {
  const attr = (i: number): string => (classes[i] ? ` class="${classes[i]}"` : '');
  const th = head.map((h, i) => `<th scope="col"${attr(i)}>${h}</th>`).join('');
  const cell = (text: string, i: number): string =>
    i === 0 && kind === 'figures' ? `<th scope="row">${text}</th>` : `<td${attr(i)}>${text}</td>`;
  const body = rows.map((row) => `<tr>${row.map(cell).join('')}</tr>`).join('');
  const wide = kind === 'list' ? ' class="wide"' : '';
  return `<h2>${caption}</h2><table${wide}><thead><tr>${th}</tr></thead><tbody>${body}</tbody></table>`;
}

/** Calls by status, most frequent first, with their share (and the previous run's counts when comparing). */
export function statusSection(report: LoadReport, previous?: LoadReport): string {
  const names = statusesByCount(report.statusCounts).map(([name]) => name);
  for (const [name] of statusesByCount(previous?.statusCounts ?? {}))
    if (!names.includes(name)) names.push(name);
  const share = (r: LoadReport, name: string): string =>
    r.count === 0 ? '' : ` (${formatPercent((r.statusCounts[name] ?? 0) / r.count)})`;
  const rows = names.map((name) => [
    escapeHtml(name),
    formatCount(report.statusCounts[name] ?? 0) + share(report, name),
    ...(previous ? [formatCount(previous.statusCounts[name] ?? 0) + share(previous, name)] : []),
  ]);
  if (rows.length === 0)
    return table('figures', 'Status codes', ['status', 'calls'], ['', 'num'], [['none', '0']]);
  return previous
    ? table('figures', 'Status codes', ['status', 'this run', 'previous run'], ['', 'num', 'num'], rows)
    : table('figures', 'Status codes', ['status', 'calls'], ['', 'num'], rows);
}

/** The latency percentiles; side by side with the previous run's, and the difference, when comparing. */
export function latencySection(report: LoadReport, previous?: LoadReport): string {
  const figure: Figure = { label: '', value: () => 0, format: formatMs, better: 'lower' };
  const rows = latencyFigures.map(({ key, name: label }) => {
    const now = report.latency[key];
    return previous
      ? [
          label,
          formatMs(now),
          formatMs(previous.latency[key]),
          difference(figure, now, previous.latency[key]),
        ]
      : [label, formatMs(now)];
  });
  return previous
    ? table(
        'figures',
        'Latency',
        ['latency', 'this run', 'previous run', 'difference'],
        ['', 'num', 'num', 'num'],
        rows,
      )
    : table('figures', 'Latency', ['latency', 'all calls'], ['', 'num'], rows);
}

/** The distinct failures as received from the servers, most frequent first. */
export function errorsSection(report: LoadReport): string {
  if (report.errors.length === 0) return '<h2>Errors</h2><p>No call failed.</p>';
  const rows = report.errors.map((e) => [formatCount(e.count), escapeHtml(e.status), escapeHtml(e.message)]);
  return table('list', 'Errors', ['calls', 'status', 'message'], ['num', '', 'message'], rows);
}
