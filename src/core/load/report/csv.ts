import type { LoadReport } from '../../../shared/load';
import { pointRate } from '../../../shared/load-timeline';

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, with quotes doubled. */
function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record; RFC 4180 ends records with CRLF. */
export function csvRecord(values: (string | number)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** Milliseconds to the microsecond (the histogram's resolution), without trailing noise: `4.125`, `12`. */
const ms = (value: number): number => Math.round(value * 1000) / 1000;

/**
 * A load test as one table for a spreadsheet: the per-second timeline (second, calls, errors, rps = calls/s, p50, p90,
 * p99 in ms) under a header row. The timeline rather than one row per call: rate and percentiles over time are what
 * Gatling's and ghz's users chart, and it stays 600 rows for a 10-minute run however many calls it made. The totals
 * are in the JSON and HTML reports.
 */
export function loadReportCsv(report: LoadReport): string {
  const header = csvRecord(['second', 'calls', 'errors', 'rps', 'p50_ms', 'p90_ms', 'p99_ms']);
  const records = report.timeline.map((point) =>
    csvRecord([
      point.second,
      point.calls,
      point.errors,
      Math.round(pointRate(point, report.elapsedMs) * 10) / 10,
      ms(point.p50),
      ms(point.p90),
      ms(point.p99),
    ]),
  );
  return header + records.join('');
}
