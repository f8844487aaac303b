import { create, createFileRegistry, type DescExtension } from '@bufbuild/protobuf';
import { FeatureSetSchema, FileDescriptorSetSchema } from '@bufbuild/protobuf/wkt';
import { bundledFiles } from '../proto/bundled-files';

let extensions: DescExtension[] | undefined;

/**
 * protoc's language features (`pb.cpp`, `pb.java`, `pb.go`), from the bundled files. Protobuf runtimes serve edition
 * 2024 files by reflection without their `import option` files, so a schema may hold these features set but not
 * their definitions; describe still prints them by these.
 */
export function languageFeatures(): DescExtension[] {
  if (!extensions) {
    const names = ['descriptor', 'cpp_features', 'java_features', 'go_features'].map(
      (n) => `google/protobuf/${n}.proto`,
    );
    const registry = createFileRegistry(create(FileDescriptorSetSchema, { file: bundledFiles(names) }));
    extensions = [...registry].filter(
      (desc): desc is DescExtension =>
        desc.kind === 'extension' && desc.extendee.typeName === FeatureSetSchema.typeName,
    );
  }
  return extensions;
}
