import type { DescMessage, Registry } from '@bufbuild/protobuf';

/** How many type names one completion answer carries: enough to browse, small whatever the schema (googleapis: 48k). */
export const packedTypeNamesLimit = 200;

interface RankedType {
  name: string;
  /** The name in lower case, for matching what the user typed. */
  lower: string;
}

/** Every message of a registry in relevance order, per package asked about: ranking googleapis takes ~0.4 s, so once. */
const rankings = new WeakMap<Registry, Map<string, RankedType[]>>();

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
  const names: string[] = [];
  for (const type of ranked(registry, near)) {
    if (!type.lower.includes(needle)) continue;
    if (names.length === limit) return { names, more: true };
    names.push(type.name);
  }
  return { names, more: false };
}

function ranked(registry: Registry, near: string): RankedType[] {
  let byPackage = rankings.get(registry);
  if (!byPackage) rankings.set(registry, (byPackage = new Map()));
  let list = byPackage.get(near);
  if (list) return list;
  const home = near.split('.');
  const found: (RankedType & { distance: number })[] = [];
  for (const type of registry) {
    if (type.kind !== 'message') continue;
    const name = type.typeName;
    found.push({ name, lower: name.toLowerCase(), distance: packageDistance(home, packageOf(type)) });
  }
  found.sort((a, b) => a.distance - b.distance || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  list = found.map(({ name, lower }) => ({ name, lower }));
  byPackage.set(near, list);
  return list;
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
