/** One compared figure: both sides' medians, their ratio (engine ÷ bare) and its goal. */
export interface BenchRow {
  label: string;
  engine: string;
  bare: string;
  ratio: number;
  goal: { atMost: number } | { atLeast: number };
}

const met = (row: BenchRow): boolean =>
  'atMost' in row.goal ? row.ratio <= row.goal.atMost : row.ratio >= row.goal.atLeast;

/** Formats a number with thousands separators and `digits` decimals. */
export const figure = (value: number, digits = 0): string =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** The comparison table, one line per row, with the goal and whether it was met; `columns` names the two sides. */
export function formatTable(rows: BenchRow[], columns = ['engine', 'bare grpc-js']): string {
  const width = Math.max(...rows.map((row) => row.label.length)) + 2;
  const header = `${''.padEnd(width)}${columns[0]!.padEnd(16)}${columns[1]!.padEnd(16)}${'ratio'.padEnd(8)}goal`;
  const lines = rows.map((row) => {
    const goal =
      'atMost' in row.goal ? `<= ${row.goal.atMost.toFixed(2)}` : `>= ${row.goal.atLeast.toFixed(2)}`;
    const verdict = met(row) ? 'met' : 'MISSED';
    return `${row.label.padEnd(width)}${row.engine.padEnd(16)}${row.bare.padEnd(16)}${row.ratio.toFixed(2).padEnd(8)}${goal.padEnd(10)}${verdict}`;
  });
  return [header, ...lines].join('\n');
}
