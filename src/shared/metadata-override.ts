import type { MetadataEntry } from './schema';

/**
 * The metadata with `added`'s entries in place of those of the same name (names compare case-insensitively), the
 * rule by which auth's credential replaces a request's own entry wherever a call is made or written out.
 */
export function withEntries(metadata: MetadataEntry[], added: readonly MetadataEntry[]): MetadataEntry[] {
  if (added.length === 0) return metadata;
  const names = new Set(added.map((entry) => entry.key.toLowerCase()));
  return [...metadata.filter((entry) => !names.has(entry.key.toLowerCase())), ...added];
}
