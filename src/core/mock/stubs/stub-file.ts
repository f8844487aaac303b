/** One stub file: `{ "format": 1, "method": "pkg.Service/Method", "rules": [...] }`, read and compiled against the schema. */
import type { DescMethod } from '@bufbuild/protobuf';
import { editDistance } from '../../../shared/edit-distance';
import type { MockProblem } from '../../../shared/mock';
import { JsonInputError } from '../../schema/json';
import { parseJsonText, type JsonNode } from '../../schema/json/json-text';
import type { Schema } from '../../schema/schema';
import { compileMatch, type IndexMeaning, type StubMatch } from './match';
import { compileRespond, type StubResponse } from './respond';
import { itemsOf, members, stringOf } from './shape';
import { StubError } from './stub-error';

/** A rule ready to answer: where it was written, what it matches and how it answers. */
export interface StubRule {
  /** The stub file, relative to the stubs folder. */
  file: string;
  /** Its position in the file's `rules`, from 0. */
  index: number;
  match: StubMatch;
  respond: StubResponse;
  /** How many times it has answered (`{{counter}}` is this after the increment). */
  answered: number;
}

export interface StubFile {
  /** The method, when the file names one the schema has. */
  method?: DescMethod;
  /** The rules that compiled; a bad rule is left out and reported. */
  rules: StubRule[];
  problems: MockProblem[];
}

export const stubFormat = 1;

/** Parses `text` (the file at `file`, relative to the stubs folder) and compiles each rule against `schema`. */
export function parseStubFile(text: string, file: string, schema: Schema): StubFile {
  let root: JsonNode;
  try {
    root = parseJsonText(text);
  } catch (error) {
    if (!(error instanceof JsonInputError)) throw error;
    return failed(
      file,
      new StubError(error.message, 'Fix the JSON syntax; the other stub files keep serving.', error.position),
    );
  }
  let method: DescMethod;
  let ruleNodes: JsonNode[];
  try {
    const top = members(root, 'The stub file', ['format', 'method', 'rules', 'description']);
    const format = top.get('format');
    if (format && !(format.value.kind === 'number' && format.value.value === stubFormat)) {
      throw new StubError(
        `"format" is ${format.value.kind === 'number' ? format.value.raw : 'not a number'}; this Protodesk reads stub format ${stubFormat}.`,
        `Write "format": ${stubFormat}, or update Protodesk for newer stub files.`,
        format.value.position,
      );
    }
    method = findMethod(schema, top.get('method')?.value, file, root);
    const rules = top.get('rules');
    if (!rules)
      throw new StubError(
        'The stub file has no "rules".',
        'Add "rules": [ { "respond": { "body": {} } } ].',
        root.position,
      );
    ruleNodes = itemsOf(rules.value, 'rules');
  } catch (error) {
    if (error instanceof StubError) return failed(file, error);
    throw error;
  }
  const indexMeaning = indexMeanings[method.methodKind];
  const rules: StubRule[] = [];
  const problems: MockProblem[] = [];
  ruleNodes.forEach((node, index) => {
    try {
      rules.push(compileRule(schema, method, node, file, index, indexMeaning));
    } catch (error) {
      if (!(error instanceof StubError)) throw error;
      problems.push(error.problem(file));
    }
  });
  return { method, rules, problems };
}

const indexMeanings: Record<DescMethod['methodKind'], IndexMeaning> = {
  unary: 'none',
  server_streaming: 'none',
  client_streaming: 'pick',
  bidi_streaming: 'only',
};

function compileRule(
  schema: Schema,
  method: DescMethod,
  node: JsonNode,
  file: string,
  index: number,
  indexMeaning: IndexMeaning,
): StubRule {
  const where = `rules[${index}]`;
  const settings = members(node, where, ['match', 'respond', 'description']);
  const respondNode = settings.get('respond');
  if (!respondNode) {
    throw new StubError(
      `${where} has no "respond".`,
      'Add "respond": { "body": { … } } (or a "status").',
      node.position,
    );
  }
  const match = compileMatch(settings.get('match')?.value, method.input, indexMeaning, `${where}.match`);
  const respond = compileRespond(schema.registry, method, respondNode.value, `${where}.respond`);
  return {
    file,
    index,
    match,
    respond,
    answered: 0,
  };
}

/** The method a file names, or (when it names none) the one its path spells: `pkg.Service/Method.json`. */
function findMethod(schema: Schema, node: JsonNode | undefined, file: string, root: JsonNode): DescMethod {
  const fromPath = /(?:^|\/)([^/]+)\/([^/]+)\.json$/.exec(file);
  const name = node ? stringOf(node, '"method"') : fromPath ? `${fromPath[1]}/${fromPath[2]}` : undefined;
  if (name === undefined) {
    throw new StubError(
      'The stub file names no "method".',
      'Add "method": "pkg.Service/Method".',
      root.position,
    );
  }
  const method = schema.method(name);
  if (method) return method;
  const all = schema.services().flatMap((s) => s.methods.map((m) => `${s.fullName}/${m.name}`));
  const nearest = nearestName(name, all);
  throw new StubError(
    `${JSON.stringify(name)} is not a method of the served schema.`,
    nearest
      ? `Did you mean "${nearest}"?`
      : all.length > 0
        ? `Name it as pkg.Service/Method, e.g. "${all[0]}".`
        : 'The schema has no services: load the .proto files that define them.',
    node?.position ?? root.position,
  );
}

function nearestName(name: string, names: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of names) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (!best || distance < best.distance) best = { name: candidate, distance };
  }
  return best && best.distance <= Math.max(2, Math.floor(name.length / 4)) ? best.name : undefined;
}

function failed(file: string, error: StubError): StubFile {
  return { rules: [], problems: [error.problem(file)] };
}
