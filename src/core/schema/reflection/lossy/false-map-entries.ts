import { clearField } from '@bufbuild/protobuf';
import { MessageOptionsSchema, type DescriptorProto } from '@bufbuild/protobuf/wkt';

/**
 * proto-loader, given a descriptor set, marks every message that declares a map as a map entry itself (protobufjs's
 * Type.fromDescriptor sets the flag on the parent of each entry). A real entry declares no types, so the flag goes.
 */
export function clearFalseMapEntry(message: DescriptorProto): void {
  if (message.options?.mapEntry && message.nestedType.length > 0)
    clearField(message.options, MessageOptionsSchema.field.mapEntry);
}
