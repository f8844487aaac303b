import { create, createFileRegistry, type FileRegistry } from '@bufbuild/protobuf';
import { FileDescriptorSetSchema, type FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import { bundledFiles } from '../../schema/proto/bundled-files';

/** The services every mock answers itself, whatever its schema. */
export const reflectionV1 = 'grpc.reflection.v1.ServerReflection';
export const reflectionV1alpha = 'grpc.reflection.v1alpha.ServerReflection';
export const health = 'grpc.health.v1.Health';
/** The services every mock answers itself, whatever the schema says of them. */
export const builtinServiceNames = [reflectionV1, reflectionV1alpha, health];

/**
 * The bundled files that define them, and google.rpc's error details (with their imports), so reflection clients
 * such as grpcurl can show the typed details of an error even when the schema does not import them. Their registry
 * is compiled once per process.
 */
export interface BuiltinSchema {
  files: FileDescriptorProto[];
  registry: FileRegistry;
}

let built: BuiltinSchema | undefined;

export function builtinSchema(): BuiltinSchema {
  if (!built) {
    const files = bundledFiles([
      'google/protobuf/any.proto',
      'google/protobuf/duration.proto',
      'google/rpc/status.proto',
      'google/rpc/error_details.proto',
      'grpc/reflection/v1/reflection.proto',
      'grpc/reflection/v1alpha/reflection.proto',
      'grpc/health/v1/health.proto',
    ]);
    built = { files, registry: createFileRegistry(create(FileDescriptorSetSchema, { file: files })) };
  }
  return built;
}
