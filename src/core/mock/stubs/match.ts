/** The `match` of a stub rule: request body (a JSON subset), per-path checks, metadata, message index. */
import type { DescMessage, JsonValue } from '@bufbuild/protobuf';
import type { JsonNode } from '../../schema/json/json-text';
import { hasSpecialJson } from '../../schema/json/json-wkt';
import { closest } from '../../schema/json/json-errors';
import { parseJsonPath, type JsonPathStep } from '../../workspace/json-path';
import type { MockMetadata } from '../handler';
import { resolveFieldPath } from './field-path';
import { booleanOf, entries, expected, itemsOf, members, plainJson, stringOf, wholeNumber } from './shape';
import { StubError } from './stub-error';
import { compileSubset } from './subset';
import { readSteps } from './template';

/** The request as a rule sees it: messages decoded on first use, in canonical JSON with default values printed. */
export interface MatchInput {
  metadata: MockMetadata;
  /** Decoded request message `i`, undefined past the end. */
  message(i: number): JsonValue | undefined;
  /** How many request messages there are (client streams: all of them; bidi: those so far). */
  count: number;
  /** The message the rule is tested against unless it names another: the only one, the last (client) or the new one (bidi). */
  current: number;
}

/** How `match.index` reads: in a client stream it picks the message to test, in a bidi stream the message to answer. */
export type IndexMeaning = 'none' | 'pick' | 'only';

export interface StubMatch {
  test(input: MatchInput): boolean;
  /** Which message the rule answers: `index` when the stream kind picks one, else the current one. */
  messageIndex(input: MatchInput): number;
}

type ValueTest = (value: unknown) => boolean;

const matchKeys = ['body', 'fields', 'metadata', 'index', 'messages'] as const;

export function compileMatch(
  node: JsonNode | undefined,
  input: DescMessage,
  indexMeaning: IndexMeaning,
  where: string,
): StubMatch {
  if (!node) return { test: () => true, messageIndex: (m) => m.current };
  const settings = members(node, where, matchKeys);
  const tests: ((m: MatchInput, message: JsonValue | undefined) => boolean)[] = [];
  let needsRequest = false;
  const body = settings.get('body');
  if (body) {
    const subset = compileSubset(bodySubset(body.value, input, `${where}.body`));
    tests.push((_m, message) => subset(message));
    needsRequest = true;
  }
  const fields = settings.get('fields');
  if (fields) {
    for (const member of entries(fields.value, `${where}.fields`)) {
      const steps = pathSteps(member.key, input, `${where}.fields`, member.keyPosition);
      const test = valueTest(member.value, `${where}.fields["${member.key}"]`);
      tests.push((_m, message) => test(readSteps(message, steps)));
    }
    needsRequest = true;
  }
  const metadata = settings.get('metadata');
  if (metadata) {
    for (const member of entries(metadata.value, `${where}.metadata`)) {
      const name = member.key.toLowerCase();
      const test = valueTest(member.value, `${where}.metadata["${member.key}"]`);
      tests.push((m) => test(m.metadata[name]?.[0]));
    }
  }
  const messages = settings.get('messages');
  if (messages) {
    if (indexMeaning !== 'pick') {
      throw new StubError(
        `${where}.messages applies to client-streaming methods only.`,
        'Match one message with "body" (and "index" in a bidi stream).',
        messages.keyPosition,
      );
    }
    const each = itemsOf(messages.value, `${where}.messages`).map((item, i) =>
      compileSubset(bodySubset(item, input, `${where}.messages[${i}]`)),
    );
    tests.push((m) => m.count === each.length && each.every((test, i) => test(m.message(i))));
    needsRequest = true;
  }
  const indexNode = settings.get('index');
  let index: number | undefined;
  if (indexNode) {
    if (indexMeaning === 'none') {
      throw new StubError(
        `${where}.index applies to client-streaming and bidi methods only: this method gets one request message.`,
        'Remove "index".',
        indexNode.keyPosition,
      );
    }
    index = wholeNumber(indexNode.value, `${where}.index`, 0);
  }
  const messageIndex = (m: MatchInput): number =>
    indexMeaning === 'pick' ? (index ?? m.current) : m.current;
  return {
    test: (m) => {
      if (indexMeaning === 'only' && index !== undefined && index !== m.current) return false;
      const at = messageIndex(m);
      const message = needsRequest ? m.message(at) : undefined;
      if (needsRequest && indexMeaning === 'pick' && index !== undefined && message === undefined)
        return false;
      for (const test of tests) if (!test(m, message)) return false;
      return true;
    },
    messageIndex,
  };
}

/** The expected request JSON with field names checked against the input message and turned into JSON names. */
function bodySubset(node: JsonNode, desc: DescMessage, where: string): unknown {
  if (hasSpecialJson(desc)) return plainJson(node);
  if (node.kind !== 'object') throw expected(node, where, `an object of ${desc.typeName}'s fields`);
  const out: Record<string, unknown> = {};
  for (const member of node.members) {
    const field = desc.fields.find((f) => f.jsonName === member.key || f.name === member.key);
    if (!field) {
      const guess = closest(member.key, [
        ...desc.fields.map((f) => f.jsonName),
        ...desc.fields.map((f) => f.name),
      ]);
      throw new StubError(
        `${where}: ${desc.typeName} has no field "${member.key}", so this rule could never match.`,
        guess
          ? `Did you mean "${guess}"?`
          : `Its fields: ${desc.fields.map((f) => f.jsonName).join(', ') || 'none'}.`,
        member.keyPosition,
      );
    }
    const at = `${where}.${member.key}`;
    const value = member.value;
    if (field.fieldKind === 'message') out[field.jsonName] = bodySubset(value, field.message, at);
    else if (field.fieldKind === 'list' && field.listKind === 'message' && value.kind === 'array') {
      out[field.jsonName] = value.items.map((item, i) => bodySubset(item, field.message, `${at}[${i}]`));
    } else if (field.fieldKind === 'map' && field.mapKind === 'message' && value.kind === 'object') {
      out[field.jsonName] = Object.fromEntries(
        value.members.map((m) => [m.key, bodySubset(m.value, field.message, `${at}["${m.key}"]`)]),
      );
    } else out[field.jsonName] = plainJson(value);
  }
  return out;
}

function pathSteps(
  path: string,
  input: DescMessage,
  where: string,
  position: JsonNode['position'],
): JsonPathStep[] {
  let steps: JsonPathStep[];
  try {
    steps = parseJsonPath(path);
  } catch (error) {
    throw new StubError(
      `${where}: ${(error as Error).message}`,
      'Write paths like $.owner.id or $.tags[0].id.',
      position,
    );
  }
  const resolved = resolveFieldPath(input, steps);
  if (!resolved.ok) {
    throw new StubError(
      `${where}: "${path}" names a field the request lacks: ${resolved.problem}.`,
      resolved.hint,
      position,
    );
  }
  return resolved.steps;
}

/** `"value"` (or any JSON: equal by the subset rule), or `{ "equals" | "regex" | "exists" }`. */
function valueTest(node: JsonNode, where: string): ValueTest {
  if (node.kind !== 'object') {
    const equal = compileSubset(plainJson(node));
    return (value) => value !== undefined && equal(value);
  }
  const settings = members(node, where, ['equals', 'regex', 'exists']);
  if (settings.size !== 1) {
    throw new StubError(
      `${where} must have exactly one of "equals", "regex" or "exists".`,
      'For example { "regex": "^tiger" } or { "exists": true }.',
      node.position,
    );
  }
  const [kind, member] = [...settings][0]!;
  if (kind === 'equals') {
    const equal = compileSubset(plainJson(member.value));
    return (value) => value !== undefined && equal(value);
  }
  if (kind === 'exists') {
    const wanted = booleanOf(member.value, `${where}.exists`);
    return (value) => (value !== undefined && value !== null) === wanted;
  }
  const source = stringOf(member.value, `${where}.regex`);
  let pattern: RegExp;
  try {
    pattern = new RegExp(source, 'u');
  } catch (error) {
    throw new StubError(
      `${where}.regex is not a valid regular expression: ${(error as Error).message}.`,
      'Write a JavaScript regular expression without slashes, like ^tiger-\\\\d+$ (backslashes doubled in JSON).',
      member.value.position,
    );
  }
  return (value) =>
    value !== undefined &&
    value !== null &&
    pattern.test(typeof value === 'string' ? value : JSON.stringify(value));
}
