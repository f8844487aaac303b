/** Installs the window-wide shortcuts: palette, save, close/switch/move tabs, and Esc back to the request editor. */
import { useEffect } from 'react';
import { focusEditor } from '../../editor';
import type { AppStore } from '../../state/store';
import { neighbourTabId } from '../../state/tab-list';
import { requestModelUri } from '../request/model-uri';
import { shortcutOf, type Shortcut } from './shortcut-keys';

/** Whether `node` is inside a modal dialog (its own keys win there). */
function inDialog(node: EventTarget | null): boolean {
  return node instanceof Element && node.closest('[role="dialog"], [role="alertdialog"], dialog') !== null;
}

/** Runs a shortcut against the store. */
function run(store: AppStore, shortcut: Shortcut): void {
  const state = store.getState();
  const active = state.activeTabId;
  switch (shortcut.type) {
    case 'palette':
      state.setPaletteOpen(!state.paletteOpen);
      return;
    case 'closeTab':
      if (active) state.close(active);
      return;
    case 'moveTab':
      if (active) state.shift(active, shortcut.delta);
      return;
    case 'switchTab': {
      const next = neighbourTabId(state.tabs, active, shortcut.delta);
      if (next) state.activate(next);
      return;
    }
    case 'focusEditor':
      if (active) focusEditor(requestModelUri(active));
  }
}

/** Whether a key press is Ctrl+S (Cmd+S on a Mac): save the active tab. */
function isSaveChord(event: KeyboardEvent, mac: boolean): boolean {
  const command = mac ? event.metaKey : event.ctrlKey;
  return command && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 's';
}

/**
 * Listens on the window. Command shortcuts are taken in the capture phase, before Monaco (which would swallow Ctrl+K
 * as a chord); Esc is taken last, so editors' widgets and dialogs close themselves first.
 */
export function useShortcuts(store: AppStore, mac: boolean): void {
  useEffect(() => {
    const onCapture = (event: KeyboardEvent): void => {
      if (isSaveChord(event, mac)) {
        // Never the browser's "save page", even where there is nothing to save.
        event.preventDefault();
        const { activeTabId, requestSave } = store.getState();
        if (activeTabId && !inDialog(event.target)) {
          event.stopPropagation();
          requestSave(activeTabId);
        }
        return;
      }
      const shortcut = shortcutOf(event, mac);
      if (!shortcut || shortcut.type === 'focusEditor') return;
      if (shortcut.type !== 'palette' && inDialog(event.target)) return;
      event.preventDefault();
      event.stopPropagation();
      run(store, shortcut);
    };
    const onBubble = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || inDialog(event.target) || document.querySelector('[aria-modal="true"]'))
        return;
      if (shortcutOf(event, mac)?.type === 'focusEditor') run(store, { type: 'focusEditor' });
    };
    window.addEventListener('keydown', onCapture, true);
    window.addEventListener('keydown', onBubble);
    return () => {
      window.removeEventListener('keydown', onCapture, true);
      window.removeEventListener('keydown', onBubble);
    };
  }, [store, mac]);
}
