import { join } from 'node:path';
import type { FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import { bundledProtoRoot } from '../../bundled/root';
import { compileProtos } from '../../proto/compile';

/** The package of the well-known types. */
export const wellKnownPackage = 'google.protobuf';

let compiled: Promise<FileDescriptorProto[]> | undefined;

/** The engine's bundled copies of the well-known types, compiled once per process: each under its real file name. */
export function bundledWellKnownFiles(): Promise<FileDescriptorProto[]> {
  compiled ??= compileWellKnown().catch((error: unknown) => {
    compiled = undefined;
    throw error;
  });
  return compiled;
}

/** The files of the well-known types (and descriptor.proto, which proto-loader also copies when options are used). */
const wellKnownFiles = [
  'any',
  'api',
  'descriptor',
  'duration',
  'empty',
  'field_mask',
  'source_context',
  'struct',
  'timestamp',
  'type',
  'wrappers',
].map((name) => `google/protobuf/${name}.proto`);

async function compileWellKnown(): Promise<FileDescriptorProto[]> {
  const root = bundledProtoRoot();
  return (await compileProtos({ files: wellKnownFiles.map((name) => join(root, name)), importPaths: [root] }))
    .files;
}
