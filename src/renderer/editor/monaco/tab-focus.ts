/** Reports Monaco's "Tab moves focus" mode (Ctrl+M, `editor.action.toggleTabFocusMode`) to the editor's owner. */
import { useEffect, type RefObject } from 'react';
import type { JsonEditorProps } from '../types';
import { monaco } from './setup';

/** Calls `onTabFocusMode` with the mode now and on every toggle (the mode is Monaco's, shared by all editors). */
export function useTabFocusReport(
  editor: monaco.editor.IStandaloneCodeEditor | undefined,
  latest: RefObject<Pick<JsonEditorProps, 'onTabFocusMode'>>,
): void {
  useEffect(() => {
    if (!editor) return;
    const option = monaco.editor.EditorOption.tabFocusMode;
    latest.current.onTabFocusMode?.(editor.getOption(option));
    const changes = editor.onDidChangeConfiguration((event) => {
      if (event.hasChanged(option)) latest.current.onTabFocusMode?.(editor.getOption(option));
    });
    return () => changes.dispose();
  }, [editor, latest]);
}
