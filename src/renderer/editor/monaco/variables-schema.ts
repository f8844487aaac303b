/**
 * A request's JSON Schema as the editor validates it: a string holding a `{{name}}` is accepted wherever the schema
 * constrains strings by pattern (bytes, 64-bit integers, durations…) or by a list of enum names, because the engine
 * fills the variable before the value is read. Without this, `"{{id}}"` in an int64 field would be flagged wrongly.
 */
import { placeholderPattern } from '../../../shared/variables';

type Schema = Record<string, unknown>;

const placeholder = placeholderPattern().source;

/** A copy of the schema with placeholders allowed in constrained strings; the original is left alone. */
export function acceptPlaceholders(schema: Schema): Schema {
  return widen(schema) as Schema;
}

function widen(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(widen);
  if (typeof node !== 'object' || node === null) return node;
  const copy: Schema = {};
  for (const [key, value] of Object.entries(node as Schema)) copy[key] = widen(value);
  if (typeof copy.pattern === 'string') copy.pattern = `(?:${copy.pattern})|${placeholder}`;
  if (Array.isArray(copy.enum) && copy.enum.every((value) => typeof value === 'string')) {
    // The same message on both branches: Monaco reports whichever came closer to the value.
    const said = typeof copy.errorMessage === 'string' ? { errorMessage: copy.errorMessage } : {};
    return { anyOf: [copy, { type: 'string', pattern: placeholder, doNotSuggest: true, ...said }] };
  }
  return copy;
}
