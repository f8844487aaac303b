import type { DescField, DescOneof } from '@bufbuild/protobuf';
import { oneofConflictMessage } from '../../../shared/schema-messages';
import { listNames } from './json-check';
import type { JsonSchema } from './json-schema-types';

/**
 * Above this many members a oneof gets one rule instead of a rule per pair of names: pairs grow with the square
 * of the names and each carries the message listing every member, so googleapis' ErrorCode (167 members) made a
 * 198 MB schema.
 */
export const PAIRWISE_ONEOF_LIMIT = 8;

/**
 * The rules that let at most one member of `oneof` be set, each with the message Monaco shows when broken. Up to the
 * limit, one rule per member name and other member: "if this name is set, that member's keys may not be", which
 * Monaco reports at the other member's key. Both members of a clash are so marked; the editor keeps the mark on the
 * one set second (see parseOneofConflict).
 */
export function oneofConstraints(oneof: DescOneof): JsonSchema[] {
  if (oneof.fields.length > PAIRWISE_ONEOF_LIMIT) {
    const message = `Set only one of ${listNames(oneof.fields.map((f) => f.jsonName))} (oneof ${oneof.name}).`;
    return [atMostOne(oneof.fields, message)];
  }
  const constraints: JsonSchema[] = [];
  for (const first of oneof.fields) {
    for (const name of namesOf(first)) {
      const others = oneof.fields.filter((f) => f !== first).flatMap(namesOf);
      if (others.length === 0) continue;
      constraints.push({
        if: { required: [name] },
        then: {
          properties: Object.fromEntries(others.map((other) => [other, false])),
          errorMessage: oneofConflictMessage(name, oneof.name),
        },
      });
    }
  }
  return constraints;
}

/** Two keys that must not appear together: Monaco marks the second key of `keys` with `errorMessage` when they do. */
export function exclusive(keys: [string, string], errorMessage: string): JsonSchema {
  const [present, excluded] = keys;
  return { if: { required: [present] }, then: { properties: { [excluded]: false }, errorMessage } };
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
  // Only for objects: on any other value `required` holds trivially, which would break the rule (the type says why).
  return { not: { type: 'object', not: { oneOf: [none, ...present] } }, errorMessage };
}

/** The keys a field may be written under: its JSON name, and its proto name when that differs. */
function namesOf(field: DescField): string[] {
  return field.name === field.jsonName ? [field.jsonName] : [field.jsonName, field.name];
}
