import type { DescFile } from '@bufbuild/protobuf';
import type { PrintContext } from './context';
import { quotedString } from './literals';

/** An inclusive range of reserved numbers. */
export interface NumberRange {
  start: number;
  end: number;
}

const EDITION_2023 = 1000;

/** `reserved 2, 15 to 20, 100 to max;` (inclusive ranges; `max` when a range ends at `max`). */
export function printReservedRanges(
  ctx: PrintContext,
  ranges: NumberRange[],
  max: number,
  indent: number,
): void {
  if (ranges.length === 0) return;
  const text = [...ranges]
    .sort((a, b) => a.start - b.start)
    .map((r) =>
      r.start === r.end ? `${r.start}` : r.end === max ? `${r.start} to max` : `${r.start} to ${r.end}`,
    )
    .join(', ');
  ctx.w.indent(indent);
  ctx.w.line(`reserved ${text};`);
}

/** `reserved "foo", "bar";` — quoted before edition 2023, bare identifiers from then on. */
export function printReservedNames(ctx: PrintContext, names: string[], file: DescFile, indent: number): void {
  if (names.length === 0) return;
  const quote = file.edition < EDITION_2023;
  const text = [...names]
    .sort()
    .map((n) => (quote ? quotedString(n) : n))
    .join(', ');
  ctx.w.indent(indent);
  ctx.w.line(`reserved ${text};`);
}
