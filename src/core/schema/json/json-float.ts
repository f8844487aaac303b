import {
  ScalarType,
  type DescField,
  type DescMessage,
  type JsonObject,
  type JsonValue,
  type Registry,
} from '@bufbuild/protobuf';
import { AnySchema, FloatValueSchema } from '@bufbuild/protobuf/wkt';
import { hasSpecialJson, typeNameOfUrl } from './json-wkt';
import { reachTest } from './message-reach';

/** The shortest double that rounds to the same float32: 0.1 instead of 0.10000000149011612, as protojson and json_format print. */
export function shortestFloat32(value: number): number {
  if (!Number.isFinite(value) || value === 0) return value;
  for (let precision = 1; precision < 10; precision++) {
    const candidate = Number(value.toPrecision(precision));
    if (Math.fround(candidate) === value) return candidate;
  }
  return value;
}

/**
 * Rewrites, in place, every float field of printed JSON for `desc` (nested, in lists, maps and Any) to its shortest
 * form; returns the JSON. Works on the printed form because an Any keeps its float32 bytes however the message is edited.
 */
export function shortenFloats(
  desc: DescMessage,
  json: JsonValue,
  registry: Registry,
  protoNames: boolean,
): JsonValue {
  if (!mayHoldFloats(desc) || json === null || typeof json !== 'object') return json;
  if (desc.typeName === FloatValueSchema.typeName) return json;
  if (Array.isArray(json)) return json;
  if (desc.typeName === AnySchema.typeName) return shortenAny(json, registry, protoNames);
  for (const field of desc.fields) {
    const key = protoNames ? field.name : field.jsonName;
    const value = json[key];
    if (value !== undefined) json[key] = shortenField(field, value, registry, protoNames);
  }
  return json;
}

function shortenField(
  field: DescField,
  value: JsonValue,
  registry: Registry,
  protoNames: boolean,
): JsonValue {
  const one = (item: JsonValue): JsonValue => {
    if (field.scalar === ScalarType.FLOAT || field.message?.typeName === FloatValueSchema.typeName) {
      return typeof item === 'number' ? shortestFloat32(item) : item;
    }
    return field.message ? shortenFloats(field.message, item, registry, protoNames) : item;
  };
  if (field.fieldKind === 'list' && Array.isArray(value)) return value.map(one);
  if (field.fieldKind === 'map' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const key of Object.keys(value)) value[key] = one(value[key] as JsonValue);
    return value;
  }
  return one(value);
}

function shortenAny(json: JsonObject, registry: Registry, protoNames: boolean): JsonValue {
  const typeUrl = json['@type'];
  const desc = typeof typeUrl === 'string' ? registry.getMessage(typeNameOfUrl(typeUrl)) : undefined;
  if (!desc) return json;
  if (!hasSpecialJson(desc)) return shortenFloats(desc, json, registry, protoNames);
  const value = json.value;
  if (value !== undefined) {
    json.value =
      desc.typeName === FloatValueSchema.typeName && typeof value === 'number'
        ? shortestFloat32(value)
        : shortenFloats(desc, value, registry, protoNames);
  }
  return json;
}

/** Whether a float can occur inside the message type (Any counts: it may hold anything). */
const mayHoldFloats = reachTest(
  (m) => m.typeName === AnySchema.typeName || m.fields.some((f) => f.scalar === ScalarType.FLOAT),
);
