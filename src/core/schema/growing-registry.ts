import {
  createFileRegistry,
  createMutableRegistry,
  type DescEnum,
  type DescExtension,
  type DescFile,
  type DescMessage,
  type DescService,
  type FileRegistry,
} from '@bufbuild/protobuf';
import type { FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import { nestedTypes } from '@bufbuild/protobuf/reflect';

/**
 * A FileRegistry filled one file at a time, for schemas too big to build in one go on the engine's thread
 * (createFileRegistry takes a whole set at once: about a second for googleapis). Files must come dependencies first
 * and refer only to types their imports make visible (direct and public imports), as the compiler checks.
 */
export class GrowingRegistry implements FileRegistry {
  readonly kind = 'registry';
  private readonly types = createMutableRegistry();
  private readonly byName = new Map<string, DescFile>();
  /** Stand-ins for built files that list only their public imports: see `add`. */
  private readonly visible = new Map<string, DescFile>();

  /** Builds one file against the files added so far and returns it; throws as createFileRegistry does. */
  add(proto: FileDescriptorProto): DescFile {
    // createFileRegistry(file, resolve) copies every file it resolves into a fresh registry along with, recursively,
    // every file those import: for googleapis' largest files that walks thousands of import paths. A stand-in that
    // lists only its public imports gives the new file exactly the types it may refer to.
    const built = createFileRegistry(proto, (name) => this.standIn(name)).getFile(proto.name);
    if (!built) throw new Error(`${proto.name} was not built`);
    const dependencies = proto.dependency.map((name) => this.byName.get(name));
    Object.assign(built, { dependencies });
    this.byName.set(proto.name, built);
    for (const type of nestedTypes(built)) this.types.add(type);
    return built;
  }

  get files(): Iterable<DescFile> {
    return this.byName.values();
  }

  getFile(fileName: string): DescFile | undefined {
    return this.byName.get(fileName);
  }

  [Symbol.iterator](): IterableIterator<DescMessage | DescEnum | DescExtension | DescService> {
    return this.types[Symbol.iterator]();
  }

  get(typeName: string): DescMessage | DescEnum | DescExtension | DescService | undefined {
    return this.types.get(typeName);
  }

  getMessage(typeName: string): DescMessage | undefined {
    return this.types.getMessage(typeName);
  }

  getEnum(typeName: string): DescEnum | undefined {
    return this.types.getEnum(typeName);
  }

  getExtension(typeName: string): DescExtension | undefined {
    return this.types.getExtension(typeName);
  }

  getExtensionFor(extendee: DescMessage, no: number): DescExtension | undefined {
    return this.types.getExtensionFor(extendee, no);
  }

  getService(typeName: string): DescService | undefined {
    return this.types.getService(typeName);
  }

  private standIn(name: string): DescFile | undefined {
    const cached = this.visible.get(name);
    if (cached) return cached;
    const file = this.byName.get(name);
    if (!file) return undefined;
    const publicDependencies = file.proto.publicDependency.flatMap((index) => {
      const dependency = file.dependencies[index];
      return dependency ? [this.standIn(dependency.proto.name) ?? dependency] : [];
    });
    const standIn: DescFile = Object.create(file, { dependencies: { value: publicDependencies } });
    this.visible.set(name, standIn);
    return standIn;
  }
}
