// The one table `npm run bench` prints at the end: every benchmark adds its goal rows as it finishes (ours, the
// reference measured beside it in the same run, the ratio, the goal and met / missed). A row whose side could not be
// measured here (a peer not built) is added with `ratio: undefined` and shows as "not measured", never as met.
import { formatTable, type BenchRow } from './calls/report';

/** One goal row; `ratio` is undefined when the run could not measure it. */
export type SummaryRow = Omit<BenchRow, 'ratio'> & { ratio: number | undefined; note?: string };

const rows: SummaryRow[] = [];

/** Adds a goal row to the final table. */
export function addSummaryRow(row: SummaryRow): void {
  rows.push(row);
}

/** The final table (empty when no benchmark added a row), with the date and commit the figures belong to. */
export function summaryTable(commit: string): string {
  if (rows.length === 0) return '';
  const measured = rows.filter((row): row is SummaryRow & { ratio: number } => row.ratio !== undefined);
  const table = formatTable(measured, ['Protodesk', 'reference']);
  const missing = rows
    .filter((row) => row.ratio === undefined)
    .map((row) => `${row.label}: not measured${row.note ? ` (${row.note})` : ''}`);
  const notes = measured.filter((row) => row.note).map((row) => `${row.label}: ${row.note}`);
  return [
    `summary (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit}, medians)`,
    table,
    ...missing,
    ...notes,
  ].join('\n');
}
