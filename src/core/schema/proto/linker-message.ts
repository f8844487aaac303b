import { create } from '@bufbuild/protobuf';
import {
  DescriptorProto_ExtensionRangeSchema,
  DescriptorProto_ReservedRangeSchema,
  DescriptorProtoSchema,
  ExtensionRangeOptionsSchema,
  FieldOptions_OptionTargetType as Target,
  MessageOptionsSchema,
  OneofDescriptorProtoSchema,
  OneofOptionsSchema,
  SymbolVisibility,
  type DescriptorProto,
} from '@bufbuild/protobuf/wkt';
import type {
  Comments,
  ExtendAst,
  FieldAst,
  GroupAst,
  MessageElement,
  OptionAst,
  Span,
  Visibility,
} from './ast';
import { checkMessage } from './linker-checks';
import { pendOptions, qualify, type LinkContext } from './linker-context';
import { buildEnum } from './linker-enum';
import { buildField, buildGroupField, type FieldPlace } from './linker-field';
import { buildMapField } from './linker-map';

/** What a message-like declaration (message or group) brings. */
export interface MessageNode {
  name: string;
  body: MessageElement[];
  span: Span;
  nameSpan: Span;
  comments: Comments;
  visibility?: Visibility;
}

/** Largest field number + 1: the exclusive end of `to max` ranges. */
const FIELD_NUMBER_END = 536870912;
const MESSAGE_SET_END = 2147483647;

/** Builds a message descriptor, nested declarations in declaration order. */
export function buildMessage(
  ctx: LinkContext,
  scope: string,
  node: MessageNode,
  path: number[],
): DescriptorProto {
  const full = qualify(scope, node.name);
  const msg = create(DescriptorProtoSchema, { name: node.name });
  if (node.visibility)
    msg.visibility =
      node.visibility === 'export' ? SymbolVisibility.VISIBILITY_EXPORT : SymbolVisibility.VISIBILITY_LOCAL;
  ctx.source.add(path, node.span, node.comments);
  ctx.records.spans.set(msg, node.nameSpan);
  const fieldSpans: Span[] = [];
  const messageOptions: OptionAst[] = [];
  const extensionEnd = isMessageSet(node.body) ? MESSAGE_SET_END : FIELD_NUMBER_END;

  const addField = (field: FieldAst | GroupAst, oneofIndex?: number): void => {
    const place: FieldPlace = { scope: full, path: [...path, 2, msg.field.length] };
    if (oneofIndex !== undefined) place.oneofIndex = oneofIndex;
    if (field.kind === 'group') {
      msg.nestedType.push(buildMessage(ctx, full, field, [...path, 3, msg.nestedType.length]));
      msg.field.push(buildGroupField(ctx, field, place));
    } else {
      msg.field.push(buildField(ctx, field, place));
    }
    fieldSpans.push(field.nameSpan);
  };
  const addExtensions = (extend: ExtendAst): void => {
    for (const field of extend.fields) {
      const place: FieldPlace = { scope: full, path: [...path, 6, msg.extension.length] };
      const extendee = resolveExtendee(ctx, extend, field, full);
      if (extendee !== undefined) place.extendee = extendee;
      if (field.kind === 'group') {
        msg.nestedType.push(buildMessage(ctx, full, field, [...path, 3, msg.nestedType.length]));
        msg.extension.push(buildGroupField(ctx, field, place));
      } else {
        msg.extension.push(buildField(ctx, field, place));
      }
    }
  };

  for (const el of node.body) {
    switch (el.kind) {
      case 'field':
      case 'group':
        addField(el);
        break;
      case 'map': {
        const built = buildMapField(ctx, full, el, [...path, 2, msg.field.length]);
        msg.nestedType.push(built.entry);
        msg.field.push(built.field);
        fieldSpans.push(el.nameSpan);
        break;
      }
      case 'oneof': {
        const index = msg.oneofDecl.length;
        const oneof = create(OneofDescriptorProtoSchema, { name: el.name });
        msg.oneofDecl.push(oneof);
        ctx.source.add([...path, 8, index], el.span, el.comments);
        ctx.records.spans.set(oneof, el.nameSpan);
        pendOptions(
          ctx,
          oneof,
          Target.TARGET_TYPE_ONEOF,
          qualify(full, el.name),
          el.options,
          OneofOptionsSchema,
        );
        for (const field of el.fields) addField(field, index);
        break;
      }
      case 'message':
        msg.nestedType.push(buildMessage(ctx, full, el, [...path, 3, msg.nestedType.length]));
        break;
      case 'enum':
        msg.enumType.push(buildEnum(ctx, full, el, [...path, 4, msg.enumType.length]));
        break;
      case 'extend':
        addExtensions(el);
        break;
      case 'extensions':
        for (const range of el.ranges) {
          const built = create(DescriptorProto_ExtensionRangeSchema, {
            start: range.start,
            end: range.end === 'max' ? extensionEnd : range.end + 1,
          });
          msg.extensionRange.push(built);
          ctx.records.spans.set(built, range.span);
          pendOptions(
            ctx,
            built,
            Target.TARGET_TYPE_EXTENSION_RANGE,
            full,
            el.options,
            ExtensionRangeOptionsSchema,
          );
        }
        break;
      case 'reserved':
        for (const range of el.ranges) {
          msg.reservedRange.push(
            create(DescriptorProto_ReservedRangeSchema, {
              start: range.start,
              end: range.end === 'max' ? FIELD_NUMBER_END : range.end + 1,
            }),
          );
        }
        msg.reservedName.push(...el.names);
        break;
      case 'option':
        messageOptions.push(el.option);
        break;
    }
  }
  addSyntheticOneofs(msg);
  checkMessage(ctx, full, msg, fieldSpans, node.body);
  pendOptions(ctx, msg, Target.TARGET_TYPE_MESSAGE, full, messageOptions, MessageOptionsSchema);
  return msg;
}

/** Resolves an `extend X { ... }` block's extendee from the scope of one of its fields. */
export function resolveExtendee(
  ctx: LinkContext,
  extend: ExtendAst,
  field: FieldAst | GroupAst,
  scope: string,
): string | undefined {
  const name = field.kind === 'group' ? field.name.toLowerCase() : field.name;
  const found = ctx.symbols.lookup(extend.extendee, qualify(scope, name), ctx.view, false);
  if (!found.ok) {
    ctx.problems.add(ctx.file, extend.extendeeSpan, found.message, found.hint);
    return undefined;
  }
  if (found.entry.kind !== 'message') {
    ctx.problems.add(ctx.file, extend.extendeeSpan, `"${extend.extendee}" is not a message type.`);
    return undefined;
  }
  ctx.records.reference(ctx.file, found.fullName, found.entry.file, extend.extendeeSpan, 'extendee');
  return found.fullName;
}

/** proto3 `optional` fields each get a oneof `_name`, after all real oneofs, as protoc's parser adds them. */
function addSyntheticOneofs(msg: DescriptorProto): void {
  const names = new Set([...msg.field.map((f) => f.name), ...msg.oneofDecl.map((o) => o.name)]);
  for (const field of msg.field) {
    if (!field.proto3Optional) continue;
    let name = field.name.startsWith('_') ? field.name : `_${field.name}`;
    while (names.has(name)) name = `X${name}`;
    names.add(name);
    field.oneofIndex = msg.oneofDecl.length;
    msg.oneofDecl.push(create(OneofDescriptorProtoSchema, { name }));
  }
}

function isMessageSet(body: MessageElement[]): boolean {
  return body.some(
    (el) =>
      el.kind === 'option' &&
      el.option.name.length === 1 &&
      el.option.name[0]?.name === 'message_set_wire_format' &&
      el.option.value.kind === 'identifier' &&
      el.option.value.value === 'true',
  );
}
