/** Props shared by the lazy wrapper, its plain-text fallback and the Monaco implementation. */
import type { FileAsBase64, PackedTypeNames } from '../../shared/api/types';

/** What the request editor asks the engine for: `@type` completion and schemas for Any, files for bytes fields. */
export interface RequestEditorTools {
  /** Message types an Any may pack whose name contains `query`, most relevant first. */
  packedTypeNames(query: string): Promise<PackedTypeNames>;
  /** The request's JSON Schema with the fields of the types these `@type` URLs name. */
  requestSchema(typeUrls: string[]): Promise<Record<string, unknown>>;
  /** Asks the user for a file and reads it as base64; undefined when they cancel. Rejects with the engine's ApiError. */
  chooseFileAsBase64(): Promise<FileAsBase64 | undefined>;
}
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
  /** Draft-07 schema of the document: completion, validation and hover docs (widened by `tools` for Any values). */
  jsonSchema?: Record<string, unknown>;
  /** Unique per editor, e.g. `protodesk://tab/3/request.json`. */
  modelUri: string;
  /** The accessible name of the text box ("Request JSON" for the request editor). */
  ariaLabel: string;
  theme: 'light' | 'dark';
  /** Ctrl/Cmd+Enter inside the editor. */
  onRun?: () => void;
  /** Monaco's "Tab moves focus" mode (Ctrl+M), now and whenever it is toggled; the plain fallback never reports. */
  onTabFocusMode?: (moves: boolean) => void;
  problem?: EditorProblem;
  /** Any completion and "Insert file as base64" (the request editor only). */
  tools?: RequestEditorTools;
  /** The variables `{{name}}` in string values would be filled with: highlighted, on hover, unknown ones warned. */
  variables?: VariableScope;
}
