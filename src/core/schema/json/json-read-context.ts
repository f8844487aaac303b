import type { DescMessage, JsonObject, JsonValue, Registry } from '@bufbuild/protobuf';
import { JsonInputError } from './json-errors';
import { maxDepth, type JsonNode } from './json-text';

/** What the request walkers share: the registry for Any, the depth so far, and the message reader (passed, to avoid an import cycle). */
export interface ReadContext {
  readonly registry: Registry;
  depth: number;
  readonly readMessage: (ctx: ReadContext, desc: DescMessage, node: JsonNode, path: string) => JsonValue;
}

/** Runs `read` one level deeper, failing clearly when the request nests past maxDepth. */
export function nested<T>(ctx: ReadContext, node: JsonNode, path: string, read: () => T): T {
  if (ctx.depth >= maxDepth) {
    throw new JsonInputError({
      path,
      expected: `at most ${maxDepth} levels of nesting`,
      actual: 'deeper nesting',
      detail: `the request nests deeper than ${maxDepth} levels`,
      position: node.position,
    });
  }
  ctx.depth++;
  try {
    return read();
  } finally {
    ctx.depth--;
  }
}

/** Sets an own enumerable property, safe for keys like `__proto__` that map keys may be. */
export function setMember(target: JsonObject, key: string, value: JsonValue): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
