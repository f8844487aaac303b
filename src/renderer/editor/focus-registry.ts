/** Which editor element answers `focusEditor(modelUri)`, and where the caret was when Monaco replaced the fallback. */

const targets = new Map<string, () => void>();
const handoffs = new Map<string, number>();
/** An editor asked for before it was shown (a tab just created): it takes focus as it registers. */
let pending: string | undefined;

/** Makes `focus` the target of focusEditor(modelUri); returns the disposer (it only removes this very target). */
export function registerFocusTarget(modelUri: string, focus: () => void): () => void {
  targets.set(modelUri, focus);
  if (pending === modelUri) {
    pending = undefined;
    focus();
  }
  return () => {
    if (targets.get(modelUri) === focus) targets.delete(modelUri);
  };
}

/** Moves keyboard focus into the editor showing modelUri (the fallback textarea or Monaco); no-op when none is mounted. */
export function focusEditor(modelUri: string): void {
  targets.get(modelUri)?.();
}

/** Like focusEditor, and when that editor is not shown yet (its tab was just opened), focuses it once it is. */
export function focusEditorWhenShown(modelUri: string): void {
  const focus = targets.get(modelUri);
  pending = focus ? undefined : modelUri;
  focus?.();
}

/** Records that the fallback had focus with the caret at `offset` when it went away, so Monaco can take over. */
export function noteFocusHandoff(modelUri: string, offset: number): void {
  handoffs.set(modelUri, offset);
}

/** The caret offset left by the fallback for modelUri (once), or undefined when it did not have focus. */
export function takeFocusHandoff(modelUri: string): number | undefined {
  const offset = handoffs.get(modelUri);
  handoffs.delete(modelUri);
  return offset;
}
