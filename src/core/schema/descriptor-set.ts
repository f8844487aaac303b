import { readFile } from 'node:fs/promises';
import { fromBinary } from '@bufbuild/protobuf';
import { FileDescriptorSetSchema, type FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import { SchemaError } from './errors';
import { describeFileError } from './file-errors';
import { orderByDependencies } from './file-order';

/** Reads a binary FileDescriptorSet (protoc --descriptor_set_out, buf build -o, grpcurl -protoset-out). */
export async function readDescriptorSet(path: string): Promise<FileDescriptorProto[]> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new SchemaError([describeFileError(error, path, 'descriptor set')]);
  }
  let files: FileDescriptorProto[];
  try {
    files = fromBinary(FileDescriptorSetSchema, bytes).file;
  } catch (error) {
    throw notADescriptorSet(path, (error as Error).message);
  }
  if (files.length === 0 || files.some((f) => !f.name)) throw notADescriptorSet(path, 'it holds no named files');
  return orderByDependencies(files, path);
}

function notADescriptorSet(path: string, reason: string): SchemaError {
  return new SchemaError([
    {
      message: `${path} is not a binary FileDescriptorSet (${reason}).`,
      hint: 'Create one with `protoc --include_imports --descriptor_set_out=FILE`, `buf build -o FILE` or `protodesk protoset -o FILE`.',
    },
  ]);
}
