/** Props shared by the lazy wrapper, its plain-text fallback and the Monaco implementation. */
import type { VariableScope } from '../components/variable-scope';

/** A problem the engine found in the request text, shown as an error marker at its position (1-based). */
export interface EditorProblem {
  line: number;
  column: number;
  message: string;
}

/** Props of JsonEditor: a controlled JSON text editor bound to one model URI. */
export interface JsonEditorProps {
  /** The controlled text. */
  value: string;
  onChange?: (text: string) => void;
  readOnly?: boolean;
  /** Draft-07 schema of the document: completion, validation and hover docs. */
  jsonSchema?: Record<string, unknown>;
  /** Unique per editor, e.g. `protodesk://tab/3/request.json`. */
  modelUri: string;
  /** The accessible name of the text box ("Request JSON" for the request editor). */
  ariaLabel: string;
  theme: 'light' | 'dark';
  /** Ctrl/Cmd+Enter inside the editor. */
  onRun?: () => void;
  problem?: EditorProblem;
  /** The variables `{{name}}` in string values would be filled with: highlighted, on hover, unknown ones warned. */
  variables?: VariableScope;
}
