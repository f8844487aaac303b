import { create, toBinary } from '@bufbuild/protobuf';
import type { DescMessage, DescMethod, FileRegistry } from '@bufbuild/protobuf';
import { createFileRegistry } from '@bufbuild/protobuf';
import {
  FileDescriptorSetSchema,
  type FileDescriptorProto,
} from '@bufbuild/protobuf/wkt';
import type { ServiceInfo } from '../../shared/schema';
import { SchemaError } from './errors';
import { orderByDependencies } from './file-order';
import { fillJsonNames } from './json-names';
import { serviceTree } from './method-tree';

/**
 * A loaded schema: one set of FileDescriptorProtos (whatever the source) and everything derived from it.
 * The registry is the single place binary codecs, JSON, JSON Schema and samples are derived from.
 */
export class Schema {
  readonly registry: FileRegistry;
  private tree?: ServiceInfo[];

  /** `files` must list dependencies before dependents and include every import. */
  constructor(readonly files: FileDescriptorProto[]) {
    fillJsonNames(files);
    this.registry = buildRegistry(files);
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

  /** This schema plus `more` files (names it already has are skipped), e.g. the types of Anys found later. */
  withFiles(more: FileDescriptorProto[], origin: string): Schema {
    const names = new Set(this.files.map((f) => f.name));
    return new Schema(orderByDependencies([...this.files, ...more.filter((f) => !names.has(f.name))], origin));
  }

  /** The whole schema as a binary FileDescriptorSet (imports included), as `protoc --include_imports` writes it. */
  toDescriptorSet(): Uint8Array {
    return toBinary(FileDescriptorSetSchema, create(FileDescriptorSetSchema, { file: this.files }));
  }
}

function buildRegistry(files: FileDescriptorProto[]): FileRegistry {
  try {
    return createFileRegistry(create(FileDescriptorSetSchema, { file: files }));
  } catch (error) {
    // The sources were already checked; this only fires on descriptors from elsewhere (a server, a protoset).
    throw new SchemaError([
      {
        message: `The descriptors are inconsistent: ${(error as Error).message}`,
        hint: 'If they came from a server or a descriptor set, regenerate them with all imports included (protoc --include_imports).',
      },
    ]);
  }
}
