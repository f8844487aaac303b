import type { OptionValue } from './values';

/** Message literals longer than this are spread over several lines (protoprint's default threshold). */
const THRESHOLD = 50;

/** A line break plus indentation, or a single space when laying out on one line (negative indent). */
function breakLine(indent: number): string {
  return indent < 0 ? ' ' : `\n${'  '.repeat(indent)}`;
}

/** Lays out `{ a: 1, b: 2 }` or `[ ... ]`, one line when `indent` is negative, else one entry per line. */
function layoutBlock(value: OptionValue & { kind: 'message' | 'list' }, indent: number): string {
  const [open, close] = value.kind === 'message' ? ['{', '}'] : ['[', ']'];
  const inner = indent >= 0 ? indent + 1 : indent;
  const entries =
    value.kind === 'message'
      ? value.fields.map((f) => `${f.name}: ${layoutValue(f.value, inner)}`)
      : value.items.map((item) => layoutValue(item, inner));
  let out = open;
  entries.forEach((entry, i) => {
    out += `${i > 0 ? ',' : ''}${breakLine(inner)}${entry}`;
  });
  return `${out}${breakLine(indent)}${close}`;
}

/** An option value laid out like grpcurl: short or simple literals stay on one line, the rest are expanded. */
export function layoutValue(value: OptionValue, indent: number): string {
  if (value.kind === 'text') return value.text;
  if (indent >= 0) {
    const compact = layoutBlock(value, -1);
    const commas = compact.split(',').length - 1;
    const nested = compact.split('{').length - 2;
    // Go's printer judges "simple" by counting characters, commas inside strings included.
    if (!(value.kind === 'list' && value.map) && commas <= 1 && nested === 0) return compact;
    if (compact.length <= THRESHOLD) return compact;
  }
  return layoutBlock(value, indent);
}
