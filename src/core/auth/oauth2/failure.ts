import * as oauth from 'oauth4webapi';
import { AuthError } from '../errors';

/**
 * An OAuth 2.0 failure in words: the server's `error` and `error_description`, or why it could not be reached.
 * Only what the server said and the endpoint are quoted, never what was sent.
 */
export function describeOAuthFailure(
  error: unknown,
  what: string,
  options: { hint?: string } = {},
): AuthError {
  if (error instanceof AuthError) return error;
  const refused = (code: string, description: string | undefined) =>
    new AuthError(
      `The authorization server refused the ${what}: ${code}${description ? ` (${description})` : ''}.`,
      options.hint ?? hintFor(code),
    );
  if (error instanceof oauth.ResponseBodyError) return refused(error.error, error.error_description);
  // A 401 for a failed client authentication comes with a WWW-Authenticate challenge carrying the error (RFC 6749 5.2).
  if (error instanceof oauth.WWWAuthenticateChallengeError) {
    const said = error.cause.find((challenge) => challenge.parameters.error !== undefined)?.parameters;
    return said?.error !== undefined
      ? refused(said.error, said.error_description)
      : refused(`HTTP ${error.status}`, undefined);
  }
  if (error instanceof Error && error.name === 'TimeoutError')
    return new AuthError(
      `The ${what} timed out.`,
      'Check that the authorization server is up and reachable.',
    );
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  if (code !== undefined)
    return new AuthError(
      `Could not reach the authorization server for the ${what} (${code}).`,
      options.hint ?? 'Check the URL and that the server is up.',
    );
  const message = error instanceof Error ? error.message : String(error);
  return new AuthError(`The ${what} failed: ${message}`, options.hint);
}

function hintFor(code: string): string | undefined {
  switch (code) {
    case 'invalid_client':
      return 'Check the client ID and secret, and whether the server wants them as Basic auth or in the body (client authentication).';
    case 'invalid_scope':
      return 'Ask for scopes the client is allowed.';
    case 'invalid_grant':
      return 'The code or refresh token is no longer valid: get a new token.';
    case 'unauthorized_client':
      return 'The client is not allowed this grant: check its settings at the provider.';
    case 'invalid_target':
      return 'The audience or resource is not one the server knows.';
    default:
      return undefined;
  }
}
