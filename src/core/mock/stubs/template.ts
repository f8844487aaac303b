/** `{{request.id}}`, `{{metadata.x-tenant}}`, `{{counter}}`, … in any string of a stub's answer. */
import type { DescMessage, JsonValue } from '@bufbuild/protobuf';
import { randomUUID } from 'node:crypto';
import type { JsonTextPosition } from '../../schema/json';
import { parseJsonPath, type JsonPathStep } from '../../workspace/json-path';
import type { MockMetadata } from '../handler';
import { resolveFieldPath } from './field-path';
import { StubError } from './stub-error';

/** What templates read while a rule answers. */
export interface TemplateContext {
  /** The request message the rule answers (canonical JSON with default values printed). */
  request(): JsonValue;
  /** Every request message so far. */
  requests(): readonly JsonValue[];
  /** How many request messages arrived (without decoding them). */
  count: number;
  metadata: MockMetadata;
  /** How many times this rule has answered, this time included (from 1). */
  counter: number;
  /** The position of the answered message in the request stream (0 for unary and server-stream calls). */
  index: number;
}

/** A string with templates in it. */
export interface StringTemplate {
  /** The value itself when the string is exactly one template (so a number stays a number), else the text. */
  value(ctx: TemplateContext): JsonValue;
  /** Always text: values that are not strings are written as JSON, missing ones as nothing. */
  text(ctx: TemplateContext): string;
}

type Expression = (ctx: TemplateContext) => JsonValue | undefined;

const templatePattern = /\{\{(.*?)\}\}/g;

export const templateList =
  '{{request.FIELD}}, {{requests.count}}, {{requests.last.FIELD}}, {{requests[N].FIELD}}, {{metadata.NAME}}, {{counter}}, {{index}}, {{now}}, {{uuid}}';

/** Compiles the templates in `text`, checking request paths against `input`; undefined when it has none. */
export function compileTemplate(
  text: string,
  input: DescMessage,
  where: string,
  position: JsonTextPosition | undefined,
): StringTemplate | undefined {
  if (!text.includes('{{')) return undefined;
  const literals: string[] = [];
  const expressions: Expression[] = [];
  let last = 0;
  for (const match of text.matchAll(templatePattern)) {
    literals.push(text.slice(last, match.index));
    expressions.push(compileExpression(match[1]!.trim(), input, where, position));
    last = match.index + match[0].length;
  }
  if (expressions.length === 0) return undefined;
  literals.push(text.slice(last));
  const render = (ctx: TemplateContext): string => {
    let out = literals[0]!;
    for (let i = 0; i < expressions.length; i++) out += asText(expressions[i]!(ctx)) + literals[i + 1]!;
    return out;
  };
  const whole = expressions.length === 1 && literals[0] === '' && literals[1] === '';
  const single = expressions[0]!;
  return {
    value: whole ? (ctx) => single(ctx) ?? null : render,
    text: render,
  };
}

function asText(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function compileExpression(
  expression: string,
  input: DescMessage,
  where: string,
  position: JsonTextPosition | undefined,
): Expression {
  const fixed: Record<string, Expression> = {
    counter: (ctx) => ctx.counter,
    index: (ctx) => ctx.index,
    now: () => new Date().toISOString(),
    uuid: () => randomUUID(),
    'requests.count': (ctx) => ctx.count,
  };
  const simple = fixed[expression];
  if (simple) return simple;
  const metadata = /^metadata\.(.+)$/.exec(expression);
  if (metadata) {
    const name = metadata[1]!.toLowerCase();
    return (ctx) => ctx.metadata[name]?.[0] ?? '';
  }
  const request = /^(request|requests\.last|requests\.first|requests\[(\d+)\])(?=$|[.[])(.*)$/.exec(
    expression,
  );
  if (!request) {
    throw new StubError(
      `${where}: {{${expression}}} is not a template.`,
      `Use one of ${templateList}.`,
      position,
    );
  }
  const steps = requestSteps(request[3]!, input, expression, where, position);
  const pick = messagePicker(request[1]!, request[2]);
  return (ctx) => readSteps(pick(ctx), steps);
}

function messagePicker(
  root: string,
  index: string | undefined,
): (ctx: TemplateContext) => JsonValue | undefined {
  if (root === 'request') return (ctx) => ctx.request();
  if (root === 'requests.first') return (ctx) => ctx.requests()[0];
  if (root === 'requests.last') return (ctx) => ctx.requests().at(-1);
  const n = Number(index);
  return (ctx) => ctx.requests()[n];
}

/** The JSON path steps of `.owner.id` / `[0].name` after a template's root, checked against the request message. */
function requestSteps(
  rest: string,
  input: DescMessage,
  expression: string,
  where: string,
  position: JsonTextPosition | undefined,
): JsonPathStep[] {
  let steps: JsonPathStep[];
  try {
    steps = parseJsonPath(`$${rest}`);
  } catch {
    throw new StubError(
      `${where}: {{${expression}}} has a malformed path.`,
      'Write fields with dots and list elements with [N], like {{request.items[0].id}}.',
      position,
    );
  }
  const resolved = resolveFieldPath(input, steps);
  if (!resolved.ok) {
    throw new StubError(
      `${where}: {{${expression}}} names a field the request lacks: ${resolved.problem}.`,
      resolved.hint,
      position,
    );
  }
  return resolved.steps;
}

/** The value at `steps` (negative indexes count from the end); undefined when something on the way is missing. */
export function readSteps(
  value: JsonValue | undefined,
  steps: readonly JsonPathStep[],
): JsonValue | undefined {
  let current: JsonValue | undefined = value;
  for (const step of steps) {
    if (current === null || typeof current !== 'object') return undefined;
    if (typeof step === 'number') {
      if (!Array.isArray(current)) return undefined;
      current = current[step < 0 ? current.length + step : step];
    } else {
      if (Array.isArray(current)) return undefined;
      current = Object.prototype.hasOwnProperty.call(current, step) ? current[step] : undefined;
    }
  }
  return current;
}
