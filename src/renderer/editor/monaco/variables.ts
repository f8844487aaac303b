/** Shows a request model's `{{name}}` variables: highlighted, unknown ones as warning markers, hover and completion. */
import { useEffect } from 'react';
import type { VariableScope } from '../../components/variable-scope';
import { variableMarks } from './variables-text';
import { registerVariableProviders, showHoverAgain } from './variables-providers';
import { setModelVariables } from './variables-registry';
import { monaco } from './setup';

const owner = 'protodesk-variables';

/** Keeps the editor's model marked for `scope` as the text and the scope change; nothing without a scope. */
export function useEditorVariables(
  editor: monaco.editor.IStandaloneCodeEditor | undefined,
  modelUri: string,
  scope: VariableScope | undefined,
): void {
  useEffect(() => {
    const model = editor?.getModel();
    if (!editor || !model || !scope) return;
    registerVariableProviders();
    const uri = model.uri.toString();
    setModelVariables(uri, { scope, editor });
    const decorations = editor.createDecorationsCollection();
    const mark = (): void => {
      const marks = variableMarks(model.getValue(), scope.view);
      const range = (start: number, end: number): monaco.IRange => {
        const from = model.getPositionAt(start);
        const to = model.getPositionAt(end);
        return new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column);
      };
      decorations.set(
        marks.map(({ start, end }) => ({
          range: range(start, end),
          options: { inlineClassName: 'pd-variable-token' },
        })),
      );
      monaco.editor.setModelMarkers(
        model,
        owner,
        marks.flatMap(({ start, end, warning }) =>
          warning === undefined
            ? []
            : [
                {
                  severity: monaco.MarkerSeverity.Warning,
                  message: warning,
                  ...rangeFields(range(start, end)),
                },
              ],
        ),
      );
    };
    mark();
    showHoverAgain(uri);
    const changes = model.onDidChangeContent(mark);
    return () => {
      changes.dispose();
      decorations.clear();
      monaco.editor.setModelMarkers(model, owner, []);
      setModelVariables(uri, undefined);
    };
  }, [editor, modelUri, scope]);
}

function rangeFields(range: monaco.IRange) {
  const { startLineNumber, startColumn, endLineNumber, endColumn } = range;
  return { startLineNumber, startColumn, endLineNumber, endColumn };
}
