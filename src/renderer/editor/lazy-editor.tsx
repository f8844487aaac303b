/** The lazy wrapper: the fallback textarea paints first, the Monaco chunk replaces it when loaded. */
import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import { FallbackEditor } from './FallbackEditor';
import type { JsonEditorProps } from './types';

type EditorModule = { default: ComponentType<JsonEditorProps> };

/** Builds an editor component that renders FallbackEditor until `load` resolves to the real one (for good if it fails). */
export function createLazyJsonEditor(
  load: () => Promise<EditorModule>,
): (props: JsonEditorProps) => React.JSX.Element {
  const Loaded = lazy(() =>
    load().catch((error: unknown): EditorModule => {
      // A missing chunk must not take the page down: the textarea is a working editor, only without the extras.
      console.error('The Monaco editor failed to load; keeping the plain text editor.', error);
      return { default: FallbackEditor };
    }),
  );
  return function JsonEditor(props: JsonEditorProps): React.JSX.Element {
    return (
      <Suspense fallback={<FallbackEditor {...props} />}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
