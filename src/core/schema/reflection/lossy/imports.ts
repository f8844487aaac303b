import type { FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import { typeReferences } from './references';

/** Gives each file that imports nothing the imports its fully qualified references need. */
export function declareImports(
  files: FileDescriptorProto[],
  declared: ReadonlyMap<string, FileDescriptorProto>,
): void {
  for (const file of files) {
    if (file.dependency.length > 0) continue;
    const imported = typeReferences(file).flatMap((reference) => {
      const declaring = declared.get(reference.name.slice(1));
      return declaring && declaring !== file ? [declaring.name] : [];
    });
    file.dependency = [...new Set(imported)].sort();
  }
}

/** The files of `available` that `files` import, directly or through each other. */
export function importedFrom(
  files: FileDescriptorProto[],
  available: FileDescriptorProto[],
): FileDescriptorProto[] {
  const byName = new Map(available.map((file) => [file.name, file]));
  const needed = new Map<string, FileDescriptorProto>();
  const visit = (names: string[]): void => {
    for (const name of names) {
      const file = byName.get(name);
      if (!file || needed.has(name)) continue;
      needed.set(name, file);
      visit(file.dependency);
    }
  };
  visit(files.flatMap((file) => file.dependency));
  return [...needed.values()];
}
