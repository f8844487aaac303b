import { clone, create, toBinary, type DescMethod } from '@bufbuild/protobuf';
import { FileDescriptorProtoSchema, FileDescriptorSetSchema } from '@bufbuild/protobuf/wkt';
import type { Schema } from '../../schema/schema';

/**
 * The FileDescriptorSet an export needs: the method's file, the files of message types the bodies name in `@type`
 * (Any), and their imports — in dependency order, so a pool can add them one by one. A method of googleapis takes a
 * few files, not 8,000; comments (source code info) are left out, as only the definitions are used.
 */
export function exportDescriptorSet(schema: Schema, method: DescMethod, bodies: string[]): Uint8Array {
  const byName = new Map(schema.files.map((file) => [file.name, file]));
  const needed = new Set<string>();
  const add = (name: string): void => {
    if (needed.has(name)) return;
    needed.add(name);
    for (const dependency of byName.get(name)?.dependency ?? []) add(dependency);
  };
  add(method.parent.file.proto.name);
  for (const typeName of new Set(bodies.flatMap((body) => anyTypeNames(JSON.parse(body))))) {
    const message = schema.message(typeName);
    if (message) add(message.file.proto.name);
  }
  const file = schema.files
    .filter((f) => needed.has(f.name))
    .map((f) => {
      const copy = clone(FileDescriptorProtoSchema, f);
      copy.sourceCodeInfo = undefined;
      return copy;
    });
  return toBinary(FileDescriptorSetSchema, create(FileDescriptorSetSchema, { file }));
}

/** Message names in the `@type` URLs of a JSON value (`type.googleapis.com/pkg.Message` → `pkg.Message`). */
function anyTypeNames(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(anyTypeNames);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, member]) =>
    key === '@type' && typeof member === 'string'
      ? [member.slice(member.lastIndexOf('/') + 1)]
      : anyTypeNames(member),
  );
}
