import { ScalarType, type DescEnum } from '@bufbuild/protobuf';
import type { JsonSchema } from './json-schema-types';

const signed = '^-?(0|[1-9][0-9]*)$';
const unsigned = '^(0|[1-9][0-9]*)$';

/** Base64, standard or URL-safe, padding optional. */
export const base64Pattern = '^[A-Za-z0-9+/_-]*={0,2}$';

/** Schemas for scalars as proto3 JSON accepts them: integers as numbers or decimal strings, 64-bit shown as strings. */
export function scalarSchema(scalar: ScalarType): JsonSchema {
  switch (scalar) {
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      return { type: ['integer', 'string'], minimum: -2147483648, maximum: 2147483647, pattern: signed };
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return { type: ['integer', 'string'], minimum: 0, maximum: 4294967295, pattern: unsigned };
    case ScalarType.INT64:
    case ScalarType.SINT64:
    case ScalarType.SFIXED64:
      return {
        type: ['string', 'integer'],
        pattern: signed,
        description: '64-bit integer, written as a decimal string',
      };
    case ScalarType.UINT64:
    case ScalarType.FIXED64:
      return {
        type: ['string', 'integer'],
        minimum: 0,
        pattern: unsigned,
        description: 'unsigned 64-bit integer, written as a decimal string',
      };
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return {
        type: ['number', 'string'],
        pattern: '^(NaN|-?Infinity|-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?)$',
      };
    case ScalarType.BOOL:
      return { type: 'boolean' };
    case ScalarType.STRING:
      return { type: 'string' };
    case ScalarType.BYTES:
      return {
        type: 'string',
        contentEncoding: 'base64',
        pattern: base64Pattern,
        description: 'bytes, base64-encoded',
      };
  }
}

/** Map keys are JSON strings; integer and bool keys get a pattern. */
export function mapKeySchema(scalar: ScalarType): JsonSchema | undefined {
  if (scalar === ScalarType.STRING) return undefined;
  if (scalar === ScalarType.BOOL) return { enum: ['true', 'false'] };
  const isUnsigned = [ScalarType.UINT32, ScalarType.FIXED32, ScalarType.UINT64, ScalarType.FIXED64].includes(
    scalar,
  );
  return { pattern: isUnsigned ? unsigned : signed };
}

/** Enums by name (offered in completion, with their comments), numbers accepted but not suggested. */
export function enumSchema(
  desc: DescEnum,
  docs: (value: DescEnum['values'][number]) => string | undefined,
): JsonSchema {
  const names: JsonSchema = {
    type: 'string',
    enum: desc.values.map((v) => v.name),
    enumDescriptions: desc.values.map((v) => docs(v) ?? ''),
  };
  if (desc.typeName === 'google.protobuf.NullValue') return { anyOf: [{ type: 'null' }, names] };
  const numbers: JsonSchema = desc.open
    ? { type: 'integer', minimum: -2147483648, maximum: 2147483647, doNotSuggest: true }
    : { type: 'integer', enum: desc.values.map((v) => v.number), doNotSuggest: true };
  return { anyOf: [names, numbers] };
}
