import type { FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import { bundledFiles } from '../../proto/bundled-files';

/** The package of the well-known types. */
export const wellKnownPackage = 'google.protobuf';

/** The well-known types' files (and descriptor.proto, which proto-loader also copies when options are used), imports first. */
const wellKnownFiles = [
  'any',
  'source_context',
  'type',
  'api',
  'descriptor',
  'duration',
  'empty',
  'field_mask',
  'struct',
  'timestamp',
  'wrappers',
].map((name) => `google/protobuf/${name}.proto`);

/** The engine's bundled copies of the well-known types: each under its real file name. */
export function bundledWellKnownFiles(): FileDescriptorProto[] {
  return bundledFiles(wellKnownFiles);
}
