import type { FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import { declaredTypes } from './declared-types';
import { typeReferences } from './references';

/**
 * Whether the files bear the marks of @grpc/proto-loader's descriptors: a type name that is not fully qualified, or a
 * file that refers to types of other files while importing none. protoc and buf never produce either, nor do servers
 * that serve what they compiled (grpc-go, grpc-java, Python, C++).
 */
export function looksLossy(files: FileDescriptorProto[]): boolean {
  const declared = declaredTypes(files);
  return files.some((file) => {
    const references = typeReferences(file);
    if (references.some((reference) => !reference.name.startsWith('.'))) return true;
    return (
      file.dependency.length === 0 &&
      references.some((reference) => (declared.get(reference.name.slice(1)) ?? file) !== file)
    );
  });
}
