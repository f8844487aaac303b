/** A mistake in how the command was typed; exits with status 2, like grpcurl. */
export class UsageError extends Error {
  override name = 'UsageError';
}
