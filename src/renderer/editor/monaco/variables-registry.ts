/** The variable scope of each request model, for the providers Monaco shares between all models of a language. */
import type { VariableScope } from '../../components/variable-scope';
import type { monaco } from './setup';

/** What the providers need of one model: its scope, and the editor showing it. */
export interface ModelVariables {
  scope: VariableScope;
  editor: monaco.editor.ICodeEditor;
  /** Why the last Reveal failed, shown in the next hover. */
  problem?: string;
}

const byModel = new Map<string, ModelVariables>();
// Kept apart from byModel: a Reveal replaces the scope, and with it the model's entry, before the hover shows again.
const showAgain = new Map<string, number>();

/** A Reveal/Hide click: show the hover at this offset again once the model's scope has changed. */
export function askShowAgain(uri: string, offset: number): void {
  showAgain.set(uri, offset);
}

/** The offset a click asked to show the hover at again, once. */
export function takeShowAgain(uri: string): number | undefined {
  const offset = showAgain.get(uri);
  showAgain.delete(uri);
  return offset;
}

/** The variables of a model, by its URI (as `model.uri.toString()` spells it). */
export function modelVariables(uri: string): ModelVariables | undefined {
  return byModel.get(uri);
}

/** Records (or, with undefined, forgets) a model's variables. */
export function setModelVariables(uri: string, entry: ModelVariables | undefined): void {
  if (entry) byModel.set(uri, entry);
  else byModel.delete(uri);
}
