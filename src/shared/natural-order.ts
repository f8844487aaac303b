/** The one order of names and saved requests: the sidebar, `protodesk run`, workspace scans and file listings. */
import type { SavedRequestEntry } from './workspace';

// "2 users" before "10 users", case and accents aside, and the same order on every machine whatever its locale.
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Compares two names in natural order; names equal but for case or accents keep a stable code-unit order. */
export function compareNames(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** Compares folder paths (outermost first) name by name; a folder comes before its own subfolders. */
export function compareFolderPaths(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const order = compareNames(a[i] ?? '', b[i] ?? '');
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

/**
 * Compares saved requests by collection, then folder path, then name: a collection's (or folder's) own requests come
 * before those of its subfolders, so a run calls them in the order the sidebar lists them.
 */
export function compareRequests(a: SavedRequestEntry, b: SavedRequestEntry): number {
  return (
    compareFolderPaths([a.collection, ...a.folders], [b.collection, ...b.folders]) ||
    compareNames(a.name, b.name)
  );
}
