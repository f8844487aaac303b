/** The window-wide keyboard shortcuts, as pure data: which key does what. */
import { isRunChord } from '../../editor/run-key';

/** The key facts the shortcuts look at (a DOM or React keyboard event). */
export type KeyInfo = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

/** What a shortcut does. */
export type Shortcut =
  | { type: 'palette' }
  | { type: 'closeTab' }
  | { type: 'moveTab'; delta: -1 | 1 }
  | { type: 'switchTab'; delta: -1 | 1 }
  | { type: 'focusEditor' }
  | { type: 'send' }
  | { type: 'shortcutsSheet' };

/** The shortcut a key press means, if any. `mac` makes Cmd the command key (Ctrl still works elsewhere). */
export function shortcutOf(event: KeyInfo, mac: boolean): Shortcut | undefined {
  const command = mac ? event.metaKey : event.ctrlKey;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (command && !event.altKey && !event.shiftKey && key === 'k') return { type: 'palette' };
  if (command && !event.altKey && !event.shiftKey && key === 'w') return { type: 'closeTab' };
  if (event.ctrlKey && !event.altKey && !event.shiftKey && key === 'F4') return { type: 'closeTab' };
  const page = key === 'PageUp' ? -1 : key === 'PageDown' ? 1 : undefined;
  if (page !== undefined && event.ctrlKey && !event.altKey) {
    return event.shiftKey ? { type: 'moveTab', delta: page } : { type: 'switchTab', delta: page };
  }
  if (isRunChord(event) && !event.altKey && !event.shiftKey) return { type: 'send' };
  if (key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey) return { type: 'shortcutsSheet' };
  if (key === 'Escape' && !event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey) {
    return { type: 'focusEditor' };
  }
  return undefined;
}
