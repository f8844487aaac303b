/** Subsequence ("fuzzy") matching for the command palette: every query character in order, best runs first. */

/** A match: its score (higher is better) and the matched character positions (for highlighting). */
export interface FuzzyMatch {
  score: number;
  positions: number[];
}

/** Whether position `i` of `text` starts a word: after `.`, `/`, `_`, `-`, a space, or a lower-to-upper case step. */
function wordStart(text: string, i: number): boolean {
  if (i === 0) return true;
  const before = text.charAt(i - 1);
  const here = text.charAt(i);
  return '._/- '.includes(before) || (before === before.toLowerCase() && here !== here.toLowerCase());
}

/**
 * Matches `query` as a subsequence of `text`, ignoring case; undefined when it is not one. Consecutive characters and
 * word starts score higher, so `unary` ranks `UnaryCall` above `grpc.testing.UnimplementedService.UnimplementedCall`.
 */
export function fuzzyMatch(query: string, text: string): FuzzyMatch | undefined {
  const q = query.toLowerCase().replace(/\s+/g, '');
  if (!q) return { score: 0, positions: [] };
  const t = text.toLowerCase();
  // Jumping ahead to word starts scores better but can miss a match the plain leftmost walk finds.
  const positions = walk(q, t, text, true) ?? walk(q, t, text, false);
  if (!positions) return undefined;
  let score = 0;
  positions.forEach((at, i) => {
    score += 1 + (i > 0 && positions[i - 1] === at - 1 ? 5 : 0) + (wordStart(text, at) ? 3 : 0);
  });
  return { score: score - text.length / 100, positions };
}

/** The positions of `q`'s characters in `t` (lower-cased `text`), in order; optionally preferring word starts. */
function walk(q: string, t: string, text: string, preferWordStarts: boolean): number[] | undefined {
  const positions: number[] = [];
  let from = 0;
  for (const ch of q) {
    let at = t.indexOf(ch, from);
    if (at < 0) return undefined;
    const last = positions[positions.length - 1];
    const continuesRun = last !== undefined && at === last + 1;
    if (preferWordStarts && !continuesRun) {
      for (let i = at; i >= 0; i = t.indexOf(ch, i + 1)) {
        if (wordStart(text, i)) {
          at = i;
          break;
        }
      }
    }
    positions.push(at);
    from = at + 1;
  }
  return positions;
}

/** The items matching `query`, best first (ties by text), at most `limit`; every item, sorted, for an empty query. */
export function rankMatches<T>(
  query: string,
  items: readonly T[],
  textOf: (item: T) => string,
  limit: number,
): { item: T; match: FuzzyMatch }[] {
  const ranked: { item: T; match: FuzzyMatch; text: string }[] = [];
  for (const item of items) {
    const text = textOf(item);
    const match = fuzzyMatch(query, text);
    if (match) ranked.push({ item, match, text });
  }
  ranked.sort((a, b) => b.match.score - a.match.score || a.text.localeCompare(b.text));
  return ranked.slice(0, limit).map(({ item, match }) => ({ item, match }));
}
