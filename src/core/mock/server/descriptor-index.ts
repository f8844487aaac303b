import { toBinary, type FileRegistry } from '@bufbuild/protobuf';
import { FileDescriptorProtoSchema, type FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import type { Schema } from '../../schema/schema';
import type { BuiltinSchema } from './builtin-services';

/** The files reflection serves: the schema's, then the built-in services' (the schema's copy wins a shared name). */
export class DescriptorIndex {
  private readonly files = new Map<string, FileDescriptorProto>();
  private readonly encoded = new Map<string, Uint8Array>();
  private readonly registries: FileRegistry[];

  constructor(
    schema: Schema,
    builtin: BuiltinSchema,
    /** Every service served, as list_services names them. */
    readonly services: string[],
  ) {
    for (const file of [...schema.files, ...builtin.files]) {
      if (!this.files.has(file.name)) this.files.set(file.name, file);
    }
    this.registries = [schema.registry, builtin.registry];
  }

  has(fileName: string): boolean {
    return this.files.has(fileName);
  }

  /**
   * The file and every file it imports, transitively, that this reflection stream has not sent yet (`sent` is the
   * stream's record), the file itself always first: grpc-go's order, so clients resolve imports without asking again.
   */
  withDependencies(fileName: string, sent: Set<string>): Uint8Array[] {
    const out: Uint8Array[] = [];
    const queue = [fileName];
    while (queue.length > 0) {
      const name = queue.shift()!;
      const file = this.files.get(name);
      if (!file) continue;
      if (out.length === 0 || !sent.has(name)) {
        sent.add(name);
        out.push(this.bytes(file));
      }
      queue.push(...file.dependency);
    }
    return out;
  }

  /** The file defining a service, method, message, field, enum, enum value or extension by full name. */
  fileOfSymbol(symbol: string): string | undefined {
    const name = symbol.replace(/^\./, '');
    for (const candidate of [name, name.slice(0, Math.max(0, name.lastIndexOf('.')))]) {
      for (const registry of this.registries) {
        const found = candidate && registry.get(candidate);
        if (found) return found.file.proto.name;
      }
    }
    return undefined;
  }

  /** The file defining extension `number` of `containingType`. */
  fileOfExtension(containingType: string, number: number): string | undefined {
    for (const registry of this.registries) {
      const message = registry.getMessage(containingType);
      const extension = message && registry.getExtensionFor(message, number);
      if (extension) return extension.file.proto.name;
    }
    return undefined;
  }

  /** The field numbers of every known extension of `typeName`; undefined when no such message is known. */
  extensionNumbers(typeName: string): number[] | undefined {
    if (!this.registries.some((registry) => registry.getMessage(typeName))) return undefined;
    const numbers = new Set<number>();
    for (const registry of this.registries) {
      for (const type of registry) {
        if (type.kind === 'extension' && type.extendee.typeName === typeName) numbers.add(type.number);
      }
    }
    return [...numbers].sort((a, b) => a - b);
  }

  private bytes(file: FileDescriptorProto): Uint8Array {
    let bytes = this.encoded.get(file.name);
    if (!bytes) {
      bytes = toBinary(FileDescriptorProtoSchema, file);
      this.encoded.set(file.name, bytes);
    }
    return bytes;
  }
}
