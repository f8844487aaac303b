import { create, createFileRegistry, type FileRegistry } from '@bufbuild/protobuf';
import { FileDescriptorSetSchema, type FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import { bundledFiles } from '../../schema/proto/bundled-files';

/** The services every mock answers itself, whatever its schema. */
export const reflectionV1 = 'grpc.reflection.v1.ServerReflection';
export const reflectionV1alpha = 'grpc.reflection.v1alpha.ServerReflection';
export const health = 'grpc.health.v1.Health';

/** The bundled files that define them, and their registry (compiled once per process). */
export interface BuiltinSchema {
  files: FileDescriptorProto[];
  registry: FileRegistry;
}

let built: BuiltinSchema | undefined;

export function builtinSchema(): BuiltinSchema {
  if (!built) {
    const files = bundledFiles([
      'grpc/reflection/v1/reflection.proto',
      'grpc/reflection/v1alpha/reflection.proto',
      'grpc/health/v1/health.proto',
    ]);
    built = { files, registry: createFileRegistry(create(FileDescriptorSetSchema, { file: files })) };
  }
  return built;
}
