/**
 * The request schema's messages as the editor shows them: the engine writes them into the JSON Schema with a stand-in
 * for the offending text, the editor fills it from the document. One module, so both sides read the same rule.
 */

/** Stands in a schema message for the JSON text it is about (a value, or a key); the editor puts that text there. */
export const gotToken = '{got}';

/** How the offending JSON text reads in a message: values as written (long strings cut), objects and lists by kind. */
export function describeGot(text: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) return 'an object';
  if (trimmed.startsWith('[')) return 'a list';
  if (trimmed === '') return 'nothing';
  return trimmed.length > 40 ? `${trimmed.slice(0, 39)}…${trimmed.endsWith('"') ? '"' : ''}` : trimmed;
}

/** A schema message with its stand-in replaced by the offending text. */
export function fillGot(message: string, text: string): string {
  return message.includes(gotToken) ? message.split(gotToken).join(describeGot(text)) : message;
}

/** The message put on a oneof member's key when `first`, another member of `oneof`, is set too. */
export function oneofConflictMessage(first: string, oneof: string): string {
  return `"${first}" and ${gotToken} are both in oneof "${oneof}"; set only one.`;
}

/** The member and oneof a oneof conflict message (before filling) names; undefined for any other message. */
export function parseOneofConflict(message: string): { first: string; oneof: string } | undefined {
  const match = /^"([^"]+)" and \{got\} are both in oneof "([^"]+)"; set only one\.$/.exec(message);
  return match?.[1] && match[2] ? { first: match[1], oneof: match[2] } : undefined;
}

/** A problem the JSON language service found: its message and where it is, as offsets into the text. */
export interface SchemaProblem {
  message: string;
  start: number;
  end: number;
}

/**
 * The problems as the editor shows them: each `{got}` filled with the text it underlines, and of the two marks a
 * oneof clash leaves (one on each member) only the one on the member set second.
 */
export function shownProblems<P extends SchemaProblem>(text: string, problems: P[]): P[] {
  const conflicts = problems.flatMap((problem) => {
    const conflict = parseOneofConflict(problem.message);
    return conflict ? [{ problem, ...conflict, key: keyAt(text, problem) }] : [];
  });
  const setFirst = new Set(
    conflicts
      .filter(({ problem, first, oneof, key }) =>
        // Marked because `first` is set, but `first` is itself marked later in the same object: this one came first.
        conflicts.some(
          (other) =>
            other.key === first &&
            other.first === key &&
            other.oneof === oneof &&
            other.problem.start > problem.start &&
            sameObject(text, problem.start, other.problem.start),
        ),
      )
      .map(({ problem }) => problem),
  );
  return problems
    .filter((problem) => !setFirst.has(problem))
    .map((problem) => ({
      ...problem,
      message: fillGot(problem.message, text.slice(problem.start, problem.end)),
    }));
}

function keyAt(text: string, { start, end }: SchemaProblem): string {
  const key = text.slice(start, end);
  return key.startsWith('"') && key.endsWith('"') ? key.slice(1, -1) : key;
}

/** Whether offsets `from` < `to` lie directly in the same object: the brackets between them close what they open. */
function sameObject(text: string, from: number, to: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = from; i < to; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth < 0) return false;
    }
  }
  return depth === 0;
}
