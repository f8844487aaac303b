/** The workspace's JSON subset rule (src/core/workspace/json-subset.ts), compiled once per rule into a predicate. */

/** Tests whether a value contains `expected`; the same rule as jsonSubsetMismatch, without building messages. */
export type SubsetTest = (actual: unknown) => boolean;

/**
 * Objects match when every expected key matches (others are ignored), lists when they have the same length and match
 * element by element, scalars when equal, a number and a string with the same text counting as equal (int64).
 */
export function compileSubset(expected: unknown): SubsetTest {
  if (Array.isArray(expected)) {
    const elements = expected.map(compileSubset);
    return (actual) =>
      Array.isArray(actual) &&
      actual.length === elements.length &&
      elements.every((test, i) => test(actual[i]));
  }
  if (typeof expected === 'object' && expected !== null) {
    const keys = Object.keys(expected);
    const tests = keys.map((key) => compileSubset((expected as Record<string, unknown>)[key]));
    return (actual) => {
      if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return false;
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!;
        if (!Object.prototype.hasOwnProperty.call(actual, key)) return false;
        if (!tests[i]!((actual as Record<string, unknown>)[key])) return false;
      }
      return true;
    };
  }
  if (typeof expected === 'number') {
    const text = JSON.stringify(expected);
    return (actual) => actual === expected || actual === text;
  }
  if (typeof expected === 'string') {
    return (actual) =>
      actual === expected || (typeof actual === 'number' && JSON.stringify(actual) === expected);
  }
  return (actual) => actual === expected;
}
