import { describe, expect, test } from 'vitest';
import type { VariableScope } from '../../../../src/renderer/components/variable-scope';
import {
  completionAt,
  hoverMarkdown,
  revealCommand,
  variableMarks,
} from '../../../../src/renderer/editor/monaco/variables-text';
import type { VariableView } from '../../../../src/shared/workspace';

const view: VariableView = {
  environment: 'dev',
  variables: [
    { name: 'id', origin: 'environment', value: 'a`b' },
    { name: 'token', origin: 'secret' },
  ],
  secretsWithoutValue: [],
};

function scope(revealed: Record<string, string> = {}): VariableScope {
  return {
    view,
    revealed: new Map(Object.entries(revealed)),
    reveal: async () => undefined,
    hide: () => undefined,
  };
}

const uri = 'protodesk://tab/tab-1/request.json';

describe('the editor’s variables as text', () => {
  test('marks: every placeholder in a string, the unknown ones with their warning', () => {
    const json = '{"id": "{{id}}", "x": "{{idd}}"}';
    expect(variableMarks(json, view)).toEqual([
      { name: 'id', start: 8, end: 14 },
      {
        name: 'idd',
        start: 23,
        end: 30,
        warning: "Unknown variable {{idd}} — not in environment 'dev'. Did you mean {{id}}?",
      },
    ]);
  });

  test('hover of a plain value: origin and the value as code, whatever backticks it holds', () => {
    const [mark] = variableMarks('"{{id}}"', view);
    expect(hoverMarkdown(scope(), mark!, uri)).toBe("**`{{id}}`** — from environment 'dev'\n\n`` a`b ``");
  });

  test('hover of a secret: masked with a Reveal link until revealed, then the value with Hide', () => {
    const [mark] = variableMarks('"{{token}}"', view);
    const masked = hoverMarkdown(scope(), mark!, uri) ?? '';
    expect(masked).toContain('•••••• (secret — click to reveal) [Reveal](command:protodesk.revealVariable?');
    const args = JSON.parse(
      decodeURIComponent(masked.split(`command:${revealCommand}?`)[1]!.slice(0, -1)),
    ) as unknown;
    expect(args).toEqual({ modelUri: uri, name: 'token', offset: 1, reveal: true });
    const shown = hoverMarkdown(scope({ token: 'hunter22' }), mark!, uri) ?? '';
    expect(shown).toContain('` hunter22 ` [Hide](command:');
  });

  test('no hover for an unknown variable: its warning marker speaks', () => {
    const [mark] = variableMarks('"{{nope}}"', view);
    expect(hoverMarkdown(scope(), mark!, uri)).toBeUndefined();
  });

  test('completion after {{ inside a string only', () => {
    expect(completionAt('{"a": "x {{to', 13)).toEqual({ start: 11, typed: 'to' });
    expect(completionAt('{"a": "{{}}"}', 9)).toEqual({ start: 9, typed: '' });
    expect(completionAt('{"a": {{', 8)).toBeUndefined();
    expect(completionAt('{"a": "{x"}', 9)).toBeUndefined();
  });
});
