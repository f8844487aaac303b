/**
 * Completion of `@type` values in the request editor: every message type of the loaded schema, the method's own
 * package first. Asked from the engine as the user types (googleapis has 48,399 types: too many to ship at once), so
 * the answer is marked incomplete when the engine left some out and Monaco asks again with more text.
 */
import type { RequestEditorTools } from '../types';
import { typeUrlPrefix } from '../../../shared/api/types';
import { typeValueBefore } from './any-type-urls';
import { monaco } from './setup';

const toolsByModel = new Map<string, RequestEditorTools>();
let registered: monaco.IDisposable | undefined;

/** Binds the engine's Any tools to a model (undefined unbinds); the provider answers only for bound models. */
export function setAnyCompletionTools(modelUri: string, tools: RequestEditorTools | undefined): void {
  if (tools) toolsByModel.set(modelUri, tools);
  else toolsByModel.delete(modelUri);
  registered ??= monaco.languages.registerCompletionItemProvider('json', {
    triggerCharacters: ['"', '/', '.'],
    provideCompletionItems,
  });
}

async function provideCompletionItems(
  model: monaco.editor.ITextModel,
  position: monaco.Position,
): Promise<monaco.languages.CompletionList | undefined> {
  const tools = toolsByModel.get(model.uri.toString());
  if (!tools) return undefined;
  const before = model.getValueInRange(
    new monaco.Range(Math.max(1, position.lineNumber - 3), 1, position.lineNumber, position.column),
  );
  const context = typeValueBefore(before);
  if (!context) return undefined;
  const startColumn = position.column - context.typed.length - (context.quoted ? 1 : 0);
  const after = model.getLineContent(position.lineNumber).slice(position.column - 1);
  const closing = context.quoted ? (/^[^"]*"/.exec(after)?.[0].length ?? 0) : 0;
  const range = new monaco.Range(
    position.lineNumber,
    startColumn,
    position.lineNumber,
    position.column + closing,
  );
  // A source removed or reloading answers nothing rather than an error in the console.
  const { names, more } = await tools
    .packedTypeNames(context.typed)
    .catch(() => ({ names: [], more: false }));
  const suggestions = names.map((name, index): monaco.languages.CompletionItem => {
    const url = `${typeUrlPrefix}${name}`;
    return {
      // The full name alone: the list is narrow, and the URL's common prefix (or a detail) would hide the names.
      label: name,
      kind: monaco.languages.CompletionItemKind.Class,
      documentation: `Inserts "${url}"`,
      insertText: `"${url}"`,
      filterText: `"${url}`,
      // Keep the engine's order (own package first) rather than Monaco's alphabetical one.
      sortText: String(index).padStart(4, '0'),
      range,
    };
  });
  return { suggestions, incomplete: more };
}
