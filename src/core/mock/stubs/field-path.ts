/** Paths into a request message ($.owner.id, items[0].name) checked against its schema when a stub loads. */
import type { DescField, DescMessage } from '@bufbuild/protobuf';
import { closest } from '../../schema/json/json-errors';
import { hasSpecialJson } from '../../schema/json/json-wkt';
import { formatJsonPath, type JsonPathStep } from '../../workspace/json-path';

/** Where a path leads in the message, or why it leads nowhere. */
export type FieldPathResult =
  { ok: true; steps: JsonPathStep[] } | { ok: false; problem: string; hint: string };

type Place =
  | { kind: 'message'; desc: DescMessage }
  | { kind: 'list'; field: DescField & { fieldKind: 'list' } }
  | { kind: 'map'; field: DescField & { fieldKind: 'map' } }
  | { kind: 'scalar'; field: DescField }
  | { kind: 'opaque' };

/**
 * Follows `steps` through `desc` as canonical JSON names it: fields by JSON name (proto names are turned into JSON
 * names, the form the request is matched in), list elements by index, map values by key. Inside a well-known type
 * (Struct, Any, Timestamp, …) the rest of the path is not checked.
 */
export function resolveFieldPath(desc: DescMessage, steps: readonly JsonPathStep[]): FieldPathResult {
  let place: Place = messagePlace(desc);
  const out: JsonPathStep[] = [];
  for (const step of steps) {
    const here = formatJsonPath(out);
    switch (place.kind) {
      case 'opaque':
        out.push(step);
        break;
      case 'message': {
        if (typeof step === 'number') {
          return fail(`${here} is a ${place.desc.typeName} message, not a list`, 'Name one of its fields.');
        }
        const field = place.desc.fields.find((f) => f.jsonName === step || f.name === step);
        if (!field) return unknownField(place.desc, here, step);
        out.push(field.jsonName);
        place = fieldPlace(field);
        break;
      }
      case 'list':
        if (typeof step !== 'number') {
          return fail(
            `${here} is a list (${place.field.name}), not a message`,
            `Pick an element first: ${here}[0].`,
          );
        }
        out.push(step);
        place = elementPlace(place.field);
        break;
      case 'map':
        out.push(String(step));
        place = mapValuePlace(place.field);
        break;
      case 'scalar':
        return fail(
          `${here} is ${place.field.fieldKind === 'enum' ? 'an enum' : 'a scalar'} field (${place.field.name}) with no fields below it`,
          `End the path at ${here}.`,
        );
    }
  }
  return { ok: true, steps: out };
}

function messagePlace(desc: DescMessage): Place {
  return hasSpecialJson(desc) ? { kind: 'opaque' } : { kind: 'message', desc };
}

function fieldPlace(field: DescField): Place {
  switch (field.fieldKind) {
    case 'message':
      return messagePlace(field.message);
    case 'list':
      return { kind: 'list', field };
    case 'map':
      return { kind: 'map', field };
    default:
      return { kind: 'scalar', field };
  }
}

function elementPlace(field: DescField & { fieldKind: 'list' }): Place {
  if (field.listKind === 'message') return messagePlace(field.message);
  return { kind: 'scalar', field };
}

function mapValuePlace(field: DescField & { fieldKind: 'map' }): Place {
  if (field.mapKind === 'message') return messagePlace(field.message);
  return { kind: 'scalar', field };
}

function unknownField(desc: DescMessage, here: string, name: string): FieldPathResult {
  const names = desc.fields.map((f) => f.jsonName);
  const guess = closest(name, [...names, ...desc.fields.map((f) => f.name)]);
  return fail(
    `${desc.typeName} has no field "${name}" (at ${here})`,
    guess
      ? `Did you mean "${guess}"?`
      : names.length === 0
        ? `${desc.typeName} has no fields.`
        : `Its fields: ${names.join(', ')}.`,
  );
}

function fail(problem: string, hint: string): FieldPathResult {
  return { ok: false, problem, hint };
}
