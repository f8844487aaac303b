/** Shows the engine's problem with the request text as an error marker in the model. */
import { monaco } from './setup';
import type { EditorProblem } from '../types';

const owner = 'protodesk';

/** Replaces the model's Protodesk marker with `problem` (clears it when undefined), spanning the word at its position. */
export function showProblem(model: monaco.editor.ITextModel, problem: EditorProblem | undefined): void {
  if (!problem) {
    monaco.editor.setModelMarkers(model, owner, []);
    return;
  }
  const at = model.validatePosition({ lineNumber: problem.line, column: problem.column });
  const word = model.getWordAtPosition(at);
  const endColumn =
    word && word.endColumn > at.column
      ? word.endColumn
      : Math.min(at.column + 1, model.getLineMaxColumn(at.lineNumber));
  monaco.editor.setModelMarkers(model, owner, [
    {
      severity: monaco.MarkerSeverity.Error,
      message: problem.message,
      startLineNumber: at.lineNumber,
      startColumn: at.column,
      endLineNumber: at.lineNumber,
      endColumn: Math.max(endColumn, at.column),
    },
  ]);
}
