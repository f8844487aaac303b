import { create, toBinary } from '@bufbuild/protobuf';
import type { DescFile, DescMessage, DescMethod, FileRegistry } from '@bufbuild/protobuf';
import { createFileRegistry } from '@bufbuild/protobuf';
import { FileDescriptorSetSchema, type FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import type { ServiceInfo } from '../../shared/schema';
import { SchemaError } from './errors';
import { orderByDependencies } from './file-order';
import { fillJsonNames } from './json-names';
import { GrowingRegistry } from './growing-registry';
import { fileServices, serviceTree } from './method-tree';
import { Slices } from './slices';

/**
 * A loaded schema: one set of FileDescriptorProtos (whatever the source) and everything derived from it.
 * The registry is the single place binary codecs, JSON, JSON Schema and samples are derived from.
 */
export class Schema {
  readonly registry: FileRegistry;
  private tree?: ServiceInfo[];

  /**
   * `files` must list dependencies before dependents and include every import; `origin` says where they came from, for
   * the message when they do not fit together.
   */
  constructor(
    readonly files: FileDescriptorProto[],
    origin: SchemaOrigin = { kind: 'protos' },
    built?: { registry: FileRegistry; tree: ServiceInfo[] },
  ) {
    if (built) {
      this.registry = built.registry;
      this.tree = built.tree;
      return;
    }
    fillJsonNames(files);
    this.registry = buildRegistry(files, origin);
  }

  /**
   * The schema of compiled files, built a file at a time with the event loop running between slices (see Slices):
   * for googleapis the registry and method tree take seconds, too long to hold the engine's thread in one go.
   */
  static async inSlices(files: FileDescriptorProto[]): Promise<Schema> {
    const slices = new Slices();
    const registry = new GrowingRegistry();
    const tree: ServiceInfo[] = [];
    for (const file of files) {
      fillJsonNames([file]);
      let built: DescFile;
      try {
        built = registry.add(file);
      } catch (error) {
        throw registryError(error, { kind: 'protos' });
      }
      tree.push(...fileServices(built));
      await slices.pause();
    }
    return new Schema(files, { kind: 'protos' }, { registry, tree });
  }

  /** Services and methods in declaration order. */
  services(): ServiceInfo[] {
    this.tree ??= serviceTree(this.registry);
    return this.tree;
  }

  /** Finds a method by `pkg.Service/Method`, `/pkg.Service/Method` or `pkg.Service.Method`. */
  method(name: string): DescMethod | undefined {
    const match = /^\/?(.+)[/.]([^/.]+)$/.exec(name);
    if (!match) return undefined;
    const service = this.registry.getService(match[1] ?? '');
    return service?.methods.find((m) => m.name === match[2]);
  }

  /** Finds a message type by its full name (a leading dot is allowed). */
  message(fullName: string): DescMessage | undefined {
    return this.registry.getMessage(fullName.replace(/^\./, ''));
  }

  /** This schema plus `more` files the server at `target` sent by reflection (names it already has are skipped). */
  withFiles(more: FileDescriptorProto[], target: string): Schema {
    const names = new Set(this.files.map((f) => f.name));
    const files = orderByDependencies(
      [...this.files, ...more.filter((f) => !names.has(f.name))],
      `The server at ${target}`,
    );
    return new Schema(files, { kind: 'reflection', target });
  }

  /** The whole schema as a binary FileDescriptorSet (imports included), as `protoc --include_imports` writes it. */
  toDescriptorSet(): Uint8Array {
    return toBinary(FileDescriptorSetSchema, create(FileDescriptorSetSchema, { file: this.files }));
  }
}

/** Where a schema's descriptors came from: decides what a user can do when they are inconsistent. */
export type SchemaOrigin =
  { kind: 'protos' } | { kind: 'descriptorSet'; file: string } | { kind: 'reflection'; target: string };

function buildRegistry(files: FileDescriptorProto[], origin: SchemaOrigin): FileRegistry {
  try {
    return createFileRegistry(create(FileDescriptorSetSchema, { file: files }));
  } catch (error) {
    throw registryError(error, origin);
  }
}

function registryError(error: unknown, origin: SchemaOrigin): SchemaError {
  // Only descriptors from elsewhere (a server, a descriptor set) get here: the compiler checks its own.
  // @bufbuild/protobuf's bare assertions carry no text; they fire when a field's type is not in the files.
  const reason =
    (error as Error).message ||
    'a field refers to a type that is not in them, or not by its fully qualified name';
  return new SchemaError([
    { message: `${describeOrigin(origin)} do not fit together: ${reason}.`, hint: originHint(origin) },
  ]);
}

function describeOrigin(origin: SchemaOrigin): string {
  if (origin.kind === 'reflection')
    return `The descriptors the server at ${origin.target} serves by reflection`;
  if (origin.kind === 'descriptorSet') return `The descriptors in ${origin.file}`;
  return 'The compiled descriptors';
}

function originHint(origin: SchemaOrigin): string {
  if (origin.kind === 'reflection')
    return "Load the service's .proto files instead (Import protos, or --proto).";
  if (origin.kind === 'descriptorSet') {
    return 'Regenerate it with all imports included: protoc --include_imports --descriptor_set_out=FILE, or buf build -o FILE.';
  }
  return 'This is a Protodesk bug: please report it with the .proto files.';
}
