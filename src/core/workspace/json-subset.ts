import type { JsonValue } from '../../shared/workspace';
import { formatJsonPath, kindOf, type JsonPathStep } from './json-path';

/**
 * Where `actual` fails to contain `expected`, as `$.user.name: expected "ann", got "bob"`; undefined when it contains it.
 *
 * The rule: an expected object matches an object that has every one of its keys with a matching value (other keys are
 * ignored); an expected list matches a list of the same length whose elements match one by one, in order; other values
 * must be equal, where a number and a string with the same text count as equal (int64 values come as strings in proto3
 * JSON, so `{"id": 5}` matches `{"id": "5"}`).
 */
export function jsonSubsetMismatch(
  expected: JsonValue,
  actual: unknown,
  at: JsonPathStep[] = [],
): string | undefined {
  const where = formatJsonPath(at);
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${where}: expected a list, got ${describe(actual)}`;
    if (actual.length !== expected.length) {
      return `${where}: expected ${expected.length} element${expected.length === 1 ? '' : 's'}, got ${actual.length}`;
    }
    for (const [index, element] of expected.entries()) {
      const mismatch = jsonSubsetMismatch(element, actual[index], [...at, index]);
      if (mismatch) return mismatch;
    }
    return undefined;
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) {
      return `${where}: expected an object, got ${describe(actual)}`;
    }
    for (const [key, value] of Object.entries(expected)) {
      if (!Object.prototype.hasOwnProperty.call(actual, key)) {
        return `${formatJsonPath([...at, key])}: expected ${describe(value)}, but the field is missing`;
      }
      const mismatch = jsonSubsetMismatch(value, (actual as Record<string, unknown>)[key], [...at, key]);
      if (mismatch) return mismatch;
    }
    return undefined;
  }
  return sameScalar(expected, actual)
    ? undefined
    : `${where}: expected ${describe(expected)}, got ${describe(actual)}`;
}

function sameScalar(expected: string | number | boolean | null, actual: unknown): boolean {
  if (expected === actual) return true;
  if (typeof expected === 'number' && typeof actual === 'string') return JSON.stringify(expected) === actual;
  if (typeof expected === 'string' && typeof actual === 'number') return expected === JSON.stringify(actual);
  return false;
}

/** A value in a message: scalars as JSON (shortened), objects and lists by kind. */
function describe(value: unknown): string {
  if (typeof value === 'object' && value !== null) return kindOf(value);
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}
