import { ScalarType, type JsonValue } from '@bufbuild/protobuf';
import { mismatch } from './json-mismatch';
import type { JsonNode } from './json-text';

/** The .proto spelling of a scalar type. */
export function scalarName(scalar: ScalarType): string {
  return ScalarType[scalar].toLowerCase();
}

const integerRanges: Partial<Record<ScalarType, readonly [bigint, bigint]>> = {
  [ScalarType.INT32]: [-(2n ** 31n), 2n ** 31n - 1n],
  [ScalarType.SINT32]: [-(2n ** 31n), 2n ** 31n - 1n],
  [ScalarType.SFIXED32]: [-(2n ** 31n), 2n ** 31n - 1n],
  [ScalarType.UINT32]: [0n, 2n ** 32n - 1n],
  [ScalarType.FIXED32]: [0n, 2n ** 32n - 1n],
  [ScalarType.INT64]: [-(2n ** 63n), 2n ** 63n - 1n],
  [ScalarType.SINT64]: [-(2n ** 63n), 2n ** 63n - 1n],
  [ScalarType.SFIXED64]: [-(2n ** 63n), 2n ** 63n - 1n],
  [ScalarType.UINT64]: [0n, 2n ** 64n - 1n],
  [ScalarType.FIXED64]: [0n, 2n ** 64n - 1n],
};

/** Whether a scalar is one of the 64-bit integers that proto3 JSON writes as strings. */
export function isLongScalar(scalar: ScalarType): boolean {
  const range = integerRanges[scalar];
  return range !== undefined && range[1] > 2n ** 32n;
}

/** What an error says a scalar field expects. */
export function expectedScalar(scalar: ScalarType): string {
  switch (scalar) {
    case ScalarType.BOOL:
      return 'bool (true or false)';
    case ScalarType.BYTES:
      return 'bytes as base64 text';
    default:
      return scalarName(scalar);
  }
}

const decimal = /^(-?)(0|[1-9][0-9]*)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$/;

/** The exact integer a JSON number text denotes (`1e3`, `100.0` count), or undefined when it has a fraction or is not a number. */
function exactInteger(text: string): bigint | undefined {
  const m = decimal.exec(text);
  if (!m) return undefined;
  const [, sign, whole = '', fraction = '', exponent = '0'] = m;
  let digits = (whole + fraction).replace(/^0+(?=.)/, '');
  let scale = Number(exponent) - fraction.length;
  if (/^0+$/.test(digits)) return 0n;
  while (scale < 0 && digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    scale++;
  }
  if (scale < 0) return undefined;
  // Anything past 10^40 is out of every integer range; cap the power so huge exponents stay cheap.
  const value = BigInt(digits) * 10n ** BigInt(Math.min(scale, 40));
  return sign === '-' ? -value : value;
}

/** The text of a JSON number or numeric string, or undefined for anything else (strings must be exact: no spaces). */
function numericText(node: JsonNode): string | undefined {
  if (node.kind === 'number') return node.raw;
  if (node.kind === 'string' && decimal.test(node.value)) return node.value;
  return undefined;
}

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether text is valid base64, standard or URL-safe, padded or not. */
export function isBase64(text: string): boolean {
  const body = text.replace(/={1,2}$/, '');
  if (!/^[A-Za-z0-9+/_-]*$/.test(body) || body.length % 4 === 1) return false;
  return body.length === text.length || text.length % 4 === 0;
}

/** Checks a JSON value for a scalar field and returns it in the form the protobuf library reads exactly. */
export function readScalar(scalar: ScalarType, node: JsonNode, path: string): JsonValue {
  const expected = expectedScalar(scalar);
  const range = integerRanges[scalar];
  if (range) {
    const text = numericText(node);
    const value = text === undefined ? undefined : exactInteger(text);
    if (value === undefined) throw mismatch(path, node, expected);
    if (value < range[0] || value > range[1]) {
      throw mismatch(
        path,
        node,
        expected,
        `${text} is out of range for ${expected} (${range[0]} to ${range[1]})`,
      );
    }
    // 64-bit values travel as decimal strings so nothing rounds through a double.
    return isLongScalar(scalar) ? value.toString() : Number(value);
  }
  switch (scalar) {
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT: {
      if (node.kind === 'string' && ['NaN', 'Infinity', '-Infinity'].includes(node.value)) return node.value;
      const text = numericText(node);
      if (text === undefined)
        throw mismatch(path, node, `${expected} (a number, "NaN", "Infinity" or "-Infinity")`);
      const value = Number(text);
      const limit = scalar === ScalarType.FLOAT ? Math.fround(value) : value;
      if (!Number.isFinite(limit))
        throw mismatch(path, node, expected, `${text} is out of range for ${expected}`);
      return value;
    }
    case ScalarType.BOOL:
      if (node.kind !== 'bool') throw mismatch(path, node, expected);
      return node.value;
    case ScalarType.STRING:
      if (node.kind !== 'string') throw mismatch(path, node, expected);
      if (loneSurrogate.test(node.value)) {
        throw mismatch(
          path,
          node,
          'string',
          'expected a string of valid Unicode, got text with an unpaired surrogate (\\uD800-\\uDFFF)',
        );
      }
      return node.value;
    default:
      if (node.kind !== 'string' || !isBase64(node.value)) throw mismatch(path, node, expected);
      return node.value;
  }
}

/** Checks a map key (always a JSON string) for its key type and returns it in canonical form. */
export function readMapKey(scalar: ScalarType, key: string, keyNode: JsonNode, path: string): string {
  if (scalar === ScalarType.STRING) return key;
  const expected = `${scalarName(scalar)} map key`;
  if (scalar === ScalarType.BOOL) {
    if (key !== 'true' && key !== 'false') throw mismatch(path, keyNode, `${expected} ("true" or "false")`);
    return key;
  }
  const range = integerRanges[scalar];
  if (!/^-?[0-9]+$/.test(key) || range === undefined) throw mismatch(path, keyNode, expected);
  const value = BigInt(key);
  if (value < range[0] || value > range[1]) {
    throw mismatch(
      path,
      keyNode,
      expected,
      `map key ${key} is out of range for ${scalarName(scalar)} (${range[0]} to ${range[1]})`,
    );
  }
  return value.toString();
}
