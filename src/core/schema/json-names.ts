import { isFieldSet } from '@bufbuild/protobuf';
import {
  FieldDescriptorProtoSchema,
  type DescriptorProto,
  type FileDescriptorProto,
} from '@bufbuild/protobuf/wkt';
import { jsonName } from './proto/json-name';

/**
 * Gives every field without `json_name` the name protoc derives (ToJsonName). Descriptors embedded by protoc's C++,
 * Java, Python and C# generators, and so those their reflection serves, omit it; @bufbuild/protobuf reads the field
 * as is, so without this every such field would print and parse as "". An explicit `json_name`, even "", is kept.
 */
export function fillJsonNames(files: FileDescriptorProto[]): void {
  for (const file of files) for (const message of file.messageType) fillMessage(message);
}

function fillMessage(message: DescriptorProto): void {
  for (const field of message.field) {
    if (!isFieldSet(field, FieldDescriptorProtoSchema.field.jsonName)) field.jsonName = jsonName(field.name);
  }
  for (const nested of message.nestedType) fillMessage(nested);
}
