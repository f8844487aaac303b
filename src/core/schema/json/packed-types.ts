import type { DescMessage, Registry } from '@bufbuild/protobuf';

/** How many type names one completion answer carries: enough to browse, small whatever the schema (googleapis: 48k). */
export const packedTypeNamesLimit = 200;

/**
 * The message types an Any may hold, for `@type` completion: those whose full name contains `query` (any case; a
 * leading type URL prefix is ignored), most relevant first — the package `near` itself, then packages sharing the
 * longest prefix with it, then the rest, each group by name. At most `limit`; `more` says some were left out.
 */
export function packedTypeNames(
  registry: Registry,
  near: string,
  query: string,
  limit = packedTypeNamesLimit,
): { names: string[]; more: boolean } {
  const needle = query.slice(query.lastIndexOf('/') + 1).toLowerCase();
  const home = near.split('.');
  const found: { name: string; distance: number }[] = [];
  for (const type of registry) {
    if (type.kind !== 'message' || !type.typeName.toLowerCase().includes(needle)) continue;
    found.push({ name: type.typeName, distance: packageDistance(home, packageOf(type)) });
  }
  found.sort((a, b) => a.distance - b.distance || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { names: found.slice(0, limit).map((f) => f.name), more: found.length > limit };
}

function packageOf(desc: DescMessage): string[] {
  return desc.file.proto.package === '' ? [] : desc.file.proto.package.split('.');
}

/** 0 for the same package; otherwise more the fewer leading segments the two packages share. */
function packageDistance(home: string[], other: string[]): number {
  if (home.length === other.length && home.every((part, i) => part === other[i])) return 0;
  let shared = 0;
  while (shared < home.length && home[shared] === other[shared]) shared++;
  return 1 + home.length - shared;
}
