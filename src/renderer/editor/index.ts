/** The JSON editor: Monaco (loaded lazily in its own chunk) behind a plain textarea that works from the first paint. */
import { createLazyJsonEditor } from './lazy-editor';

export { focusEditor, focusEditorWhenShown } from './focus-registry';
export type { EditorProblem, JsonEditorProps, RequestEditorTools } from './types';

/** A controlled JSON editor with schema completion, validation and hover; fills its parent. */
export const JsonEditor = createLazyJsonEditor(async () => {
  const chunk = await import('./monaco-editor');
  await chunk.ready;
  return chunk;
});
