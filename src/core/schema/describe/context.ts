import type { AnyDesc, FileRegistry } from '@bufbuild/protobuf';
import { SymbolVisibility, type SourceCodeInfo_Location } from '@bufbuild/protobuf/wkt';
import { fileOf, locationAt, sourcePath } from '../docs';
import { layoutValue } from './layout';
import type { OptionGroups, PrintedOption } from './options';
import type { ProtoWriter } from './writer';

/** What every print function needs: where to write, and the registry that resolves custom options. */
export interface PrintContext {
  w: ProtoWriter;
  registry: FileRegistry;
}

/** Short option lists with more entries than this are written one per line. */
const SHORT_OPTIONS_MAX_COUNT = 3;
/** Short option lists longer than this (without brackets) are written one per line. */
const SHORT_OPTIONS_MAX_LENGTH = 50;

/** The source location of a descriptor, when its file carries source info. */
export function locationOf(desc: AnyDesc): SourceCodeInfo_Location | undefined {
  return locationAt(fileOf(desc), sourcePath(desc));
}

/** Edition 2024's `export ` / `local ` written before a message or enum, or nothing. */
export function visibilityKeyword(visibility: SymbolVisibility): string {
  if (visibility === SymbolVisibility.VISIBILITY_EXPORT) return 'export ';
  return visibility === SymbolVisibility.VISIBILITY_LOCAL ? 'local ' : '';
}

/** Writes a leading comment as `//` lines above an element, the way grpcurl shows doc comments. */
export function printComment(
  ctx: PrintContext,
  location: SourceCodeInfo_Location | undefined,
  indent: number,
): void {
  const lines = (location?.leadingComments ?? '').split('\n');
  if (lines[0] === '') lines.shift();
  if (lines[lines.length - 1] === '') lines.pop();
  if (lines.length === 0) return;
  ctx.w.endLine();
  for (const raw of lines) {
    const line = raw !== '' && !raw.startsWith(' ') ? ` ${raw}` : raw;
    ctx.w.indent(indent);
    ctx.w.line(`//${line.trimEnd()}`);
  }
}

/** `name = value`, the value laid out for the given indentation (negative: all on one line). */
function optionText(option: PrintedOption, indent: number): string {
  return `${option.name} = ${layoutValue(option.value, indent)}`;
}

/** Options as statements: `option name = value;`, one per line. */
export function printOptionsLong(ctx: PrintContext, groups: OptionGroups, indent: number): void {
  for (const option of groups.flat()) {
    ctx.w.indent(indent);
    ctx.w.write(`option ${optionText(option, indent)}`);
    ctx.w.line(';');
  }
}

/** Options in brackets after a field or enum value: `[a = 1, b = 2]`, spread over lines when long. */
export function printOptionsShort(ctx: PrintContext, groups: OptionGroups, indent: number): void {
  const options = groups.flat();
  if (options.length === 0) return;
  const inline = options.map((o) => optionText(o, -1)).join(', ');
  if (options.length <= SHORT_OPTIONS_MAX_COUNT && inline.length <= SHORT_OPTIONS_MAX_LENGTH) {
    ctx.w.write(`[${inline}] `);
    return;
  }
  ctx.w.line('[');
  options.forEach((option, i) => {
    ctx.w.indent(indent + 1);
    ctx.w.write(optionText(option, indent + 1));
    ctx.w.line(i < options.length - 1 ? ',' : '');
  });
  ctx.w.indent(indent);
  ctx.w.write('] ');
}
