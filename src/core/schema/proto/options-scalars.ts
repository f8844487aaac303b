import { ScalarType, type DescEnum } from '@bufbuild/protobuf';
import type { OptionValue } from './ast';
import type { OptionScalar } from './options-encode';

const int32 = [-(2n ** 31n), 2n ** 31n - 1n] as const;
const uint32 = [0n, 2n ** 32n - 1n] as const;
const int64 = [-(2n ** 63n), 2n ** 63n - 1n] as const;
const uint64 = [0n, 2n ** 64n - 1n] as const;

const intTypes: Partial<
  Record<ScalarType, { name: string; range: readonly [bigint, bigint]; big: boolean }>
> = {
  [ScalarType.INT32]: { name: 'int32', range: int32, big: false },
  [ScalarType.SINT32]: { name: 'int32', range: int32, big: false },
  [ScalarType.SFIXED32]: { name: 'int32', range: int32, big: false },
  [ScalarType.UINT32]: { name: 'uint32', range: uint32, big: false },
  [ScalarType.FIXED32]: { name: 'uint32', range: uint32, big: false },
  [ScalarType.INT64]: { name: 'int64', range: int64, big: true },
  [ScalarType.SINT64]: { name: 'int64', range: int64, big: true },
  [ScalarType.SFIXED64]: { name: 'int64', range: int64, big: true },
  [ScalarType.UINT64]: { name: 'uint64', range: uint64, big: true },
  [ScalarType.FIXED64]: { name: 'uint64', range: uint64, big: true },
};

/** Converts a written constant to a scalar field's value; returns protoc's error text when it does not fit. */
export function scalarOptionValue(
  scalar: ScalarType,
  value: OptionValue,
  optionName: string,
  textFormat: boolean,
): OptionScalar | { error: string } {
  const int = intTypes[scalar];
  if (int) {
    if (value.kind !== 'int')
      return { error: `Value must be integer for ${int.name} option "${optionName}".` };
    if (value.value < int.range[0] || value.value > int.range[1])
      return { error: `Value out of range for ${int.name} option "${optionName}".` };
    return int.big ? value.value : Number(value.value);
  }
  switch (scalar) {
    case ScalarType.FLOAT:
    case ScalarType.DOUBLE: {
      const number = floatConstant(value, textFormat);
      const name = scalar === ScalarType.FLOAT ? 'float' : 'double';
      return number === undefined
        ? { error: `Value must be number for ${name} option "${optionName}".` }
        : number;
    }
    case ScalarType.BOOL: {
      const truthy = textFormat ? ['true', 'True', 't'] : ['true'];
      const falsy = textFormat ? ['false', 'False', 'f'] : ['false'];
      if (value.kind === 'identifier' && truthy.includes(value.value)) return true;
      if (value.kind === 'identifier' && falsy.includes(value.value)) return false;
      if (textFormat && value.kind === 'int' && (value.value === 0n || value.value === 1n))
        return value.value === 1n;
      return { error: `Value must be "true" or "false" for boolean option "${optionName}".` };
    }
    default:
      if (value.kind !== 'string') {
        return {
          error: `Value must be quoted string for ${scalar === ScalarType.BYTES ? 'bytes' : 'string'} option "${optionName}".`,
        };
      }
      return value.value;
  }
}

function floatConstant(value: OptionValue, textFormat: boolean): number | undefined {
  if (value.kind === 'float') return value.value;
  if (value.kind === 'int') return Number(value.value);
  if (value.kind !== 'identifier') return undefined;
  const id = textFormat ? value.value.toLowerCase() : value.value;
  if (id === 'inf' || (textFormat && id === 'infinity')) return Infinity;
  if (id === 'nan') return NaN;
  return undefined;
}

/** Converts an identifier (or, in text format, a number) to an enum value number. */
export function enumOptionValue(
  enumType: DescEnum,
  value: OptionValue,
  optionName: string,
  textFormat: boolean,
): number | { error: string } {
  if (value.kind === 'identifier') {
    const found = enumType.values.find((v) => v.name === value.value);
    if (found) return found.number;
    return {
      error: `Enum type "${enumType.typeName}" has no value named "${value.value}" for option "${optionName}".`,
    };
  }
  if (textFormat && value.kind === 'int' && value.value >= int32[0] && value.value <= int32[1])
    return Number(value.value);
  return { error: `Value must be identifier for enum-valued option "${optionName}".` };
}
