import { createFileRegistry, type DescExtension, type DescMessage, type FileRegistry } from '@bufbuild/protobuf';
import type { FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import type { SymbolTable } from './symbols';

/**
 * Reflection descriptors of the linked files, built per file on first use: custom options usually come from a
 * handful of files (google/api/annotations.proto...), so a large compilation only pays for those.
 */
export class OptionTypes {
  private readonly registries = new Map<string, FileRegistry>();
  private readonly byName: Map<string, FileDescriptorProto>;

  constructor(files: FileDescriptorProto[], private readonly symbols: SymbolTable) {
    this.byName = new Map(files.map((f) => [f.name, f]));
  }

  /** The extension with this full name (no leading dot). */
  extension(fullName: string): DescExtension | undefined {
    const entry = this.symbols.get(fullName);
    return entry?.kind === 'extension' ? this.registryOf(entry.file)?.getExtension(fullName) : undefined;
  }

  /** The message with this full name (no leading dot). */
  message(fullName: string): DescMessage | undefined {
    const entry = this.symbols.get(fullName);
    return entry?.kind === 'message' ? this.registryOf(entry.file)?.getMessage(fullName) : undefined;
  }

  private registryOf(fileName: string): FileRegistry | undefined {
    let registry = this.registries.get(fileName);
    if (registry) return registry;
    const proto = this.byName.get(fileName);
    if (!proto) return undefined;
    registry = createFileRegistry(proto, (dep) => this.registryOf(dep)?.getFile(dep));
    this.registries.set(fileName, registry);
    return registry;
  }
}
