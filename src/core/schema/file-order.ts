import type { FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import { SchemaError } from './errors';

/**
 * Puts files in dependency order (imports first) and checks every import is present.
 * `origin` names where the files came from, for the error message.
 */
export function orderByDependencies(files: FileDescriptorProto[], origin: string): FileDescriptorProto[] {
  const byName = new Map(files.map((f) => [f.name, f]));
  const missing = files.flatMap((f) =>
    f.dependency.filter((d) => !byName.has(d)).map((d) => `"${d}" (imported by ${f.name})`),
  );
  if (missing.length > 0) {
    throw new SchemaError([
      {
        message: `${origin} lacks imported files: ${missing.join(', ')}.`,
        hint: 'Include imports when producing it (protoc --include_imports; buf build includes them by default).',
      },
    ]);
  }
  const ordered: FileDescriptorProto[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (file: FileDescriptorProto, chain: string[]): void => {
    const seen = state.get(file.name);
    if (seen === 'done') return;
    if (seen === 'visiting') {
      throw new SchemaError([
        { message: `${origin} has an import cycle: ${[...chain, file.name].join(' -> ')}.` },
      ]);
    }
    state.set(file.name, 'visiting');
    for (const dep of file.dependency) visit(byName.get(dep) as FileDescriptorProto, [...chain, file.name]);
    state.set(file.name, 'done');
    ordered.push(file);
  };
  for (const file of files) visit(file, []);
  return ordered;
}
