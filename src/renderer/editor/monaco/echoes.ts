/**
 * Tells the controlled `value`'s echoes of the editor's own edits apart from changes made outside. React re-renders
 * after the editor reported a change, so by the time the echo of "{n}" arrives the user may already have typed "{na}":
 * that stale echo must not be written back (it would undo a keystroke and throw the caret to the end).
 */
export class EchoTracker {
  private pending: string[] = [];

  // A parent that never echoes must not grow this without bound; echoes run at most a few keystrokes behind.
  private static readonly limit = 64;

  /** Notes a text the editor reported through onChange. */
  emitted(text: string): void {
    this.pending.push(text);
    if (this.pending.length > EchoTracker.limit) this.pending.shift();
  }

  /** True when `value` echoes a reported text; that text and all older ones are then forgotten. */
  isEcho(value: string): boolean {
    const index = this.pending.indexOf(value);
    if (index < 0) return false;
    this.pending.splice(0, index + 1);
    return true;
  }

  /** Forgets pending echoes, after the text was replaced from outside. */
  reset(): void {
    this.pending = [];
  }
}
