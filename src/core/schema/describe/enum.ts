import type { DescEnum, DescEnumValue } from '@bufbuild/protobuf';
import { EnumOptionsSchema, EnumValueOptionsSchema } from '@bufbuild/protobuf/wkt';
import {
  locationOf,
  printComment,
  printOptionsLong,
  printOptionsShort,
  visibilityKeyword,
  type PrintContext,
} from './context';
import { extractOptions } from './options';
import { printReservedNames, printReservedRanges } from './reserved';

const MAX_ENUM_NUMBER = 2147483647;

/** grpcurl's value order: by number (zero first in open enums, since it must be the default), then name. */
function compareValues(a: DescEnumValue, b: DescEnumValue): number {
  if (a.number === b.number) return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  if (a.parent.open) {
    if (b.number === 0) return 1;
    if (a.number === 0) return -1;
  }
  return a.number - b.number;
}

/** Prints one enum value: `NAME = 1 [deprecated = true];`. */
export function printEnumValue(ctx: PrintContext, value: DescEnumValue, indent: number): void {
  printComment(ctx, locationOf(value), indent);
  ctx.w.indent(indent);
  ctx.w.write(`${value.name} = ${value.number} `);
  const file = value.parent.file;
  printOptionsShort(
    ctx,
    extractOptions(EnumValueOptionsSchema, value.proto.options, file, ctx.registry),
    indent,
  );
  ctx.w.write(';');
  ctx.w.endLine();
}

/** Prints `enum Name { ... }`: options, values, reserved numbers and names. */
export function printEnum(ctx: PrintContext, desc: DescEnum, indent: number): void {
  printComment(ctx, locationOf(desc), indent);
  ctx.w.indent(indent);
  ctx.w.write(`${visibilityKeyword(desc.proto.visibility)}enum ${desc.name} `);
  ctx.w.line('{');
  printOptionsLong(
    ctx,
    extractOptions(EnumOptionsSchema, desc.proto.options, desc.file, ctx.registry),
    indent + 1,
  );
  for (const value of [...desc.values].sort(compareValues)) printEnumValue(ctx, value, indent + 1);
  printReservedRanges(ctx, desc.proto.reservedRange, MAX_ENUM_NUMBER, indent + 1);
  printReservedNames(ctx, desc.proto.reservedName, desc.file, indent + 1);
  ctx.w.indent(indent);
  ctx.w.line('}');
}
