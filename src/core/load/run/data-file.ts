import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { fileType } from '../../files/file-type';

/** Rows a data file may hold, and its size: every row is resolved and encoded before the run (and held per worker). */
export const maxDataRows = 100_000;
export const maxDataFileBytes = 64 * 1024 * 1024;

/** One row of a data file: variable name → value. */
export type DataRow = ReadonlyMap<string, string>;

/** A data file that cannot be used; the message names the file (and line) and what is wrong. */
export class DataFileError extends Error {
  constructor(
    message: string,
    /** What to do about it. */
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'DataFileError';
  }
}

const formats =
  'JSON Lines (.jsonl, .ndjson: one object per line) or CSV (.csv: a header row of variable names)';

/** Reads a JSON Lines or CSV data file (by extension) into rows; throws DataFileError. */
export async function readDataFile(path: string): Promise<DataRow[]> {
  const format = formatOf(path);
  const text = await readText(path);
  const rows = format === 'csv' ? csvRows(path, text) : jsonLinesRows(path, text);
  if (rows.length === 0)
    throw new DataFileError(`The data file ${path} has no rows.`, `Write at least one row: ${formats}.`);
  return rows;
}

function formatOf(path: string): 'csv' | 'jsonl' {
  const extension = extname(path).toLowerCase();
  if (extension === '.csv') return 'csv';
  if (extension === '.jsonl' || extension === '.ndjson') return 'jsonl';
  throw new DataFileError(
    `The data file ${path} is neither JSON Lines nor CSV (its name ends in "${extension}").`,
    `Use ${formats}.`,
  );
}

async function readText(path: string): Promise<string> {
  try {
    const stats = await stat(path);
    if (!stats.isFile())
      throw new DataFileError(`The data file ${path} is ${fileType(stats)}, not a file.`, `Use ${formats}.`);
    if (stats.size > maxDataFileBytes) throw tooLarge(path, `${Math.ceil(stats.size / 1024 / 1024)} MiB`);
    return await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof DataFileError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'there is no such file' : (error as Error).message;
    throw new DataFileError(`Cannot read the data file ${path}: ${why}.`, 'Check the path.');
  }
}

function tooLarge(path: string, size: string): DataFileError {
  return new DataFileError(
    `The data file ${path} is too large (${size}): a data file may hold at most ${maxDataRows.toLocaleString('en-US')} rows and 64 MiB.`,
    'Rows are used round-robin: a smaller sample of them gives the same mix.',
  );
}

function checkCount(path: string, count: number): void {
  if (count > maxDataRows) throw tooLarge(path, `more than ${maxDataRows.toLocaleString('en-US')} rows`);
}

/** One JSON object per line; blank lines are skipped. Values are strings, numbers or booleans. */
function jsonLinesRows(path: string, text: string): DataRow[] {
  const rows: DataRow[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const where = `${path}:${index + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new DataFileError(
        `${where}: the line is not JSON (${(error as Error).message}).`,
        'Each line of a JSON Lines file is one object, e.g. {"id": 7, "name": "Ada"}.',
      );
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new DataFileError(
        `${where}: the line is ${Array.isArray(value) ? 'an array' : `a ${value === null ? 'null' : typeof value}`}, not an object.`,
        'Each line of a JSON Lines file is one object, e.g. {"id": 7, "name": "Ada"}.',
      );
    const row = new Map<string, string>();
    for (const [name, field] of Object.entries(value)) {
      if (typeof field !== 'string' && typeof field !== 'number' && typeof field !== 'boolean')
        throw new DataFileError(
          `${where}: "${name}" is ${field === null ? 'null' : Array.isArray(field) ? 'an array' : 'an object'}; variables take strings, numbers or booleans.`,
          'Give each variable a plain value; a JSON body can be written as a string.',
        );
      row.set(name, String(field));
    }
    rows.push(row);
    checkCount(path, rows.length);
  });
  return rows;
}

/** RFC 4180: the first record names the variables; fields may be quoted ("" is a quote inside one). */
function csvRows(path: string, text: string): DataRow[] {
  const records = csvRecords(path, text);
  const header = records.shift();
  if (!header) return [];
  header.fields.forEach((name, column) => {
    if (name.trim() === '')
      throw new DataFileError(
        `${path}:1: column ${column + 1} of the header has no name.`,
        'The first row names the variables the columns fill.',
      );
    if (header.fields.indexOf(name) !== column)
      throw new DataFileError(
        `${path}:1: the header names "${name}" twice.`,
        'Give each column its own name.',
      );
  });
  checkCount(path, records.length);
  return records.map(({ line, fields }) => {
    if (fields.length !== header.fields.length)
      throw new DataFileError(
        `${path}:${line}: the row has ${fields.length} field${fields.length === 1 ? '' : 's'}, the header ${header.fields.length}.`,
        'Every row needs one field per header column (quote a field that holds a comma).',
      );
    return new Map(header.fields.map((name, column) => [name, fields[column] ?? '']));
  });
}

/** The records of a CSV text with the line each starts on; empty lines are skipped. */
function csvRecords(path: string, text: string): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  /** A quoted field just closed: only a separator or a line end may follow. */
  let closed = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = (): void => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== '') records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  while (i < text.length) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (char === '"') {
        quoted = false;
        closed = true;
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
      i += 1;
      continue;
    }
    if (closed && char !== ',' && char !== '\n' && char !== '\r')
      throw new DataFileError(
        `${path}:${line}: text after a closing quote.`,
        'A quoted field ends at its closing quote; double a quote inside it: "say ""hi""".',
      );
    closed = false;
    if (char === '"') {
      if (field !== '')
        throw new DataFileError(
          `${path}:${line}: a quote inside an unquoted field.`,
          'Quote the whole field and double the quotes inside it: "say ""hi""".',
        );
      quoted = true;
    } else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      endRecord();
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      line += 1;
      recordLine = line;
    } else field += char;
    i += 1;
  }
  if (quoted)
    throw new DataFileError(
      `${path}:${recordLine}: a quoted field is never closed.`,
      'Close it with a quote; double a quote inside it: "say ""hi""".',
    );
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}
