import { clearField, clone } from '@bufbuild/protobuf';
import {
  FieldDescriptorProtoSchema,
  FileDescriptorProtoSchema,
  type DescriptorProto,
  type FieldDescriptorProto,
  type FileDescriptorProto,
} from '@bufbuild/protobuf/wkt';

/** Every field and extension declared in a file, nested messages included. */
export function descriptorFields(file: FileDescriptorProto): FieldDescriptorProto[] {
  const walk = (messages: DescriptorProto[]): FieldDescriptorProto[] =>
    messages.flatMap((m) => [...m.field, ...m.extension, ...walk(m.nestedType)]);
  return [...file.extension, ...walk(file.messageType)];
}

/**
 * A copy of a file with json_name cleared, except on the fields `keep` accepts: what protoc's C++, Java, Python and C#
 * generators embed (an explicit json_name only), or, keeping none, everything else about a file to compare.
 */
export function withoutJsonNames(
  file: FileDescriptorProto,
  keep: (field: FieldDescriptorProto) => boolean = () => false,
): FileDescriptorProto {
  const copy = clone(FileDescriptorProtoSchema, file);
  for (const field of descriptorFields(copy)) {
    if (!keep(field)) clearField(field, FieldDescriptorProtoSchema.field.jsonName);
  }
  return copy;
}
