/** The JSON editor: Monaco (loaded lazily in its own chunk) behind a plain textarea that works from the first paint. */
import { createLazyJsonEditor } from './lazy-editor';

export { focusEditor } from './focus-registry';
export type { EditorProblem, JsonEditorProps, RequestEditorTools } from './types';

/** A controlled JSON editor with schema completion, validation and hover; fills its parent. */
export const JsonEditor = createLazyJsonEditor(async () => {
  // Installed before the Monaco chunk is even imported: with code splitting, Monaco's core sits in a chunk that
  // would run before any import statement of ours inside the Monaco chunk.
  await import('./monaco/install-builtins');
  const chunk = await import('./monaco-editor');
  await chunk.ready;
  return chunk;
});
