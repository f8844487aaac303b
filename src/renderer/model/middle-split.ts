/** Where a long name is cut so that, when it does not fit, its start and its end both stay readable. */

/** Names this short are never split: an ellipsis would hide most of them. */
const shortest = 8;
/** The end kept whole is at most this many characters (a port, a method's last word, a file's name). */
const longestTail = 14;

/**
 * Splits a name into the part that gives way (shown with an ellipsis at its end) and the end that always shows. The
 * end is the last third of the name from its first word boundary (at or after a `:` `.` `/` `-` `_` or space, or a
 * camel-case capital), else the last word when it is short enough, else the last third as it is: "127.0.0.1:50051"
 * keeps "50051", "StreamingOutputCall" keeps "Call", "ServerReflection" keeps "Reflection".
 */
export function middleSplit(name: string): { head: string; tail: string } {
  if (name.length <= shortest) return { head: name, tail: '' };
  const from = name.length - Math.min(longestTail, Math.ceil(name.length / 3));
  const forward = firstBoundary(name, from, name.length - 1, 1);
  // No word starts in the last third: the last word whole if it is short enough ("Server|Reflection").
  const cut = forward ?? firstBoundary(name, from - 1, Math.max(1, name.length - longestTail), -1) ?? from;
  return { head: name.slice(0, cut), tail: name.slice(cut) };
}

const separators = ':./-_ ';

/** The first index from `start` towards `end` where a word starts, stepping by `step`. */
function firstBoundary(name: string, start: number, end: number, step: 1 | -1): number | undefined {
  for (let index = start; step > 0 ? index < end : index >= end; index += step)
    if (boundary(name, index)) return index;
  return undefined;
}

/** Whether a word starts at `index`: after or at a separator, or at a capital after a lower-case letter. */
function boundary(name: string, index: number): boolean {
  const before = name[index - 1] ?? '';
  const char = name[index] ?? '';
  return (
    separators.includes(before) || separators.includes(char) || (/[A-Z]/.test(char) && /[a-z]/.test(before))
  );
}
