/** A failure to get or make a credential, with what to do about it. Never holds a secret value. */
export class AuthError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'AuthError';
  }
}
