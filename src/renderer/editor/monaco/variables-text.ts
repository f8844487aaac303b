/**
 * The editor's view of `{{name}}` as plain text work, apart from Monaco so it can be tested alone: where each variable
 * of a JSON body is and what it warns, what its hover says, and whether the caret is completing a name.
 */
import { jsonPlaceholderSpans, jsonStringInsides } from '../../../shared/variables';
import type { VariableView } from '../../../shared/workspace';
import { lookupVariable, maskedSecret } from '../../components/variable-lookup';
import type { VariableScope } from '../../components/variable-scope';

/** One `{{name}}` of the body (offsets into the text), with the warning a call would give, if any. */
export interface VariableMark {
  name: string;
  start: number;
  end: number;
  warning?: string;
}

/** Every `{{name}}` a call fills (inside string literals only), each with its warning when it is unknown. */
export function variableMarks(json: string, view: VariableView): VariableMark[] {
  return jsonPlaceholderSpans(json).map((span) => {
    const lookup = lookupVariable(view, span.name);
    return lookup.kind === 'unknown' ? { ...span, warning: lookup.message } : span;
  });
}

/** The command a hover's Reveal and Hide links run; its argument says which model and variable. */
export const revealCommand = 'protodesk.revealVariable';

/** What a command link carries: the model, the variable, and whether to reveal or hide it. */
export interface RevealArgs {
  modelUri: string;
  name: string;
  offset: number;
  reveal: boolean;
}

/**
 * The hover of a known variable as Markdown: value (a secret masked unless revealed, with its Reveal/Hide link) and
 * origin. Undefined for an unknown one: its warning marker says it.
 */
export function hoverMarkdown(
  scope: VariableScope,
  mark: VariableMark,
  modelUri: string,
  problem?: string,
): string | undefined {
  const lookup = lookupVariable(scope.view, mark.name);
  if (lookup.kind === 'unknown') return undefined;
  const title = `**\`{{${mark.name}}}\`** — ${lookup.origin}`;
  if (lookup.variable.origin !== 'secret') return `${title}\n\n${codeSpan(lookup.variable.value ?? '')}`;
  const revealed = scope.revealed.get(mark.name);
  const args: RevealArgs = { modelUri, name: mark.name, offset: mark.start, reveal: revealed === undefined };
  const link = `[${revealed === undefined ? 'Reveal' : 'Hide'}](command:${revealCommand}?${encodeURIComponent(JSON.stringify(args))})`;
  const value = revealed === undefined ? `${maskedSecret} (secret — click to reveal)` : codeSpan(revealed);
  return `${title}\n\n${value} ${link}${problem ? `\n\n${problem}` : ''}`;
}

/** A value as inline code, whatever backticks it holds (Markdown's rule: a longer fence than any run inside). */
function codeSpan(value: string): string {
  if (value === '') return '*(empty)*';
  const longest = Math.max(0, ...Array.from(value.matchAll(/`+/g), (run) => run[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence} ${value} ${fence}`;
}

/** The name being typed after `{{` at `offset` inside a string literal: where it starts and what is typed so far. */
export function completionAt(json: string, offset: number): { start: number; typed: string } | undefined {
  const inside = jsonStringInsides(json).some(({ start, end }) => start <= offset && offset <= end);
  if (!inside) return undefined;
  const before = /\{\{([A-Za-z0-9_.-]*)$/.exec(json.slice(Math.max(0, offset - 120), offset));
  if (!before) return undefined;
  const typed = before[1] ?? '';
  return { start: offset - typed.length, typed };
}
