/** Whether the editor's "Tab inserts spaces — Ctrl+M" hint was shown already, remembered across restarts like the theme. */
const STORAGE_KEY = 'protodesk.tabKeyHintShown';

/** True once the hint has been shown in this browser profile. */
export function tabKeyHintShown(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  try {
    return storage.getItem(STORAGE_KEY) === 'yes';
  } catch {
    return false; // Storage unavailable: show it (once per page).
  }
}

/** Records that the hint was shown. */
export function noteTabKeyHintShown(storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(STORAGE_KEY, 'yes');
  } catch {
    // Storage unavailable: the hint comes back next time.
  }
}
