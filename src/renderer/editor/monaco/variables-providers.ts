/**
 * Monaco's side of `{{name}}`, registered once for every JSON model: the hover (value and origin, secrets masked with a
 * Reveal link that asks the engine only when clicked), completion of names after `{{`, and the Reveal/Hide command.
 */
import { toFailure } from '../../../shared/api/errors';
import { completionAt, hoverMarkdown, revealCommand, variableMarks, type RevealArgs } from './variables-text';
import { askShowAgain, modelVariables, takeShowAgain } from './variables-registry';
import { monaco } from './setup';

let registered = false;

/** The part of Monaco's content hover controller used here (not in its public types). */
interface HoverContribution extends monaco.editor.IEditorContribution {
  hideContentHover?: () => void;
}

/** Registers the providers and the command the first time an editor shows variables. */
export function registerVariableProviders(): void {
  if (registered) return;
  registered = true;
  monaco.languages.registerHoverProvider('json', { provideHover });
  monaco.languages.registerCompletionItemProvider('json', {
    triggerCharacters: ['{'],
    provideCompletionItems,
  });
  monaco.editor.registerCommand(
    revealCommand,
    (_accessor: unknown, args: RevealArgs) => void toggleSecret(args),
  );
}

function provideHover(
  model: monaco.editor.ITextModel,
  position: monaco.Position,
): monaco.languages.Hover | null {
  const entry = modelVariables(model.uri.toString());
  if (!entry) return null;
  const offset = model.getOffsetAt(position);
  const mark = variableMarks(model.getValue(), entry.scope.view).find(
    ({ start, end }) => start <= offset && offset < end,
  );
  if (!mark) return null;
  const markdown = hoverMarkdown(entry.scope, mark, model.uri.toString(), entry.problem);
  entry.problem = undefined;
  if (markdown === undefined) return null;
  const start = model.getPositionAt(mark.start);
  const end = model.getPositionAt(mark.end);
  return {
    range: new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column),
    contents: [{ value: markdown, isTrusted: { enabledCommands: [revealCommand] } }],
  };
}

function provideCompletionItems(
  model: monaco.editor.ITextModel,
  position: monaco.Position,
): monaco.languages.CompletionList | null {
  const entry = modelVariables(model.uri.toString());
  if (!entry) return null;
  const text = model.getValue();
  const offset = model.getOffsetAt(position);
  const at = completionAt(text, offset);
  if (!at) return null;
  const closed = text.startsWith('}}', offset);
  const from = model.getPositionAt(at.start);
  const range = new monaco.Range(from.lineNumber, from.column, position.lineNumber, position.column);
  return {
    suggestions: entry.scope.view.variables.map((variable) => ({
      label: variable.name,
      kind: monaco.languages.CompletionItemKind.Variable,
      detail: variable.origin === 'secret' ? 'secret' : variable.value,
      insertText: closed ? variable.name : `${variable.name}}}`,
      range,
    })),
  };
}

/** Reveal or Hide from a hover link: asks the engine (Reveal), then shows the hover again with the answer. */
async function toggleSecret(args: RevealArgs): Promise<void> {
  const entry = modelVariables(args.modelUri);
  if (!entry) return;
  askShowAgain(args.modelUri, args.offset);
  if (!args.reveal) {
    entry.scope.hide(args.name);
    return;
  }
  try {
    await entry.scope.reveal(args.name);
  } catch (error) {
    entry.problem = toFailure(error).message;
    showHoverAgain(args.modelUri);
  }
}

/** Shows the hover at the offset a Reveal/Hide click asked for, if one is pending (called once the scope changed). */
export function showHoverAgain(uri: string): void {
  const entry = modelVariables(uri);
  const model = entry?.editor.getModel();
  const offset = takeShowAgain(uri);
  if (!entry || offset === undefined || !model) return;
  // Inside the name, after `{{`: the hover is the variable's.
  const position = model.getPositionAt(offset + 2);
  // The hover still showing the old text would only take focus: close it, so the action computes it afresh.
  entry.editor.getContribution<HoverContribution>('editor.contrib.contentHover')?.hideContentHover?.();
  entry.editor.setPosition(position);
  entry.editor.trigger('protodesk', 'editor.action.showHover', {});
}
