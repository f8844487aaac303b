import { isFieldSet } from '@bufbuild/protobuf';
import {
  FieldDescriptorProtoSchema,
  type DescriptorProto,
  type FieldDescriptorProto,
  type FileDescriptorProto,
} from '@bufbuild/protobuf/wkt';
import { jsonName } from './proto/json-name';

/**
 * Gives every field without `json_name` the name protoc derives (ToJsonName). Descriptors embedded by protoc's C++,
 * Java, Python and C# generators, and so those their reflection serves, omit it; @bufbuild/protobuf reads the field
 * as is, so without this every such field would print and parse as "". An explicit `json_name`, even "", is kept.
 */
export function fillJsonNames(files: FileDescriptorProto[]): void {
  for (const file of files) {
    fillFields(file.extension);
    for (const message of file.messageType) fillMessage(message);
  }
}

function fillMessage(message: DescriptorProto): void {
  fillFields(message.field);
  fillFields(message.extension);
  for (const nested of message.nestedType) fillMessage(nested);
}

// Extensions too, as protoc writes them (the library names them "[full.name]" in JSON whatever they say).
function fillFields(fields: FieldDescriptorProto[]): void {
  for (const field of fields) {
    if (!isFieldSet(field, FieldDescriptorProtoSchema.field.jsonName)) field.jsonName = jsonName(field.name);
  }
}
