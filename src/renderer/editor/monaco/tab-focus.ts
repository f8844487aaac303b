/**
 * Monaco's "Tab moves focus" mode (its `tabFocusMode` option), one setting for every editor of the page, toggled with
 * Ctrl+M (Ctrl+Shift+M on a Mac, as Monaco's own toggle): each editor gets the keybinding and follows the setting, and
 * reports it to its owner (the hint under the request editor).
 */
import { useEffect, type RefObject } from 'react';
import type { JsonEditorProps } from '../types';
import { monaco } from './setup';
import { isMac as mac } from '../../model/platform';

let moves = false;
const listeners = new Set<() => void>();

function toggle(): void {
  moves = !moves;
  listeners.forEach((listener) => listener());
}

/** Binds the toggle in `editor`, applies the page's mode to it, and calls `onTabFocusMode` now and on every change. */
export function useTabFocusMode(
  editor: monaco.editor.IStandaloneCodeEditor | undefined,
  latest: RefObject<Pick<JsonEditorProps, 'onTabFocusMode'>>,
): void {
  useEffect(() => {
    if (!editor) return;
    const { KeyCode, KeyMod } = monaco;
    const action = editor.addAction({
      id: 'protodesk.toggleTabFocusMode',
      label: 'Toggle Tab Key Moves Focus',
      keybindings: [mac ? KeyMod.WinCtrl | KeyMod.Shift | KeyCode.KeyM : KeyMod.CtrlCmd | KeyCode.KeyM],
      run: toggle,
    });
    const apply = (): void => {
      editor.updateOptions({ tabFocusMode: moves });
      latest.current.onTabFocusMode?.(moves);
    };
    apply();
    listeners.add(apply);
    return () => {
      listeners.delete(apply);
      action.dispose();
    };
  }, [editor, latest]);
}
