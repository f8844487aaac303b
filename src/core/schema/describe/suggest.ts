import { editDistance } from '../../../shared/edit-distance';

/** How many suggestions a "not found" message lists at most. */
const MAX_SUGGESTIONS = 5;

/**
 * Names close to what was typed: compared case-insensitively with the whole name and with as many trailing
 * segments as were typed (so `SimpleRequest` finds `grpc.testing.SimpleRequest`). Best first.
 */
export function closeMatches(query: string, names: Iterable<string>): string[] {
  const typed = query.toLowerCase();
  const segments = typed.split('.').length;
  const limit = Math.max(2, Math.floor(typed.length / 5));
  const scored: { name: string; score: number }[] = [];
  for (const name of names) {
    const lower = name.toLowerCase();
    const tail = lower.split('.').slice(-segments).join('.');
    const score = Math.min(editDistance(typed, lower), editDistance(typed, tail));
    if (score <= limit) scored.push({ name, score });
  }
  scored.sort((a, b) => a.score - b.score || a.name.length - b.name.length || (a.name < b.name ? -1 : 1));
  return scored.slice(0, MAX_SUGGESTIONS).map((s) => s.name);
}
