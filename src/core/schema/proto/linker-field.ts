import { create } from '@bufbuild/protobuf';
import {
  FieldOptions_OptionTargetType as Target,
  FieldDescriptorProto_Label as L,
  FieldDescriptorProto_Type as T,
  FieldDescriptorProtoSchema,
  FieldOptionsSchema,
  type FieldDescriptorProto,
} from '@bufbuild/protobuf/wkt';
import type { FieldAst, GroupAst, Label, OptionAst } from './ast';
import { defaultText } from './defaults';
import { resolveFieldType } from './field-types';
import { jsonName } from './json-name';
import { pendOptions, qualify, report, type LinkContext } from './linker-context';

const labels: Record<Label, L> = { optional: L.OPTIONAL, required: L.REQUIRED, repeated: L.REPEATED };

/** Where a field is declared: its message (or extension scope), oneof and extendee. */
export interface FieldPlace {
  scope: string;
  path: number[];
  oneofIndex?: number;
  /** Full name of the extended message, for extensions. */
  extendee?: string;
}

/** Builds a field (or extension) descriptor from a field declaration. */
export function buildField(ctx: LinkContext, node: FieldAst, place: FieldPlace): FieldDescriptorProto {
  const full = qualify(place.scope, node.name);
  const field = create(FieldDescriptorProtoSchema, {
    name: node.name,
    number: node.number,
    jsonName: jsonName(node.name),
  });
  field.label = fieldLabel(ctx, node, place);
  const resolved = resolveFieldType(ctx, node.type, node.typeSpan, full);
  if (resolved) {
    field.type = resolved.type;
    if (resolved.typeName !== undefined) field.typeName = `.${resolved.typeName}`;
  }
  finishField(ctx, field, node, place, full);
  return field;
}

/** Builds the field half of a group: lower-cased name, TYPE_GROUP, the group's nested type. */
export function buildGroupField(ctx: LinkContext, node: GroupAst, place: FieldPlace): FieldDescriptorProto {
  const name = node.name.toLowerCase();
  const field = create(FieldDescriptorProtoSchema, {
    name,
    number: node.number,
    type: T.GROUP,
    typeName: `.${qualify(place.scope, node.name)}`,
    jsonName: jsonName(name),
  });
  field.label = fieldLabel(ctx, node, place);
  if (ctx.ast.syntax === 'proto3') report(ctx, node.span, 'Groups are not supported in proto3 syntax.');
  finishField(ctx, field, node, place, qualify(place.scope, name));
  return field;
}

function fieldLabel(ctx: LinkContext, node: FieldAst | GroupAst, place: FieldPlace): L {
  if (node.label === undefined) {
    if (ctx.ast.syntax === 'proto2' && place.oneofIndex === undefined) {
      report(
        ctx,
        node.span,
        'Expected "required", "optional", or "repeated".',
        `Add a label to field "${node.name}".`,
      );
    }
    return L.OPTIONAL;
  }
  if (place.oneofIndex !== undefined)
    report(ctx, node.span, 'Fields in oneofs must not have labels (required / optional / repeated).');
  if (node.label === 'required' && ctx.ast.syntax === 'proto3')
    report(ctx, node.span, 'Required fields are not allowed in proto3.');
  return labels[node.label];
}

/** Extendee, oneof index, proto3 optional, default, json_name, options and source location: common to fields and groups. */
function finishField(
  ctx: LinkContext,
  field: FieldDescriptorProto,
  node: FieldAst | GroupAst,
  place: FieldPlace,
  full: string,
): void {
  if (place.extendee !== undefined) field.extendee = `.${place.extendee}`;
  if (place.oneofIndex !== undefined) field.oneofIndex = place.oneofIndex;
  if (ctx.ast.syntax === 'proto3' && node.label === 'optional') field.proto3Optional = true;
  const rest: OptionAst[] = [];
  for (const option of node.options) {
    const [first] = option.name;
    if (option.name.length === 1 && first && !first.isExtension && first.name === 'default')
      applyDefault(ctx, field, option);
    else if (option.name.length === 1 && first && !first.isExtension && first.name === 'json_name')
      applyJsonName(ctx, field, option);
    else rest.push(option);
  }
  pendOptions(ctx, field, Target.TARGET_TYPE_FIELD, full, rest, FieldOptionsSchema);
  ctx.source.add(place.path, node.span, node.comments);
  ctx.records.spans.set(field, node.nameSpan);
}

function applyDefault(ctx: LinkContext, field: FieldDescriptorProto, option: OptionAst): void {
  if (ctx.ast.syntax === 'proto3') {
    report(ctx, option.span, 'Explicit default values are not allowed in proto3.');
    return;
  }
  if (field.label === L.REPEATED) {
    report(ctx, option.span, "Repeated fields can't have default values.");
    return;
  }
  const enumValues = field.type === T.ENUM ? ctx.symbols.get(field.typeName.slice(1))?.enumValues : undefined;
  const result = defaultText(field.type, option.value, enumValues);
  if ('error' in result) report(ctx, option.value.span, result.error);
  else field.defaultValue = result.text;
}

function applyJsonName(ctx: LinkContext, field: FieldDescriptorProto, option: OptionAst): void {
  if (field.extendee !== undefined && field.extendee !== '') {
    report(ctx, option.span, 'option json_name is not allowed on extension fields.');
    return;
  }
  if (option.value.kind !== 'string') {
    report(ctx, option.value.span, 'Expected string for JSON name.');
    return;
  }
  field.jsonName = new TextDecoder().decode(option.value.value);
}
