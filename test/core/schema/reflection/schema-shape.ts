import {
  ScalarType,
  type DescEnum,
  type DescExtension,
  type DescField,
  type DescMessage,
  type DescService,
  type FileRegistry,
} from '@bufbuild/protobuf';

/** How a name in protoc's descriptors appears in the compared schema: proto-loader camel-cases field and oneof names unless keepCase. */
export type Rename = (protocName: string) => string;

const asIs: Rename = (name) => name;

/**
 * Everything about a schema's types that list, describe, samples, JSON and calls depend on, by full name: fields (names,
 * numbers, JSON names, kinds, types, presence, packing, oneofs), nested types, reserved and extension ranges, enum
 * values, extensions, and methods. Left out because proto-loader's descriptors never carry them: which file holds a type
 * (file names, imports), options, comments and source info. Types of files that `skip` accepts are left out too.
 */
export function schemaShape(
  registry: FileRegistry,
  rename: Rename = asIs,
  skip: (file: string) => boolean = () => false,
): Map<string, unknown> {
  const shapes = new Map<string, unknown>();
  for (const desc of registry) {
    if (skip(desc.file.proto.name)) continue;
    // An extension's full name ends in its field name, which proto-loader may have camel-cased too.
    const name =
      desc.kind === 'extension'
        ? `${desc.typeName.slice(0, -desc.name.length)}${rename(desc.name)}`
        : desc.typeName;
    shapes.set(name, shapeOf(desc, rename));
  }
  return shapes;
}

function shapeOf(desc: DescMessage | DescEnum | DescExtension | DescService, rename: Rename): unknown {
  switch (desc.kind) {
    case 'message':
      return messageShape(desc, rename);
    case 'enum':
      return enumShape(desc);
    case 'extension':
      return { ...fieldShape(desc, rename), jsonName: undefined, extendee: desc.extendee.typeName };
    case 'service':
      return desc.methods.map((m) => ({
        name: m.name,
        kind: m.methodKind,
        input: m.input.typeName,
        output: m.output.typeName,
      }));
  }
}

function messageShape(message: DescMessage, rename: Rename): unknown {
  return {
    edition: message.file.edition,
    fields: message.fields.map((field) => fieldShape(field, rename)),
    oneofs: message.oneofs.map((oneof) => ({
      name: rename(oneof.name),
      fields: oneof.fields.map((f) => rename(f.name)),
    })),
    nestedMessages: message.nestedMessages.map((m) => m.typeName),
    nestedEnums: message.nestedEnums.map((e) => e.typeName),
    nestedExtensions: message.nestedExtensions.map((e) => e.typeName),
    reservedRanges: message.proto.reservedRange.map((r) => [r.start, r.end]),
    reservedNames: message.proto.reservedName,
    extensionRanges: message.proto.extensionRange.map((r) => [r.start, r.end]),
  };
}

function enumShape(desc: DescEnum): unknown {
  return { open: desc.open, values: desc.values.map((v) => [v.name, v.number]) };
}

function fieldShape(field: DescField | DescExtension, rename: Rename): Record<string, unknown> {
  return {
    name: rename(field.name),
    number: field.number,
    jsonName: field.jsonName,
    kind: field.fieldKind,
    type: valueType(field),
    mapKey: field.fieldKind === 'map' ? ScalarType[field.mapKey] : undefined,
    presence: field.presence,
    packed: field.fieldKind === 'list' ? field.packed : undefined,
    delimited: 'delimitedEncoding' in field ? field.delimitedEncoding : undefined,
    oneof: field.oneof && rename(field.oneof.name),
    proto3Optional: field.proto.proto3Optional,
  };
}

/** A scalar's name, or the full name of the message or enum (of a list's elements, of a map's values). */
function valueType(field: DescField | DescExtension): string {
  if (field.message) return field.message.typeName;
  if (field.enum) return field.enum.typeName;
  return field.scalar === undefined ? '' : ScalarType[field.scalar];
}
