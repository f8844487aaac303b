import { JsonInputError } from './json-errors';
import type { JsonNode } from './json-text';

/** How a bad value reads in an error: JSON for scalars (numbers as typed), a word for objects and arrays. */
export function renderNode(node: JsonNode): string {
  switch (node.kind) {
    case 'null':
      return 'null';
    case 'bool':
      return String(node.value);
    case 'number':
      return node.raw;
    case 'string':
      return JSON.stringify(node.value.length > 60 ? `${node.value.slice(0, 57)}...` : node.value);
    case 'array':
      return 'an array';
    case 'object':
      return 'an object';
  }
}

/** An error at `path` for `node`: `expected X, got Y`, or a custom detail. */
export function mismatch(path: string, node: JsonNode, expected: string, detail?: string): JsonInputError {
  const actual = renderNode(node);
  return new JsonInputError({
    path,
    expected,
    actual,
    detail: detail ?? `expected ${expected}, got ${actual}`,
    position: node.position,
  });
}
