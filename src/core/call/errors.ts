/** Thrown when a call cannot start for a reason other than connection settings or request JSON: unknown method, wrong request count, use after end. */
export class CallSetupError extends Error {
  constructor(
    message: string,
    /** What to do about it. */
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'CallSetupError';
  }
}
