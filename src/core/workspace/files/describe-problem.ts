/**
 * Turns conflict markers and schema errors into the words a person editing a workspace file by hand needs (JSON syntax
 * errors: see ../json-syntax). Nothing here quotes the file.
 */
import type { z } from 'zod';

/** The first line (1-based) that is a git conflict marker (`<<<<<<< `, `=======`, `>>>>>>> `); undefined when none. */
export function conflictMarkerLine(text: string): number | undefined {
  const index = text.split('\n').findIndex((line) => /^(<{7} |>{7} |={7}\r?$)/.test(line));
  return index < 0 ? undefined : index + 1;
}

/** `metadata[0].key: expected string, received number` — the field first, as a person looks for it. */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
    .join('');
  return field === '' ? issue.message : `${field}: ${issue.message}`;
}
