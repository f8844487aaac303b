/** Where a long name is cut so that, when it does not fit, its start and its end both stay readable. */

/** Names this short are never split: an ellipsis would hide most of them. */
const shortest = 8;
/** The end kept whole is at most this many characters (a port, a method's last word, a file's name). */
const longestTail = 14;

/**
 * Splits a name into the part that gives way (shown with an ellipsis at its end) and the end that always shows. The
 * end starts after the last separator (`:` `.` `/` `-` `_` space) or at the last capital of a camel-case word in
 * its last third, so "127.0.0.1:50051" keeps ":50051" and "StreamingOutputCall" keeps "Call".
 */
export function middleSplit(name: string): { head: string; tail: string } {
  if (name.length <= shortest) return { head: name, tail: '' };
  const most = Math.min(longestTail, Math.ceil(name.length / 3));
  const from = name.length - most;
  let cut = from;
  for (let index = name.length - 2; index >= from; index--) {
    const char = name[index] ?? '';
    if (':./-_ '.includes(char)) {
      cut = index;
      break;
    }
    if (/[A-Z]/.test(char) && /[a-z]/.test(name[index - 1] ?? '')) {
      cut = index;
      break;
    }
  }
  return { head: name.slice(0, cut), tail: name.slice(cut) };
}
