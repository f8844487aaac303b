/** Where a long name is cut so that, when it does not fit, its start and its end both stay readable. */

/** Names this short are never split: an ellipsis would hide most of them. */
const shortest = 8;
/** The end kept whole is at most this many characters (a port, a method's last word, a file's name). */
const longestTail = 14;

/**
 * Splits a name into the part that gives way (shown with an ellipsis at its end) and the end that always shows. The
 * end is at most a third of the name and starts at the first word boundary there (at or after a `:` `.` `/` `-` `_`
 * or space, or a camel-case capital), so "127.0.0.1:50051" keeps "50051" and "StreamingOutputCall" keeps "Call".
 */
export function middleSplit(name: string): { head: string; tail: string } {
  if (name.length <= shortest) return { head: name, tail: '' };
  const from = name.length - Math.min(longestTail, Math.ceil(name.length / 3));
  for (let index = from; index < name.length - 1; index++) {
    if (boundary(name, index)) return { head: name.slice(0, index), tail: name.slice(index) };
  }
  return { head: name.slice(0, from), tail: name.slice(from) };
}

const separators = ':./-_ ';

/** Whether a word starts at `index`: after or at a separator, or at a capital after a lower-case letter. */
function boundary(name: string, index: number): boolean {
  const before = name[index - 1] ?? '';
  const char = name[index] ?? '';
  return (
    separators.includes(before) || separators.includes(char) || (/[A-Z]/.test(char) && /[a-z]/.test(before))
  );
}
