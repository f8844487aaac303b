/** Binds an editor to the shared model of a URI and keeps model text and the controlled value in step. */
import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { registerFocusTarget, takeFocusHandoff } from '../focus-registry';
import type { JsonEditorProps } from '../types';
import { EchoTracker } from './echoes';
import { acquireModel, releaseModel } from './models';
import type { monaco } from './setup';

/**
 * Attaches modelUri's model to `editor`, reports user edits through onChange and applies new `value`s. `latest` holds
 * the newest props for callbacks that outlive a render.
 */
export function useBoundModel(
  editor: monaco.editor.IStandaloneCodeEditor | undefined,
  props: JsonEditorProps,
  latest: RefObject<JsonEditorProps>,
): void {
  const { modelUri, value, readOnly } = props;
  // True while we write the prop into the model, so that write is not echoed back as a user edit.
  const applying = useRef(false);
  const [echoes] = useState(() => new EchoTracker());

  useEffect(() => {
    if (!editor) return;
    const model = acquireModel(modelUri, latest.current.value);
    editor.setModel(model);
    echoes.reset();
    const changes = model.onDidChangeContent(() => {
      if (applying.current) return;
      const text = model.getValue();
      echoes.emitted(text);
      latest.current.onChange?.(text);
    });
    const offset = takeFocusHandoff(modelUri);
    if (offset !== undefined) {
      // The user was typing in the fallback textarea: carry on at the same place.
      editor.setPosition(model.getPositionAt(offset));
      editor.focus();
    }
    const unregister = registerFocusTarget(modelUri, () => editor.focus());
    return () => {
      unregister();
      changes.dispose();
      editor.setModel(null);
      releaseModel(modelUri);
    };
  }, [editor, modelUri, latest, echoes]);

  useEffect(() => {
    const model = editor?.getModel();
    // The user's own typing coming back, or text the model already has, must not touch the model (the caret would jump).
    if (!model || echoes.isEcho(value) || model.getValue() === value) return;
    echoes.reset();
    applying.current = true;
    try {
      if (readOnly) model.setValue(value);
      else {
        // Its own undo step, so "Reset to sample" and the like can be undone with Ctrl+Z without merging into typing.
        model.pushStackElement();
        model.pushEditOperations([], [{ range: model.getFullModelRange(), text: value }], () => null);
        model.pushStackElement();
      }
    } finally {
      applying.current = false;
    }
  }, [editor, modelUri, value, readOnly, echoes]);
}
