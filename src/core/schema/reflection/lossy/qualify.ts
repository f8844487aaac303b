import type { FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import { qualify } from '../../proto/linker-context';
import { scopesOutward } from './names';
import { typeReferences } from './references';

/** A reference that names no type, or more than one, among the types the server sent. */
export interface UnresolvedReference {
  file: string;
  owner: string;
  name: string;
  /** The types it could mean; empty when it means none. */
  candidates: string[];
}

/**
 * Rewrites every type reference of the file fully qualified. A relative name is looked up in the scope that holds it
 * and each scope around it, and must be declared in exactly one: proto-loader wrote it relative to one of them (the
 * field's message, or for a map's value type the scope around the map's message), stripping what both names share.
 */
export function qualifyReferences(
  file: FileDescriptorProto,
  declared: ReadonlyMap<string, FileDescriptorProto>,
): UnresolvedReference[] {
  const unresolved: UnresolvedReference[] = [];
  for (const reference of typeReferences(file)) {
    const { name, scope, owner } = reference;
    const candidates = name.startsWith('.')
      ? [name.slice(1)]
      : scopesOutward(scope).map((outer) => qualify(outer, name));
    const found = candidates.filter((candidate) => declared.has(candidate));
    if (found.length === 1) reference.replace(`.${found[0]}`);
    else unresolved.push({ file: file.name, owner, name, candidates: found });
  }
  return unresolved;
}
