import { isMessage, ScalarType, type DescEnum, type DescExtension, type DescField } from '@bufbuild/protobuf';
import {
  isReflectList,
  isReflectMap,
  isReflectMessage,
  reflect,
  type ReflectMessage,
} from '@bufbuild/protobuf/reflect';
import { formatFloat, quotedBytes, quotedString } from './literals';

/** An option value ready to print: a literal token, or a message literal laid out later (it depends on indentation). */
export type OptionValue =
  | { kind: 'text'; text: string }
  | { kind: 'message'; fields: LiteralField[] }
  | { kind: 'list'; items: OptionValue[]; map?: boolean };

/** One `name: value` entry of a message literal. */
export interface LiteralField {
  name: string;
  value: OptionValue;
}

/** A scalar as proto source spells it. */
export function scalarText(type: ScalarType, value: unknown): string {
  switch (type) {
    case ScalarType.FLOAT:
    case ScalarType.DOUBLE:
      return formatFloat(Number(value));
    case ScalarType.STRING:
      return quotedString(String(value));
    case ScalarType.BYTES:
      return quotedBytes(value instanceof Uint8Array ? value : new Uint8Array());
    default:
      return String(value);
  }
}

/** An enum number as its value name, or undefined when the enum has no such value. */
export function enumText(desc: DescEnum, value: number): string | undefined {
  return desc.value[value]?.name;
}

/** The element type of a field as (scalar | enum | message), whatever its cardinality. */
function elementKind(field: DescField | DescExtension): { scalar?: ScalarType; enum?: DescEnum } {
  if (field.fieldKind === 'map') return {};
  return { scalar: field.scalar, enum: field.enum };
}

/** One element (not a list) of a field, converted; undefined for enum numbers with no name. */
function elementValue(field: DescField | DescExtension, value: unknown): OptionValue | undefined {
  if (isReflectMessage(value)) return { kind: 'message', fields: messageFields(value) };
  const { scalar, enum: enumDesc } = elementKind(field);
  if (enumDesc) {
    const name = enumText(enumDesc, Number(value));
    return name === undefined ? undefined : { kind: 'text', text: name };
  }
  return { kind: 'text', text: scalarText(scalar ?? ScalarType.STRING, value) };
}

/** The values a set field contributes: one per list element, one per map entry (as `{ key, value }`), else one. */
export function fieldValues(field: DescField, value: unknown): OptionValue[] {
  if (isReflectList(value)) {
    const out: OptionValue[] = [];
    for (const item of value) {
      const converted = elementValue(field, item);
      if (converted) out.push(converted);
    }
    return out;
  }
  if (isReflectMap(value) && field.fieldKind === 'map') {
    return [...value.entries()]
      .sort(([a], [b]) => compareKeys(a, b))
      .map(([key, item]) => ({
        kind: 'message',
        fields: [
          { name: 'key', value: { kind: 'text', text: scalarText(field.mapKey, key) } },
          { name: 'value', value: mapValue(field, item) },
        ],
      }));
  }
  const converted = elementValue(field, value);
  return converted ? [converted] : [];
}

/** The values of a custom option as getExtension returns them (plain messages and arrays). */
export function extensionValues(ext: DescExtension, raw: unknown): OptionValue[] {
  const items: unknown[] = Array.isArray(raw) ? raw : [raw];
  return items.flatMap((item) => {
    const value = ext.message && isMessage(item, ext.message) ? reflect(ext.message, item) : item;
    const converted = elementValue(ext, value);
    return converted ? [converted] : [];
  });
}

/** A map value converted like a field element. */
function mapValue(field: DescField & { fieldKind: 'map' }, item: unknown): OptionValue {
  if (isReflectMessage(item)) return { kind: 'message', fields: messageFields(item) };
  if (field.mapKind === 'enum')
    return { kind: 'text', text: enumText(field.enum, Number(item)) ?? String(item) };
  return {
    kind: 'text',
    text: scalarText(field.mapKind === 'scalar' ? field.scalar : ScalarType.STRING, item),
  };
}

/** Orders map keys as Go's protoprint does: numerically, lexically, false before true. */
function compareKeys(a: unknown, b: unknown): number {
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  const x = typeof a === 'boolean' ? Number(a) : BigInt(String(a));
  const y = typeof b === 'boolean' ? Number(b) : BigInt(String(b));
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The set fields of a message, by field number, for a message literal. */
function messageFields(message: ReflectMessage): LiteralField[] {
  const out: LiteralField[] = [];
  for (const field of message.sortedFields) {
    if (!message.isSet(field)) continue;
    const values = fieldValues(field, message.get(field));
    if (values.length === 0) continue;
    const value: OptionValue =
      field.fieldKind === 'list' || field.fieldKind === 'map'
        ? { kind: 'list', items: values, map: field.fieldKind === 'map' }
        : values[0]!;
    out.push({ name: field.name, value });
  }
  return out;
}
