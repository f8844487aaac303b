import type { DescField, DescOneof } from '@bufbuild/protobuf';
import { listNames } from './json-check';
import type { JsonSchema } from './json-schema-types';

/**
 * Above this many members a oneof gets one rule instead of a rule per pair of names: pairs grow with the square
 * of the names and each carries the message listing every member, so googleapis' ErrorCode (167 members) made a
 * 198 MB schema.
 */
export const PAIRWISE_ONEOF_LIMIT = 8;

/** The rules that let at most one member of `oneof` be set, each with the message Monaco shows when broken. */
export function oneofConstraints(oneof: DescOneof): JsonSchema[] {
  const message = `Set only one of ${listNames(oneof.fields.map((f) => f.jsonName))} (oneof ${oneof.name}).`;
  if (oneof.fields.length > PAIRWISE_ONEOF_LIMIT) return [atMostOne(oneof.fields, message)];
  const names = oneof.fields.flatMap(namesOf);
  const constraints: JsonSchema[] = [];
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      constraints.push(exclusive([names[i] as string, names[j] as string], message));
    }
  }
  return constraints;
}

/** Two keys that must not appear together, with the message Monaco shows when they do. */
export function exclusive(keys: [string, string], errorMessage: string): JsonSchema {
  return { not: { required: keys }, errorMessage };
}

/**
 * "At most one member set", linear in the members: `oneOf` of "none set" and "this member set" (by either name)
 * holds exactly when at most one is set. The double `not` is the same rule in a form whose failure Monaco reports
 * with `errorMessage` (for a failed `oneOf` it shows only "Matches multiple schemas").
 */
function atMostOne(fields: DescField[], errorMessage: string): JsonSchema {
  const present = fields.map((f) => {
    const names = namesOf(f);
    return names.length === 1 ? { required: names } : { anyOf: names.map((name) => ({ required: [name] })) };
  });
  const none = { not: { anyOf: fields.flatMap(namesOf).map((name) => ({ required: [name] })) } };
  return { not: { not: { oneOf: [none, ...present] } }, errorMessage };
}

/** The keys a field may be written under: its JSON name, and its proto name when that differs. */
function namesOf(field: DescField): string[] {
  return field.name === field.jsonName ? [field.jsonName] : [field.jsonName, field.name];
}
