import type { DescField, DescOneof } from '@bufbuild/protobuf';
import { oneofConflictMessage } from '../../../shared/schema-messages';
import type { JsonSchema } from './json-schema-types';
import { refTo } from './json-schema-wkt';

/**
 * Above this many members a oneof's rules name the other members by reference instead of listing them: listing
 * grows with the square of the names, so googleapis' ErrorCode (167 members) made a 198 MB schema.
 */
export const PAIRWISE_ONEOF_LIMIT = 8;

/** The rules that let at most one member of a oneof be set, and what they refer to. */
export interface OneofRules {
  constraints: JsonSchema[];
  /** Entries for the schema's `definitions`, under the names the constraints refer to. */
  definitions: Record<string, JsonSchema>;
}

/**
 * The rules that let at most one member of `oneof` be set, each with the message Monaco shows when broken. One rule
 * per member name: "if this name is set, no other member's key may be", which Monaco reports at the other member's
 * key. Both members of a clash are so marked; the editor keeps the mark on the one set second (shownProblems).
 * A big oneof keeps its member names in a definition of their own, `<message> oneof <name>`.
 */
export function oneofConstraints(oneof: DescOneof): OneofRules {
  const constraints: JsonSchema[] = [];
  const big = oneof.fields.length > PAIRWISE_ONEOF_LIMIT;
  const membersKey = `${oneof.parent.typeName} oneof ${oneof.name}`;
  for (const first of oneof.fields) {
    for (const name of namesOf(first)) {
      const errorMessage = oneofConflictMessage(name, oneof.name);
      const others = oneof.fields.filter((f) => f !== first).flatMap(namesOf);
      if (others.length === 0) continue;
      // Big: every key that is a member must be this one (a per-key test, so Monaco marks the key).
      const then: JsonSchema = big
        ? {
            propertyNames: {
              if: { $ref: refTo(membersKey) },
              then: { enum: namesOf(first), errorMessage },
            },
          }
        : { properties: Object.fromEntries(others.map((other) => [other, false])), errorMessage };
      constraints.push({ if: { required: [name] }, then });
    }
  }
  const definitions: Record<string, JsonSchema> = big
    ? { [membersKey]: { enum: oneof.fields.flatMap(namesOf) } }
    : {};
  return { constraints, definitions };
}

/** Two keys that must not appear together: Monaco marks the second key of `keys` with `errorMessage` when they do. */
export function exclusive(keys: [string, string], errorMessage: string): JsonSchema {
  const [present, excluded] = keys;
  return { if: { required: [present] }, then: { properties: { [excluded]: false }, errorMessage } };
}

/** The keys a field may be written under: its JSON name, and its proto name when that differs. */
function namesOf(field: DescField): string[] {
  return field.name === field.jsonName ? [field.jsonName] : [field.jsonName, field.name];
}
