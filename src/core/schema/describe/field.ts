import {
  ScalarType,
  type DescEnum,
  type DescExtension,
  type DescField,
  type DescFile,
  type DescMessage,
} from '@bufbuild/protobuf';
import { FeatureSet_FieldPresence, FieldOptionsSchema } from '@bufbuild/protobuf/wkt';
import { locationOf, printComment, printOptionsShort, type PrintContext } from './context';
import { defaultJsonName, quotedString } from './literals';
import { compareOptionGroups, extractOptions, type OptionGroups } from './options';
import { enumText, scalarText } from './values';

// FieldDescriptorProto.Type and .Label numbers.
const TYPE_GROUP = 10;
const LABEL_OPTIONAL = 1;
const LABEL_REPEATED = 3;
const LABELS: Record<number, string> = { 1: 'optional', 2: 'required', 3: 'repeated' };
const EDITION_PROTO2 = 998;
const EDITION_2023 = 1000;

/** A field or an extension: both print the same way. */
export type AnyField = DescField | DescExtension;

/** Prints a message body; injected to avoid a module cycle (groups print their message inline). */
export type BodyPrinter = (ctx: PrintContext, message: DescMessage, indent: number) => void;

/** True for proto2 groups: `optional group Name = 1 { ... }` (editions have no group syntax: a delimited field is a message field). */
export function isGroup(field: AnyField): boolean {
  return field.proto.type === TYPE_GROUP && fileOfField(field).edition < EDITION_2023;
}

function fileOfField(field: AnyField): DescFile {
  return field.kind === 'field' ? field.parent.file : field.file;
}

/** A referenced type, always fully qualified with a leading dot (grpcurl's choice). */
export function qualified(desc: DescMessage | DescEnum): string {
  return `.${desc.typeName}`;
}

/** A scalar type's keyword: `int32`, `bytes`. */
function scalarName(type: ScalarType): string {
  return ScalarType[type].toLowerCase();
}

/** The type as written in a field declaration: `int32`, `.pkg.Msg`, `map<string, .pkg.Msg>`, or a group's name. */
function typeString(field: AnyField): string {
  if (field.fieldKind === 'map') {
    const value =
      field.mapKind === 'scalar'
        ? scalarName(field.scalar)
        : qualified(field.mapKind === 'enum' ? field.enum : field.message);
    return `map<${scalarName(field.mapKey)}, ${value}>`;
  }
  if (field.message) return isGroup(field) ? field.message.name : qualified(field.message);
  if (field.enum) return qualified(field.enum);
  return scalarName(field.scalar);
}

/** Whether the declaration shows its label, as protoc's syntax requires for this file. */
function showsLabel(field: AnyField): boolean {
  if (field.proto.proto3Optional) return true;
  if (field.fieldKind === 'map' || (field.kind === 'field' && field.oneof)) return false;
  const { edition } = fileOfField(field);
  // Editions have only `repeated`: presence is a feature (the features options are printed).
  if (edition >= EDITION_2023) return field.proto.label === LABEL_REPEATED;
  return field.proto.label !== LABEL_OPTIONAL || edition === EDITION_PROTO2;
}

/** The `default = ...` pseudo-option, when the source declared a default. */
function defaultOption(field: AnyField): OptionGroups {
  if (field.proto.defaultValue === undefined || field.presence === FeatureSet_FieldPresence.IMPLICIT)
    return [];
  if (field.fieldKind !== 'scalar' && field.fieldKind !== 'enum') return [];
  const value = field.getDefaultValue();
  if (value === undefined) return [];
  const text =
    field.fieldKind === 'enum'
      ? (enumText(field.enum, Number(value)) ?? String(value))
      : scalarText(field.scalar, value);
  return [[{ name: 'default', value: { kind: 'text', text } }]];
}

/** The `json_name = "..."` pseudo-option, when it differs from the name protoc would derive. */
function jsonNameOption(field: AnyField): OptionGroups {
  const json = field.proto.jsonName;
  if (!json || json === defaultJsonName(field.name)) return [];
  return [[{ name: 'json_name', value: { kind: 'text', text: quotedString(json) } }]];
}

/** Prints one field declaration (with its group body, for groups), preceded by its doc comment. */
export function printField(ctx: PrintContext, field: AnyField, indent: number, body: BodyPrinter): void {
  const group = isGroup(field) && field.message ? field.message : undefined;
  // A group's comments are recorded on its message, not on the field.
  printComment(ctx, locationOf(group ?? field), indent);
  const { w } = ctx;
  w.indent(indent);
  if (showsLabel(field)) w.write(`${LABELS[field.proto.label] ?? 'optional'} `);
  if (group) w.write('group ');
  w.write(`${typeString(field)} `);
  if (!group) w.write(`${field.name} `);
  w.write(`= ${field.number} `);
  const file = fileOfField(field);
  const options = [
    ...extractOptions(FieldOptionsSchema, field.proto.options, file, ctx.registry),
    ...defaultOption(field),
    ...jsonNameOption(field),
  ].sort(compareOptionGroups);
  printOptionsShort(ctx, options, indent);
  if (group) {
    w.line('{');
    body(ctx, group, indent + 1);
    w.indent(indent);
    w.line('}');
  } else {
    w.write(';');
    w.endLine();
  }
}
