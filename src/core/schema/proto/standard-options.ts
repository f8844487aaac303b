import { join } from 'node:path';
import { createFileRegistry, create, type Registry } from '@bufbuild/protobuf';
import { FileDescriptorSetSchema } from '@bufbuild/protobuf/wkt';
import { bundledProtoRoot } from '../bundled/root';
import { linkFiles } from './linker';
import { loadProtoFiles } from './resolve-imports';

let standard: Promise<Registry> | undefined;

/**
 * descriptor.proto as protoc has it built in, compiled once per process from the bundled copy (protoc 35.1's):
 * unlike @bufbuild/protobuf's copy it keeps the option targets and feature support windows the rules need.
 */
export function standardOptionTypes(): Promise<Registry> {
  standard ??= (async () => {
    const root = bundledProtoRoot();
    const { files } = await loadProtoFiles([join(root, 'google/protobuf/descriptor.proto')], [root]);
    return createFileRegistry(create(FileDescriptorSetSchema, { file: linkFiles(files.map((f) => f.ast)) }));
  })();
  return standard;
}
