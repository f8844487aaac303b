import {
  createFileRegistry,
  type DescEnum,
  type DescExtension,
  type DescFile,
  type DescMessage,
  type FileRegistry,
  type Registry,
} from '@bufbuild/protobuf';
import type { FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import type { SymbolTable } from './symbols';

/**
 * Reflection descriptors of the linked files, built per file on first use: custom options usually come from a
 * handful of files (google/api/annotations.proto...), so a large compilation only pays for those.
 */
export class OptionTypes {
  private readonly registries = new Map<string, FileRegistry>();
  private readonly byName: Map<string, FileDescriptorProto>;

  /** `standard`: descriptor.proto's types that options are interpreted against (protoc's built-in copy). */
  constructor(
    files: FileDescriptorProto[],
    readonly symbols: SymbolTable,
    private readonly standard?: Registry,
  ) {
    this.byName = new Map(files.map((f) => [f.name, f]));
  }

  /** The extension with this full name (no leading dot). */
  extension(fullName: string): DescExtension | undefined {
    const entry = this.symbols.get(fullName);
    return entry?.kind === 'extension' ? this.registryOf(entry.file)?.getExtension(fullName) : undefined;
  }

  /** The enum with this full name (no leading dot). */
  enumType(fullName: string): DescEnum | undefined {
    const entry = this.symbols.get(fullName);
    return entry?.kind === 'enum' ? this.registryOf(entry.file)?.getEnum(fullName) : undefined;
  }

  /** The message with this full name (no leading dot). */
  message(fullName: string): DescMessage | undefined {
    const entry = this.symbols.get(fullName);
    return entry?.kind === 'message' ? this.registryOf(entry.file)?.getMessage(fullName) : undefined;
  }

  /** An options message type (google.protobuf.FieldOptions...) as protoc knows it; `fallback` without a standard copy. */
  optionsType(fallback: DescMessage): DescMessage {
    return this.standard?.getMessage(fallback.typeName) ?? fallback;
  }

  /** A linked file's reflection descriptor. */
  file(fileName: string): DescFile | undefined {
    return this.registryOf(fileName)?.getFile(fileName);
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
