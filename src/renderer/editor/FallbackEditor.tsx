/** The plain <textarea> shown until Monaco has loaded: same value, same name, typing works at once. */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { noteFocusHandoff, registerFocusTarget } from './focus-registry';
import { isRunChord } from './run-key';
import type { JsonEditorProps } from './types';
import './editor.css';

/** A controlled textarea standing in for the Monaco editor of props.modelUri. */
export function FallbackEditor(props: JsonEditorProps): React.JSX.Element {
  const ref = useRef<HTMLTextAreaElement>(null);
  const { modelUri } = props;
  useEffect(() => registerFocusTarget(modelUri, () => ref.current?.focus()), [modelUri]);
  useLayoutEffect(() => {
    const textarea = ref.current;
    // A layout cleanup runs while the textarea is still in the document, so it can tell whether it had focus.
    return () => {
      if (textarea && document.activeElement === textarea)
        noteFocusHandoff(modelUri, textarea.selectionStart);
    };
  }, [modelUri]);
  return (
    <textarea
      ref={ref}
      className="pd-json-editor pd-json-editor-fallback"
      aria-label={props.ariaLabel}
      data-theme={props.theme}
      value={props.value}
      readOnly={props.readOnly}
      spellCheck={false}
      onChange={(event) => props.onChange?.(event.target.value)}
      onKeyDown={(event) => {
        if (props.onRun && isRunChord(event)) {
          event.preventDefault();
          props.onRun();
        }
      }}
    />
  );
}
