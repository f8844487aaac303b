/** Where a problem sits in the text the user typed, 1-based. */
export interface JsonTextPosition {
  line: number;
  column: number;
}

/** Thrown when request JSON does not fit its message: names the field path as written, what was expected and what was found. */
export class JsonInputError extends Error {
  /** The path as the user wrote it: `payload.body`, `items[2].name`, `labels["k"]`; empty for the whole request. */
  readonly path: string;
  /** What the schema wants at `path`, e.g. `int32` or `bytes as base64 text`. */
  readonly expected: string;
  /** What the request has at `path`, rendered as JSON (or a short description for objects and arrays). */
  readonly actual: string;
  /** Where the bad value starts in the request text, when the request was given as text. */
  readonly position: JsonTextPosition | undefined;

  constructor(init: {
    path: string;
    expected: string;
    actual: string;
    detail: string;
    position?: JsonTextPosition;
  }) {
    super(init.path === '' ? init.detail : `${init.path}: ${init.detail}`);
    this.name = 'JsonInputError';
    this.path = init.path;
    this.expected = init.expected;
    this.actual = init.actual;
    this.position = init.position;
  }
}

const identifier = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The path of a member of the object at `parent`: `a.b` for names, `a["@type"]` for anything else. */
export function memberPath(parent: string, key: string): string {
  if (!identifier.test(key)) return `${parent}[${JSON.stringify(key)}]`;
  return parent === '' ? key : `${parent}.${key}`;
}

/** The path of a map entry or Struct member: always `a["k"]`, so keys read as data, not fields. */
export function keyPath(parent: string, key: string): string {
  return `${parent}[${JSON.stringify(key)}]`;
}

/** The path of an array element: `a[2]`. */
export function indexPath(parent: string, index: number): string {
  return `${parent}[${index}]`;
}

/** The closest of `candidates` to `word` by edit distance, when close enough to be a likely typo. */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  // A third of the word may be wrong: catches typos and case slips, not unrelated names.
  return bestDistance <= Math.max(1, Math.floor(word.length / 3)) ? best : undefined;
}

/** Levenshtein distance with transpositions counted as one edit. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const above = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row.push(value);
    }
    rows.push(row);
  }
  return (rows[a.length] as number[])[b.length] as number;
}
