/** One text model per model URI, shared by the editors showing it and disposed with the last of them. */
import { monaco } from './setup';

interface Held {
  model: monaco.editor.ITextModel;
  users: number;
}

const held = new Map<string, Held>();

/** The JSON model for modelUri (created with `initialValue` if new); pair every call with releaseModel. */
export function acquireModel(modelUri: string, initialValue: string): monaco.editor.ITextModel {
  const existing = held.get(modelUri);
  if (existing) {
    existing.users += 1;
    return existing.model;
  }
  const uri = monaco.Uri.parse(modelUri);
  // A model left by someone else (not ours to count) is adopted rather than duplicated, which Monaco forbids.
  const model = monaco.editor.getModel(uri) ?? monaco.editor.createModel(initialValue, 'json', uri);
  held.set(modelUri, { model, users: 1 });
  return model;
}

/** Gives back one use of modelUri's model; the last release disposes it. */
export function releaseModel(modelUri: string): void {
  const entry = held.get(modelUri);
  if (!entry) return;
  entry.users -= 1;
  if (entry.users > 0) return;
  held.delete(modelUri);
  entry.model.dispose();
}
