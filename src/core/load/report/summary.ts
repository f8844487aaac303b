import { latencyFigures, type LoadReport } from '../../../shared/load';
import {
  describePlan,
  errorCount,
  errorRate,
  formatBytes,
  formatCount,
  formatElapsed,
  formatFigure,
  formatMs,
  formatPercent,
  formatShort,
  formatWhen,
  statusesByCount,
  visibleBars,
} from './format';

const bar = '∎';
/** ghz draws about ten bars; HDR buckets are finer, so up to this many rows are kept (merged pairwise beyond). */
const maxRows = 20;

/**
 * Text from outside (a server's error message, the target) made safe for a terminal: control characters — an escape
 * sequence could recolour or rewrite the user's terminal — are shown as `\n`, `\x1b`, ... instead of acting.
 */
function terminalText(text: string): string {
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (char) =>
    char === '\n' ? '\\n' : char === '\t' ? '\\t' : `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`,
  );
}

/** Rows of `label value`, the labels padded to one column. */
function rows(pairs: [string, string][]): string[] {
  const width = Math.max(...pairs.map(([label]) => label.length));
  return pairs.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`);
}

function summaryLines(report: LoadReport): string[] {
  return [
    'Summary:',
    ...rows([
      ['Count:', formatCount(report.count)],
      ['Total:', formatElapsed(report.elapsedMs)],
      ['Slowest:', formatMs(report.latency.max)],
      ['Fastest:', formatMs(report.latency.min)],
      ['Average:', formatMs(report.latency.mean)],
      ['Requests/sec:', formatFigure(report.rps)],
      ...(report.messagesPerSecond === undefined
        ? []
        : [
            ['Messages/sec:', `${formatFigure(report.messagesPerSecond)} (responses received)`] as [
              string,
              string,
            ],
          ]),
      ['Errors:', `${formatCount(errorCount(report))} (${formatPercent(errorRate(report))})`],
      ['Bytes sent:', formatBytes(report.bytesSent)],
      ['Bytes received:', formatBytes(report.bytesReceived)],
      ...(report.dropped > 0
        ? [
            [
              'Dropped:',
              `${formatCount(report.dropped)} scheduled calls not started (too many in flight)`,
            ] as [string, string],
          ]
        : []),
    ]),
  ];
}

/** ghz's "Response time histogram": `  4.12 [980] |∎∎∎∎`, bars scaled so the longest fills the line. */
function histogramLines(report: LoadReport, width: number): string[] {
  const bars = visibleBars(report.histogram, maxRows);
  if (bars.length === 0) return [];
  const labels = bars.map((b) => formatShort(b.toMs));
  const counts = bars.map((b) => `[${formatCount(b.count)}]`);
  const labelWidth = Math.max(...labels.map((l) => l.length));
  const countWidth = Math.max(...counts.map((c) => c.length));
  const room = Math.max(10, width - (2 + labelWidth + 1 + countWidth + 2 + 1));
  const most = Math.max(...bars.map((b) => b.count));
  return [
    'Response time histogram (ms):',
    ...bars.map((b, i) => {
      // Any bar with calls shows at least one mark, so a rare slow bucket is not mistaken for an empty one.
      const length = b.count === 0 ? 0 : Math.max(1, Math.round((b.count / most) * room));
      return `  ${labels[i]!.padStart(labelWidth)} ${counts[i]!.padEnd(countWidth)}  |${bar.repeat(length)}`;
    }),
  ];
}

/** The percentiles (p50 … p99.9): min, mean and max are on the summary's first lines, as ghz prints them. */
const percentiles = latencyFigures.filter(({ key }) => key.startsWith('p'));

/**
 * The percentiles. A fixed-rate run times each call from its scheduled instant (the headline: a wait to be sent
 * counts) and from its actual start (as ghz times its calls): both columns, each named.
 */
function latencyLines(report: LoadReport): string[] {
  const l = report.latency;
  if (report.plan.model.kind !== 'open')
    return ['Latency distribution:', ...rows(percentiles.map(({ key, name }) => [name, formatMs(l[key])]))];
  const scheduled = percentiles.map(({ key }) => formatMs(l[key]));
  const width = Math.max('from schedule'.length, ...scheduled.map((text) => text.length));
  return [
    'Latency distribution:',
    ...rows([
      ['', `${'from schedule'.padStart(width)}  from start`],
      ...percentiles.map(({ key, name }, at): [string, string] => [
        name,
        `${scheduled[at]!.padStart(width)}  ${formatMs(report.latencyFromStart[key])}`,
      ]),
    ]),
    '  from schedule: each call timed from its scheduled instant, a wait to be sent included',
    '  from start: from when it was actually sent (as ghz times its calls)',
  ];
}

function statusLines(report: LoadReport): string[] {
  const statuses = statusesByCount(report.statusCounts);
  if (statuses.length === 0) return [];
  const names = statuses.map(([name]) => `[${terminalText(name)}]`);
  const nameWidth = Math.max(...names.map((n) => n.length));
  const countWidth = Math.max(...statuses.map(([, count]) => formatCount(count).length));
  return [
    'Status code distribution:',
    ...statuses.map(
      ([, count], i) =>
        `  ${names[i]!.padEnd(nameWidth)}  ${formatCount(count).padStart(countWidth)} ${count === 1 ? 'response' : 'responses'}`,
    ),
  ];
}

function errorLines(report: LoadReport): string[] {
  if (report.errors.length === 0) return [];
  const counts = report.errors.map((e) => `[${formatCount(e.count)}]`);
  const countWidth = Math.max(...counts.map((c) => c.length));
  return [
    'Error distribution:',
    ...report.errors.map(
      (e, i) => `  ${counts[i]!.padEnd(countWidth)}  ${terminalText(e.status)}: ${terminalText(e.message)}`,
    ),
  ];
}

function thresholdLines(report: LoadReport): string[] {
  if (report.thresholds.length === 0) return [];
  const failed = report.thresholds.filter((t) => !t.passed).length;
  const width = Math.max(...report.thresholds.map((t) => t.threshold.length));
  return [
    failed === 0 ? 'Thresholds: all passed' : `Thresholds: ${failed} of ${report.thresholds.length} failed`,
    ...report.thresholds.map((t) =>
      t.passed
        ? `  ✔ ${terminalText(t.threshold).padEnd(width)}  passed (${terminalText(t.actual)})`
        : `  ✘ ${terminalText(t.threshold).padEnd(width)}  FAILED: ${terminalText(t.failure ?? t.actual)}`,
    ),
  ];
}

function stoppedLines(report: LoadReport): string[] {
  if (!report.stopped) return [];
  const cancelled = report.statusCounts.CANCELLED ?? 0;
  return [
    `Stopped early: the run was stopped before its plan ended; the ${formatCount(cancelled)} ` +
      `${cancelled === 1 ? 'call' : 'calls'} still in flight count as CANCELLED.`,
  ];
}

/**
 * A finished load test as ghz-like plain text for a terminal or a CI log (no colour codes): what ran, the summary
 * figures, the latency histogram drawn with bars fitted to `width` columns (default 80), percentiles, statuses,
 * errors, thresholds, and whether the run was stopped early.
 */
export function loadReportSummary(report: LoadReport, options: { width?: number } = {}): string {
  const width = options.width ?? 80;
  const sections = [
    [
      `${terminalText(report.method)} → ${terminalText(report.target)}`,
      `${describePlan(report.plan)}; started ${formatWhen(report.startedAt)}`,
    ],
    stoppedLines(report),
    summaryLines(report),
    histogramLines(report, width),
    latencyLines(report),
    statusLines(report),
    errorLines(report),
    thresholdLines(report),
  ].filter((lines) => lines.length > 0);
  return `${sections.map((lines) => lines.join('\n')).join('\n\n')}\n`;
}
