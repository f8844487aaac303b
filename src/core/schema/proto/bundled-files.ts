import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { create, createFileRegistry, type Registry } from '@bufbuild/protobuf';
import { FileDescriptorSetSchema, type FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import { bundledProtoRoot } from '../bundled/root';
import { linkFiles } from './linker';
import { parseProto } from './parser';

const compiled = new Map<string, FileDescriptorProto[]>();
let standard: Registry | undefined;

/**
 * Bundled .proto files (import names, each after the files it imports) compiled by the engine's own compiler, once
 * per process: the error details, the well-known types, the language features, descriptor.proto.
 */
export function bundledFiles(names: readonly string[]): FileDescriptorProto[] {
  const key = names.join('\n');
  let files = compiled.get(key);
  if (!files) {
    const root = bundledProtoRoot();
    const asts = names.map((name) => parseProto(readFileSync(join(root, name), 'utf8'), name));
    files = linkFiles(asts, { standard: standardOptionTypes() });
    compiled.set(key, files);
  }
  return files;
}

/**
 * descriptor.proto as protoc has it built in, from the bundled copy (protoc 35.1's): unlike @bufbuild/protobuf's copy
 * it keeps the option targets and feature support windows the option rules need.
 */
export function standardOptionTypes(): Registry {
  if (!standard) {
    const name = 'google/protobuf/descriptor.proto';
    const ast = parseProto(readFileSync(join(bundledProtoRoot(), name), 'utf8'), name);
    standard = createFileRegistry(create(FileDescriptorSetSchema, { file: linkFiles([ast]) }));
  }
  return standard;
}
