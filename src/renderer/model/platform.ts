/** Whether the page runs on a Mac, where shortcuts use ⌘ (and Monaco's own toggles Ctrl+Shift) instead of Ctrl. */
export const isMac = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform);
