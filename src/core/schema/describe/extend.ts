import type { DescExtension } from '@bufbuild/protobuf';
import type { SourceCodeInfo_Location } from '@bufbuild/protobuf/wkt';
import { sourcePath } from '../docs';
import { locationOf, printComment, type PrintContext } from './context';
import { printField, qualified, type BodyPrinter } from './field';

/** Whether `span` starts inside `enclosing` (protoc spans: [line, col, endCol] or [line, col, endLine, endCol]). */
function startsWithin(span: readonly number[], enclosing: readonly number[]): boolean {
  const [line = 0, col = 0] = span;
  const [start = 0, startCol = 0] = enclosing;
  const end = enclosing.length === 3 ? start : (enclosing[2] ?? start);
  const endCol = enclosing[enclosing.length - 1] ?? 0;
  if (line < start || line > end) return false;
  if (line === start) return col >= startCol;
  if (line === end) return col <= endCol;
  return true;
}

/** The `extend X { ... }` block an extension was declared in, when the file carries source info. */
function blockOf(ext: DescExtension): SourceCodeInfo_Location | undefined {
  const span = locationOf(ext)?.span;
  if (!span) return undefined;
  const blockPath = sourcePath(ext).slice(0, -1);
  const file = ext.file;
  return file.proto.sourceCodeInfo?.location.find(
    (loc) =>
      loc.path.length === blockPath.length &&
      loc.path.every((n, i) => n === blockPath[i]) &&
      startsWithin(span, loc.span),
  );
}

/** Prints `extend .pkg.Msg { ... }` around the given extensions. */
export function printExtendBlock(
  ctx: PrintContext,
  exts: DescExtension[],
  indent: number,
  body: BodyPrinter,
  block?: SourceCodeInfo_Location,
): void {
  const first = exts[0];
  if (!first) return;
  printComment(ctx, block, indent);
  ctx.w.indent(indent);
  ctx.w.write(`extend ${qualified(first.extendee)} `);
  ctx.w.line('{');
  for (const ext of exts) printField(ctx, ext, indent + 1, body);
  ctx.w.indent(indent);
  ctx.w.line('}');
}

/** Prints extensions grouped by extendee (and by source `extend` block), ordered by extendee then number. */
export function printExtensionBlocks(
  ctx: PrintContext,
  exts: readonly DescExtension[],
  indent: number,
  body: BodyPrinter,
): void {
  const sorted = [...exts].sort((a, b) =>
    a.extendee.typeName === b.extendee.typeName
      ? a.number - b.number
      : a.extendee.typeName < b.extendee.typeName
        ? -1
        : 1,
  );
  const blocks = new Map<string, { exts: DescExtension[]; block: SourceCodeInfo_Location | undefined }>();
  for (const ext of sorted) {
    const block = blockOf(ext);
    const key = `${ext.extendee.typeName}|${block?.span.join(',') ?? ''}`;
    const entry = blocks.get(key) ?? { exts: [], block };
    entry.exts.push(ext);
    blocks.set(key, entry);
  }
  for (const { exts: group, block } of blocks.values()) printExtendBlock(ctx, group, indent, body, block);
}
