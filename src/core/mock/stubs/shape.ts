/** Reading a stub file's parsed JSON by hand, with the path and position of what does not fit. */
import type { JsonMember, JsonNode } from '../../schema/json/json-text';
import { closest } from '../../schema/json/json-errors';
import { renderNode } from '../../schema/json/json-mismatch';
import { StubError } from './stub-error';

/** The members of an object by name; refuses other kinds, unknown names (suggesting the nearest) and duplicates. */
export function members(node: JsonNode, where: string, allowed: readonly string[]): Map<string, JsonMember> {
  if (node.kind !== 'object') throw expected(node, where, 'an object');
  const out = new Map<string, JsonMember>();
  for (const member of node.members) {
    if (!allowed.includes(member.key)) {
      const guess = closest(member.key, allowed);
      throw new StubError(
        `${where} has no setting "${member.key}".`,
        guess ? `Did you mean "${guess}"?` : `Use ${allowed.map((name) => `"${name}"`).join(', ')}.`,
        member.keyPosition,
      );
    }
    if (out.has(member.key)) {
      throw new StubError(`${where} sets "${member.key}" twice.`, 'Keep one of them.', member.keyPosition);
    }
    out.set(member.key, member);
  }
  return out;
}

/** The members of an object whose names are data (metadata names, JSON paths), in order. */
export function entries(node: JsonNode, where: string): JsonMember[] {
  if (node.kind !== 'object') throw expected(node, where, 'an object');
  return node.members;
}

export function stringOf(node: JsonNode, where: string): string {
  if (node.kind !== 'string') throw expected(node, where, 'a string');
  return node.value;
}

export function itemsOf(node: JsonNode, where: string): JsonNode[] {
  if (node.kind !== 'array') throw expected(node, where, 'a list');
  return node.items;
}

/** A whole number from `min` up. */
export function wholeNumber(node: JsonNode, where: string, min: number): number {
  if (node.kind !== 'number' || !Number.isInteger(node.value) || node.value < min) {
    throw expected(node, where, `a whole number from ${min}`);
  }
  return node.value;
}

export function booleanOf(node: JsonNode, where: string): boolean {
  if (node.kind !== 'bool') throw expected(node, where, 'true or false');
  return node.value;
}

/** `where must be X, not Y.` at the node. */
export function expected(node: JsonNode, where: string, what: string, hint = ''): StubError {
  return new StubError(
    `${where} must be ${what}, not ${renderNode(node)}.`,
    hint || `Write ${what}.`,
    node.position,
  );
}

/** The plain JSON of a node (numbers lose text beyond double precision; callers that care keep the node). */
export function plainJson(node: JsonNode): unknown {
  switch (node.kind) {
    case 'null':
      return null;
    case 'array':
      return node.items.map(plainJson);
    case 'object':
      return Object.fromEntries(node.members.map((m) => [m.key, plainJson(m.value)]));
    case 'number':
      // Digits past double precision (int64 ids) are kept as their text, which the subset rule equals to the number.
      return Number.isSafeInteger(node.value) || !/^-?\d+$/.test(node.raw) ? node.value : node.raw;
    default:
      return node.value;
  }
}
