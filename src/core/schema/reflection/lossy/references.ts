import type { FieldDescriptorProto, FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import { forEachMessage } from './messages';
import { qualify } from '../../proto/linker-context';

/** A type name a descriptor refers to: a field's type or extendee, or a method's input or output. */
export interface TypeReference {
  /** As the file has it: fully qualified (leading dot), or relative to `scope`. */
  name: string;
  /** The innermost scope a relative name can be relative to: the message, service or package holding the reference. */
  scope: string;
  /** Who refers, for messages: `field shop.orders.v1.Order.items`. */
  owner: string;
  /** Writes a new name in the descriptor. */
  replace: (name: string) => void;
}

/** Every type reference of the file. */
export function typeReferences(file: FileDescriptorProto): TypeReference[] {
  const references: TypeReference[] = [];
  const fieldReferences = (field: FieldDescriptorProto, scope: string, fullName: string): void => {
    const owner = `${field.extendee ? 'extension' : 'field'} ${fullName}`;
    if (field.typeName)
      references.push({ name: field.typeName, scope, owner, replace: (name) => (field.typeName = name) });
    if (field.extendee)
      references.push({ name: field.extendee, scope, owner, replace: (name) => (field.extendee = name) });
  };
  forEachMessage(file, (message, fullName) => {
    for (const field of [...message.field, ...message.extension])
      fieldReferences(field, fullName, qualify(fullName, field.name));
  });
  for (const extension of file.extension)
    fieldReferences(extension, file.package, qualify(file.package, extension.name));
  for (const service of file.service) {
    const scope = qualify(file.package, service.name);
    for (const method of service.method) {
      const owner = `method ${qualify(scope, method.name)}`;
      references.push({ name: method.inputType, scope, owner, replace: (name) => (method.inputType = name) });
      references.push({
        name: method.outputType,
        scope,
        owner,
        replace: (name) => (method.outputType = name),
      });
    }
  }
  return references;
}
