/** Capture rows as typed: each row becomes a Capture once it is complete and valid. */
import { captureSchema } from '../../../shared/api/workspace-validation';
import type { Capture } from '../../../shared/workspace';

/** One row of the captures editor: `target` is the JSON path (body) or the header/trailer name. */
export interface CaptureRow {
  variable: string;
  from: Capture['from'];
  target: string;
}

/** A row for an empty "Add capture". */
export const emptyCaptureRow: CaptureRow = { variable: '', from: 'body', target: '' };

/** The rows that show the given captures. */
export function captureRows(captures: Capture[]): CaptureRow[] {
  return captures.map((capture) => ({
    variable: capture.variable,
    from: capture.from,
    target: capture.from === 'body' ? capture.path : capture.name,
  }));
}

/** The capture a row stands for (not yet checked). */
function captureOf(row: CaptureRow): Capture {
  const variable = row.variable.trim();
  const target = row.target.trim();
  return row.from === 'body'
    ? { variable, from: 'body', path: target }
    : { variable, from: row.from, name: target };
}

/** What is wrong with a row, for the person typing it; null when it is a valid capture. */
export function captureRowProblem(row: CaptureRow): string | null {
  if (row.variable.trim() === '') return 'Name the variable.';
  if (row.target.trim() === '')
    return row.from === 'body' ? 'Enter a JSON path, e.g. $.id.' : 'Enter the name.';
  const checked = captureSchema.safeParse(captureOf(row));
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'Invalid capture.');
}

/** The captures of the rows when every row is valid; rows still being typed keep the last valid captures. */
export function parseCaptureRows(rows: CaptureRow[]): { ok: true; value: Capture[] } | { ok: false } {
  return rows.every((row) => captureRowProblem(row) === null)
    ? { ok: true, value: rows.map(captureOf) }
    : { ok: false };
}
