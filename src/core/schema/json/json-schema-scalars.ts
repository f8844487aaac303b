import { ScalarType, type DescEnum } from '@bufbuild/protobuf';
import { gotToken } from '../../../shared/schema-messages';
import { listNames } from './json-check';
import { scalarName } from './json-scalars';
import type { JsonSchema } from './json-schema-types';

const signed = '^-?(0|[1-9][0-9]*)$';
const unsigned = '^(0|[1-9][0-9]*)$';

/** Base64, standard or URL-safe, padding optional. */
export const base64Pattern = '^[A-Za-z0-9+/_-]*={0,2}$';

/** `label: <what> expects <expected>, got <the text>` — the one shape of a value's message. */
export function expects(label: string, expected: string): string {
  return `${label}: ${expected}, got ${gotToken}`;
}

/** Schemas for scalars as proto3 JSON accepts them, each message naming `label` (the field) and the proto type. */
export function scalarSchema(scalar: ScalarType, label: string): JsonSchema {
  const name = scalarName(scalar);
  const said = (expected: string): JsonSchema => {
    const message = expects(label, `${name} expects ${expected}`);
    return { errorMessage: message, patternErrorMessage: message };
  };
  switch (scalar) {
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      return integer(label, name, signed, -2147483648, 2147483647, 'a number');
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return integer(label, name, unsigned, 0, 4294967295, 'a number of 0 or more');
    case ScalarType.INT64:
    case ScalarType.SINT64:
    case ScalarType.SFIXED64:
      return {
        type: ['string', 'integer'],
        pattern: signed,
        description: '64-bit integer, written as a decimal string',
        ...said('a number or a decimal string such as "-42"'),
      };
    case ScalarType.UINT64:
    case ScalarType.FIXED64:
      return {
        ...integer(label, name, unsigned, 0, undefined, 'a number or a decimal string such as "42"'),
        type: ['string', 'integer'],
        description: 'unsigned 64-bit integer, written as a decimal string',
      };
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return {
        type: ['number', 'string'],
        pattern: '^(NaN|-?Infinity|-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?)$',
        ...said('a number, "NaN", "Infinity" or "-Infinity"'),
      };
    case ScalarType.BOOL:
      return { type: 'boolean', ...said('true or false') };
    case ScalarType.STRING:
      return { type: 'string', ...said('text in double quotes') };
    case ScalarType.BYTES:
      return {
        type: 'string',
        contentEncoding: 'base64',
        pattern: base64Pattern,
        description: 'bytes, base64-encoded',
        ...said('base64 text (standard or URL-safe), e.g. "aGk="'),
      };
  }
}

/**
 * An integer as a number or a decimal string. The range is a double `not` rather than minimum/maximum, whose
 * failures Monaco reports in its own words ("Value is above the maximum of …") instead of `errorMessage`.
 */
function integer(
  label: string,
  name: string,
  pattern: string,
  minimum: number,
  maximum: number | undefined,
  expected: string,
): JsonSchema {
  const message = expects(label, `${name} expects ${expected}`);
  return {
    type: ['integer', 'string'],
    pattern,
    errorMessage: message,
    patternErrorMessage: message,
    allOf: [integerRange(label, name, minimum, maximum)],
  };
}

/** The rule that an integer lies from `minimum` to `maximum` (or up), with its message. */
function integerRange(label: string, name: string, minimum: number, maximum?: number): JsonSchema {
  const range = maximum === undefined ? `${minimum} or more` : `${minimum} to ${maximum}`;
  const within: JsonSchema = maximum === undefined ? { minimum } : { minimum, maximum };
  return { not: { type: 'integer', not: within }, errorMessage: expects(label, `${name} holds ${range}`) };
}

/** Map keys are JSON strings; integer and bool keys get a pattern, and a message naming the key type. */
export function mapKeySchema(scalar: ScalarType, label: string): JsonSchema | undefined {
  if (scalar === ScalarType.STRING) return undefined;
  const errorMessage = `${label}: the keys of this map are ${scalarName(scalar)}, got ${gotToken}`;
  if (scalar === ScalarType.BOOL) return { enum: ['true', 'false'], errorMessage };
  const isUnsigned = [ScalarType.UINT32, ScalarType.FIXED32, ScalarType.UINT64, ScalarType.FIXED64].includes(
    scalar,
  );
  return { pattern: isUnsigned ? unsigned : signed, errorMessage };
}

/**
 * Enums by name (offered in completion, with their comments), numbers accepted but not suggested. Both branches
 * carry the same message, since Monaco reports whichever branch came closest. The names are `examples` too: with
 * several value proposals Monaco completes the field as `"field": ` and opens the list of names.
 */
export function enumSchema(
  desc: DescEnum,
  docs: (value: DescEnum['values'][number]) => string | undefined,
  label: string,
): JsonSchema {
  const valueNames = desc.values.map((v) => v.name);
  const errorMessage = expects(label, `${desc.name} expects one of ${listNames(valueNames)}, or its number`);
  const names: JsonSchema = {
    type: 'string',
    enum: valueNames,
    enumDescriptions: desc.values.map((v) => docs(v) ?? ''),
    errorMessage,
  };
  if (desc.typeName === 'google.protobuf.NullValue') return { anyOf: [{ type: 'null' }, names] };
  const numbers: JsonSchema = desc.open
    ? {
        type: 'integer',
        allOf: [integerRange(label, desc.name, -2147483648, 2147483647)],
        doNotSuggest: true,
        errorMessage,
      }
    : { type: 'integer', enum: desc.values.map((v) => v.number), doNotSuggest: true, errorMessage };
  return { anyOf: [names, numbers], examples: valueNames };
}
