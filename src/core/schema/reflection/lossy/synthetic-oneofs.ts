import { isFieldSet } from '@bufbuild/protobuf';
import {
  FieldDescriptorProtoSchema,
  type DescriptorProto,
  type FieldDescriptorProto,
} from '@bufbuild/protobuf/wkt';

const oneofIndex = FieldDescriptorProtoSchema.field.oneofIndex;

/**
 * proto-loader drops proto3_optional: `optional string x` arrives as a oneof `_x` holding only x. protoc marks x as
 * proto3_optional and lists such synthetic oneofs after the real ones (descriptor pools reject them earlier).
 */
export function restoreProto3Optional(message: DescriptorProto): void {
  const members = (index: number): FieldDescriptorProto[] =>
    message.field.filter((field) => isFieldSet(field, oneofIndex) && field.oneofIndex === index);
  const synthetic = message.oneofDecl.map((oneof, index) => {
    const [only, ...others] = members(index);
    return only !== undefined && others.length === 0 && oneof.name === `_${only.name}` ? only : undefined;
  });
  if (synthetic.every((field) => field === undefined)) return;
  const indexes = message.oneofDecl.map((_, index) => index);
  const order = [...indexes.filter((i) => !synthetic[i]), ...indexes.filter((i) => synthetic[i])];
  const renumbered = new Map(order.map((old, position) => [old, position]));
  message.oneofDecl = order.map((i) => message.oneofDecl[i]!);
  for (const field of message.field) {
    if (isFieldSet(field, oneofIndex)) field.oneofIndex = renumbered.get(field.oneofIndex)!;
  }
  for (const field of synthetic) if (field) field.proto3Optional = true;
}
