/** A mistake in how the command was typed; exits with status 2, like grpcurl. */
export class UsageError extends Error {
  override name = 'UsageError';

  constructor(
    message: string,
    /** What to do about it, printed below the message (src/cli/exit-code.ts). */
    readonly hint?: string,
  ) {
    super(message);
  }
}
