import {
  equals,
  type DescExtension,
  type DescField,
  type DescMessage,
  type DescOneof,
} from '@bufbuild/protobuf';
import {
  ExtensionRangeOptionsSchema,
  MessageOptionsSchema,
  OneofOptionsSchema,
  type DescriptorProto_ExtensionRange,
} from '@bufbuild/protobuf/wkt';
import {
  locationOf,
  printComment,
  printOptionsLong,
  printOptionsShort,
  visibilityKeyword,
  type PrintContext,
} from './context';
import { printEnum } from './enum';
import { isGroup, printField } from './field';
import { printExtensionBlocks } from './extend';
import { extractOptions } from './options';
import { printReservedNames, printReservedRanges } from './reserved';

/** The largest field number; `to max` in ranges. */
const MAX_FIELD_NUMBER = 536870911;

/** Prints `message Name { ... }` with its doc comment. */
export function printMessage(ctx: PrintContext, message: DescMessage, indent: number): void {
  printComment(ctx, locationOf(message), indent);
  ctx.w.indent(indent);
  ctx.w.write(`${visibilityKeyword(message.proto.visibility)}message ${message.name} `);
  ctx.w.line('{');
  printMessageBody(ctx, message, indent + 1);
  ctx.w.indent(indent);
  ctx.w.line('}');
}

/** Prints a oneof with its fields in number order. */
export function printOneof(ctx: PrintContext, oneof: DescOneof, indent: number): void {
  printComment(ctx, locationOf(oneof), indent);
  ctx.w.indent(indent);
  ctx.w.write(`oneof ${oneof.name} `);
  ctx.w.line('{');
  printOptionsLong(
    ctx,
    extractOptions(OneofOptionsSchema, oneof.proto.options, oneof.parent.file, ctx.registry),
    indent + 1,
  );
  for (const field of byNumber(oneof.fields)) printField(ctx, field, indent + 1, printMessageBody);
  ctx.w.indent(indent);
  ctx.w.line('}');
}

/** Fields sorted by number. */
function byNumber<T extends DescField | DescExtension>(fields: readonly T[]): T[] {
  return [...fields].sort((a, b) => a.number - b.number);
}

/** Sorts by name, the order grpcurl prints nested types in. */
function byName<T extends { name: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * Prints what is inside a message's braces in grpcurl's canonical order: options, fields by number
 * (a oneof where its first field falls), nested messages, nested enums, extension ranges, extensions,
 * reserved ranges, reserved names.
 */
export function printMessageBody(ctx: PrintContext, message: DescMessage, indent: number): void {
  const file = message.file;
  printOptionsLong(
    ctx,
    extractOptions(MessageOptionsSchema, message.proto.options, file, ctx.registry),
    indent,
  );

  const printedOneofs = new Set<DescOneof>();
  const groupTypes = new Set<DescMessage>();
  for (const field of byNumber(message.fields)) {
    if (isGroup(field) && field.message) groupTypes.add(field.message);
    if (field.oneof) {
      if (!printedOneofs.has(field.oneof)) printOneof(ctx, field.oneof, indent);
      printedOneofs.add(field.oneof);
    } else {
      printField(ctx, field, indent, printMessageBody);
    }
  }
  for (const nested of byName(message.nestedMessages)) {
    if (!groupTypes.has(nested)) printMessage(ctx, nested, indent);
  }
  for (const nested of byName(message.nestedEnums)) printEnum(ctx, nested, indent);
  printExtensionRanges(ctx, message, indent);
  printExtensionBlocks(ctx, message.nestedExtensions, indent, printMessageBody);
  printReservedRanges(
    ctx,
    message.proto.reservedRange.map((r) => ({ start: r.start, end: r.end - 1 })),
    MAX_FIELD_NUMBER,
    indent,
  );
  printReservedNames(ctx, message.proto.reservedName, file, indent);
}

/** `extensions 100 to 199, 1000 to max;` — consecutive ranges with the same options share a statement. */
function printExtensionRanges(ctx: PrintContext, message: DescMessage, indent: number): void {
  const ranges = [...message.proto.extensionRange].sort((a, b) => a.start - b.start);
  let i = 0;
  while (i < ranges.length) {
    const first = ranges[i]!;
    const statement: DescriptorProto_ExtensionRange[] = [first];
    while (i + 1 < ranges.length && sameOptions(first, ranges[i + 1]!)) statement.push(ranges[++i]!);
    i++;
    ctx.w.indent(indent);
    ctx.w.write('extensions ');
    statement.forEach((r, n) => {
      if (n > 0) ctx.w.write(', ');
      const last = r.end - 1;
      ctx.w.write(
        r.start === last
          ? `${r.start} `
          : last === MAX_FIELD_NUMBER
            ? `${r.start} to max `
            : `${r.start} to ${last} `,
      );
    });
    printOptionsShort(
      ctx,
      extractOptions(
        ExtensionRangeOptionsSchema,
        statement[statement.length - 1]!.options,
        message.file,
        ctx.registry,
      ),
      indent,
    );
    ctx.w.line(';');
  }
}

/** Whether two extension ranges carry equal options (both none counts as equal). */
function sameOptions(a: DescriptorProto_ExtensionRange, b: DescriptorProto_ExtensionRange): boolean {
  if (!a.options || !b.options) return !a.options && !b.options;
  return equals(ExtensionRangeOptionsSchema, a.options, b.options);
}
