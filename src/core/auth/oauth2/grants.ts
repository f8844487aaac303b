import * as oauth from 'oauth4webapi';
import type { OAuth2Settings } from '../../../shared/auth';
import { AuthError } from '../errors';
import type { Token } from '../token';
import { extraParameters, oauthClient, tokenFrom } from './client';
import { freshOptions, type ServerHandle } from './endpoints';
import { describeOAuthFailure } from './failure';

/** The client credentials grant: the client's own token, no user involved. */
export async function clientCredentialsToken(
  settings: OAuth2Settings,
  server: ServerHandle,
  now: () => number,
): Promise<Token> {
  const { client, auth } = oauthClient(settings);
  if ((settings.clientSecret ?? '') === '')
    throw new AuthError(
      'The client credentials grant needs a client secret.',
      'Give the client secret, as a {{variable}} from a secret of the environment.',
    );
  try {
    const response = await oauth.clientCredentialsGrantRequest(
      server.as,
      client,
      auth,
      extraParameters(settings),
      freshOptions(server),
    );
    return tokenFrom(await oauth.processClientCredentialsResponse(server.as, client, response), now());
  } catch (error) {
    throw describeOAuthFailure(error, `client credentials request to ${server.as.token_endpoint}`);
  }
}

/** A new access token for a refresh token. */
export async function refreshedToken(
  settings: OAuth2Settings,
  server: ServerHandle,
  previous: Token & { refreshToken: string },
  now: () => number,
): Promise<Token> {
  const { client, auth } = oauthClient(settings);
  try {
    const response = await oauth.refreshTokenGrantRequest(
      server.as,
      client,
      auth,
      previous.refreshToken,
      freshOptions(server),
    );
    return tokenFrom(await oauth.processRefreshTokenResponse(server.as, client, response), now(), previous);
  } catch (error) {
    throw describeOAuthFailure(error, `refresh at ${server.as.token_endpoint}`);
  }
}
