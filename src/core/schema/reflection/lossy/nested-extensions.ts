import type { DescriptorProto } from '@bufbuild/protobuf/wkt';

/** proto-loader lists an extension declared inside a message among the message's fields, extendee and all. */
export function moveNestedExtensions(message: DescriptorProto): void {
  const extensions = message.field.filter((field) => field.extendee);
  if (extensions.length === 0) return;
  message.field = message.field.filter((field) => !field.extendee);
  message.extension.push(...extensions);
}
