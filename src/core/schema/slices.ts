/**
 * Long loops on the engine's thread run in slices of a few milliseconds: between slices the event loop answers
 * requests and delivers call messages, so a big schema never holds it for long.
 */
export class Slices {
  private sliceStart = performance.now();

  constructor(private readonly budgetMs = 10) {}

  /** Lets the event loop run if this slice has used its budget; returns at once otherwise. */
  async pause(): Promise<void> {
    if (performance.now() - this.sliceStart < this.budgetMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.sliceStart = performance.now();
  }
}
