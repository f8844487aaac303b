/**
 * Installs the window-wide shortcuts: palette, save, send, close/switch/move tabs, `?` for the shortcuts sheet, and Esc
 * back to the request editor.
 */
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

/** Whether `node` is inside the open tabs' area (the strip and the active tab's request and response). */
function inTabArea(node: EventTarget | null): boolean {
  return node instanceof Element && node.closest('main') !== null;
}

/** Whether `node` takes typed text (where `?` is a character, not a shortcut). */
function takesText(node: EventTarget | null): boolean {
  if (!(node instanceof HTMLElement)) return false;
  if (node.isContentEditable || node.closest('.monaco-editor')) return true;
  if (node instanceof HTMLTextAreaElement || node instanceof HTMLSelectElement) return true;
  return (
    node instanceof HTMLInputElement &&
    !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(node.type)
  );
}

/** What the window's shortcuts need besides the store. */
export interface ShortcutHandlers {
  /** `?` outside a text field: show the keyboard shortcuts sheet. */
  onShortcutsSheet(): void;
}

/** Runs a shortcut against the store. */
function run(store: AppStore, shortcut: Shortcut, handlers: ShortcutHandlers): void {
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
      return;
    case 'send':
      if (active) void state.send(active);
      return;
    case 'shortcutsSheet':
      handlers.onShortcutsSheet();
  }
}

/** Whether a key press is Ctrl+S (Cmd+S on a Mac): save the active tab. */
function isSaveChord(event: KeyboardEvent, mac: boolean): boolean {
  const command = mac ? event.metaKey : event.ctrlKey;
  return command && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 's';
}

/** Shortcuts taken last (bubble phase): widgets and dialogs handle these keys themselves first. */
const lastTaken = new Set<Shortcut['type']>(['focusEditor', 'shortcutsSheet']);

/**
 * Listens on the window. Command shortcuts are taken in the capture phase, before Monaco (which would swallow Ctrl+K
 * as a chord, and Ctrl+Enter as "insert line"); Esc and `?` are taken last, so editors' widgets and dialogs see them
 * first. Ctrl/Cmd+Enter sends from anywhere in the tab area, whichever field has focus.
 */
export function useShortcuts(store: AppStore, mac: boolean, handlers: ShortcutHandlers): void {
  const { onShortcutsSheet } = handlers;
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
      if (!shortcut || lastTaken.has(shortcut.type)) return;
      if (shortcut.type !== 'palette' && inDialog(event.target)) return;
      if (shortcut.type === 'send' && !inTabArea(event.target)) return;
      event.preventDefault();
      event.stopPropagation();
      run(store, shortcut, { onShortcutsSheet });
    };
    const onBubble = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || inDialog(event.target) || document.querySelector('[aria-modal="true"]'))
        return;
      const shortcut = shortcutOf(event, mac);
      if (!shortcut || !lastTaken.has(shortcut.type)) return;
      if (shortcut.type === 'shortcutsSheet' && takesText(event.target)) return;
      if (shortcut.type === 'shortcutsSheet') event.preventDefault();
      run(store, shortcut, { onShortcutsSheet });
    };
    window.addEventListener('keydown', onCapture, true);
    window.addEventListener('keydown', onBubble);
    return () => {
      window.removeEventListener('keydown', onCapture, true);
      window.removeEventListener('keydown', onBubble);
    };
  }, [store, mac, onShortcutsSheet]);
}
