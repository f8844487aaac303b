import { create } from '@bufbuild/protobuf';
import {
  EnumDescriptorProto_EnumReservedRangeSchema,
  EnumDescriptorProtoSchema,
  EnumOptionsSchema,
  EnumValueDescriptorProtoSchema,
  EnumValueOptionsSchema,
  FieldOptions_OptionTargetType as Target,
  SymbolVisibility,
  type EnumDescriptorProto,
} from '@bufbuild/protobuf/wkt';
import type { EnumAst } from './ast';
import { pendOptions, qualify, report, type LinkContext } from './linker-context';

const INT32_MAX = 2147483647;

/** Builds an enum descriptor; reserved ranges keep protoc's inclusive end. */
export function buildEnum(
  ctx: LinkContext,
  scope: string,
  node: EnumAst,
  path: number[],
): EnumDescriptorProto {
  const full = qualify(scope, node.name);
  const built = create(EnumDescriptorProtoSchema, { name: node.name });
  if (node.visibility)
    built.visibility =
      node.visibility === 'export' ? SymbolVisibility.VISIBILITY_EXPORT : SymbolVisibility.VISIBILITY_LOCAL;
  ctx.source.add(path, node.span, node.comments);
  ctx.records.spans.set(built, node.nameSpan);
  node.values.forEach((value, index) => {
    const entry = create(EnumValueDescriptorProtoSchema, { name: value.name, number: value.number });
    built.value.push(entry);
    ctx.source.add([...path, 2, index], value.span, value.comments);
    ctx.records.spans.set(entry, value.nameSpan);
    pendOptions(
      ctx,
      entry,
      Target.TARGET_TYPE_ENUM_ENTRY,
      qualify(scope, value.name),
      value.options,
      EnumValueOptionsSchema,
    );
  });
  for (const reserved of node.reserved) {
    for (const range of reserved.ranges) {
      built.reservedRange.push(
        create(EnumDescriptorProto_EnumReservedRangeSchema, {
          start: range.start,
          end: range.end === 'max' ? INT32_MAX : range.end,
        }),
      );
    }
    built.reservedName.push(...reserved.names);
  }
  pendOptions(ctx, built, Target.TARGET_TYPE_ENUM, full, node.options, EnumOptionsSchema);
  checkEnum(ctx, full, node);
  return built;
}

function checkEnum(ctx: LinkContext, full: string, node: EnumAst): void {
  const first = node.values[0];
  if (!first) {
    report(ctx, node.nameSpan, `Enum "${full}" must contain at least one value.`);
    return;
  }
  if (ctx.ast.syntax === 'proto3' && first.number !== 0) {
    report(ctx, first.span, 'The first enum value must be zero in proto3.');
  }
  const allowAlias = node.options.some(
    (o) =>
      o.name.length === 1 &&
      o.name[0]?.name === 'allow_alias' &&
      o.value.kind === 'identifier' &&
      o.value.value === 'true',
  );
  const byNumber = new Map<number, string>();
  for (const value of node.values) {
    const other = byNumber.get(value.number);
    if (other !== undefined && !allowAlias) {
      report(
        ctx,
        value.span,
        `"${qualify(full.slice(0, Math.max(0, full.lastIndexOf('.'))), value.name)}" uses the same enum value as "${qualify(full.slice(0, Math.max(0, full.lastIndexOf('.'))), other)}".`,
        "If this is intended, set 'option allow_alias = true;' to the enum definition.",
      );
    }
    if (other === undefined) byNumber.set(value.number, value.name);
    for (const reserved of node.reserved) {
      if (reserved.names.includes(value.name))
        report(ctx, value.span, `Enum value "${value.name}" is reserved.`);
      for (const range of reserved.ranges) {
        const end = range.end === 'max' ? INT32_MAX : range.end;
        if (value.number >= range.start && value.number <= end) {
          report(ctx, value.span, `Enum value "${value.name}" uses reserved number ${value.number}.`);
        }
      }
    }
  }
}
