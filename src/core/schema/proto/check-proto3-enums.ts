import {
  Edition,
  FieldDescriptorProto_Type as T,
  type DescriptorProto,
  type FieldDescriptorProto,
  type FileDescriptorProto,
} from '@bufbuild/protobuf/wkt';
import type { LinkRecords } from './link-records';
import type { OptionTypes } from './options-types';
import type { Problems } from './problems';

/**
 * protoc's ValidateProto3Field rule on enums: a proto3 file's enum fields (extensions included, named after the
 * message they extend) must use open enums, since their default is zero.
 */
export function checkProto3Enums(
  file: FileDescriptorProto,
  types: OptionTypes,
  records: LinkRecords,
  problems: Problems,
): void {
  const check = (field: FieldDescriptorProto, container: string): void => {
    if (field.type !== T.ENUM) return;
    const name = field.typeName.slice(1);
    // proto3 enums are always open: only enums of other syntaxes need their features resolved.
    const definedIn = types.symbols.get(name)?.file;
    if (definedIn === undefined || records.editionOf(definedIn) === Edition.EDITION_PROTO3) return;
    const enumType = types.enumType(name);
    if (enumType && !enumType.open) {
      problems.add(
        file.name,
        records.spans.get(field),
        `Enum type "${enumType.typeName}" is not an open enum, but is used in "${field.extendee ? field.extendee.slice(1) : container}" which is a proto3 message type.`,
        'Proto3 fields need an open enum: one from a proto3 file, or an editions enum without features.enum_type = CLOSED.',
      );
    }
  };
  const visit = (message: DescriptorProto, scope: string): void => {
    const full = scope ? `${scope}.${message.name}` : message.name;
    for (const field of [...message.field, ...message.extension]) check(field, full);
    for (const nested of message.nestedType) visit(nested, full);
  };
  for (const field of file.extension) check(field, '');
  for (const message of file.messageType) visit(message, file.package);
}
