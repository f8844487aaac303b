import { clone, create } from '@bufbuild/protobuf';
import { FileDescriptorProtoSchema, type FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import { typeReferences } from './references';
import { stronglyConnected } from './strongly-connected';

/**
 * proto-loader merges each package into one file, so two packages whose files imported each other's (a/x imports b/y,
 * b/z imports a/w) come as two files that would import each other, which no descriptor pool accepts. Each file on such
 * a cycle is split into one file per group of declarations that refer to one another, named after the first
 * (`atlas_places_v1/Landmark.proto`): the server's own files had no cycle, so these have none. Others stay as they are.
 */
export function splitImportCycles(
  files: FileDescriptorProto[],
  declared: ReadonlyMap<string, FileDescriptorProto>,
): FileDescriptorProto[] {
  const referencedFiles = (file: FileDescriptorProto): FileDescriptorProto[] => [
    ...new Set(typeReferences(file).flatMap((reference) => declared.get(reference.name.slice(1)) ?? [])),
  ];
  const cyclic = new Set(
    stronglyConnected(files, referencedFiles)
      .filter((component) => component.length > 1)
      .flat(),
  );
  return cyclic.size === 0
    ? files
    : files.flatMap((file) => (cyclic.has(file) ? splitByDeclarations(file) : [file]));
}

/** A top-level declaration of a file, alone in a file of its own. */
interface Part {
  name: string;
  file: FileDescriptorProto;
}

/** One file per strongly connected group of the file's top-level declarations, in declaration order. */
function splitByDeclarations(file: FileDescriptorProto): FileDescriptorProto[] {
  // Each declaration alone in a file of the same package, to read its references.
  const alone = (name: string, add: (part: FileDescriptorProto) => void): Part => {
    const part = create(FileDescriptorProtoSchema, { package: file.package });
    add(part);
    return { name, file: part };
  };
  const parts = [
    ...file.messageType.map((m) => alone(m.name, (part) => part.messageType.push(m))),
    ...file.enumType.map((e) => alone(e.name, (part) => part.enumType.push(e))),
    ...file.service.map((s) => alone(s.name, (part) => part.service.push(s))),
    ...file.extension.map((x) => alone(x.name, (part) => part.extension.push(x))),
  ];
  const byName = new Map(parts.map((p) => [p.name, p]));
  // A reference `.pkg.Outer.Inner` depends on the declaration `Outer` of this file, if there is one.
  const topLevel = (typeName: string): string | undefined =>
    typeName.startsWith(`.${file.package}.`)
      ? typeName.slice(file.package.length + 2).split('.')[0]
      : undefined;
  const groups = stronglyConnected(parts, (p) =>
    typeReferences(p.file).flatMap((reference) => byName.get(topLevel(reference.name) ?? '') ?? []),
  );
  const position = new Map(parts.map((p, i) => [p, i]));
  const order = (p: Part): number => position.get(p)!;
  // The file without its declarations: package, syntax, options, as each part keeps them.
  const shell = clone(FileDescriptorProtoSchema, file);
  shell.messageType = [];
  shell.enumType = [];
  shell.service = [];
  shell.extension = [];
  const stem = file.name.replace(/\.proto$/, '');
  return groups
    .map((group) => group.sort((a, b) => order(a) - order(b)))
    .sort((a, b) => order(a[0]!) - order(b[0]!))
    .map((group) => {
      const merged = clone(FileDescriptorProtoSchema, shell);
      merged.name = `${stem}/${group[0]!.name}.proto`;
      for (const { file: part } of group) {
        merged.messageType.push(...part.messageType);
        merged.enumType.push(...part.enumType);
        merged.service.push(...part.service);
        merged.extension.push(...part.extension);
      }
      return merged;
    });
}
