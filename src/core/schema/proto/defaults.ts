import { FieldDescriptorProto_Type as T } from '@bufbuild/protobuf/wkt';
import type { OptionValue } from './ast';
import { cEscape } from './c-escape';
import { simpleDtoa, simpleFtoa } from './float-text';

const intRanges: Partial<Record<T, [bigint, bigint, string]>> = {
  [T.INT32]: [-(2n ** 31n), 2n ** 31n - 1n, 'int32'],
  [T.SINT32]: [-(2n ** 31n), 2n ** 31n - 1n, 'int32'],
  [T.SFIXED32]: [-(2n ** 31n), 2n ** 31n - 1n, 'int32'],
  [T.UINT32]: [0n, 2n ** 32n - 1n, 'uint32'],
  [T.FIXED32]: [0n, 2n ** 32n - 1n, 'uint32'],
  [T.INT64]: [-(2n ** 63n), 2n ** 63n - 1n, 'int64'],
  [T.SINT64]: [-(2n ** 63n), 2n ** 63n - 1n, 'int64'],
  [T.SFIXED64]: [-(2n ** 63n), 2n ** 63n - 1n, 'int64'],
  [T.UINT64]: [0n, 2n ** 64n - 1n, 'uint64'],
  [T.FIXED64]: [0n, 2n ** 64n - 1n, 'uint64'],
};

/** A float/double constant: numbers, or the identifiers inf / nan. */
function floatValue(value: OptionValue): number | undefined {
  if (value.kind === 'float') return value.value;
  if (value.kind === 'int') return Number(value.value);
  if (value.kind === 'identifier' && (value.value === 'inf' || value.value === 'nan'))
    return value.value === 'inf' ? Infinity : NaN;
  return undefined;
}

/** The `default_value` text protoc writes for a field's `[default = ...]`, or an error message. */
export function defaultText(
  type: T,
  value: OptionValue,
  enumValues: readonly string[] | undefined,
): { text: string } | { error: string } {
  const range = intRanges[type];
  if (range) {
    if (value.kind !== 'int') return { error: `Expected integer for field default value.` };
    if (value.value < range[0] || value.value > range[1])
      return { error: `Integer out of range for ${range[2]} field default value.` };
    return { text: value.value.toString() };
  }
  switch (type) {
    case T.FLOAT:
    case T.DOUBLE: {
      const number = floatValue(value);
      if (number === undefined) return { error: 'Expected number for field default value.' };
      return { text: type === T.FLOAT ? simpleFtoa(number) : simpleDtoa(number) };
    }
    case T.BOOL:
      if (value.kind === 'identifier' && (value.value === 'true' || value.value === 'false'))
        return { text: value.value };
      return { error: 'Expected "true" or "false".' };
    case T.STRING:
      if (value.kind !== 'string') return { error: 'Expected string for field default value.' };
      return { text: new TextDecoder().decode(value.value) };
    case T.BYTES:
      if (value.kind !== 'string') return { error: 'Expected string for field default value.' };
      return { text: cEscape(value.value) };
    case T.ENUM:
      if (value.kind !== 'identifier')
        return { error: 'Default value for an enum field must be an identifier.' };
      if (enumValues && !enumValues.includes(value.value))
        return { error: `Enum type has no value named "${value.value}".` };
      return { text: value.value };
    default:
      return { error: "Messages can't have default values." };
  }
}
