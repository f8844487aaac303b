import * as oauth from 'oauth4webapi';
import type { OAuth2Settings } from '../../../shared/auth';
import { AuthError } from '../errors';
import type { Token } from '../token';
import { extraParameters, oauthClient, tokenFrom } from './client';
import { freshOptions, type ServerHandle } from './endpoints';
import { describeOAuthFailure } from './failure';
import { listenForRedirect } from './loopback-redirect';
import { defaultSignInTimeoutMs, type UserSteps } from './user-steps';

/**
 * The authorization code grant with PKCE (S256) and state: the person signs in in a browser, the server redirects to
 * a listener on 127.0.0.1, and the code is exchanged for tokens.
 */
export async function authorizationCodeToken(
  settings: OAuth2Settings,
  server: ServerHandle,
  steps: UserSteps,
  now: () => number,
): Promise<Token> {
  const endpoint = server.as.authorization_endpoint;
  if (endpoint === undefined)
    throw new AuthError(
      'The authorization code flow needs an authorization URL.',
      'Give the issuer (its discovery names the endpoint) or the authorization URL.',
    );
  const { client, auth } = oauthClient(settings);
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const redirect = await listenForRedirect(steps.timeoutMs ?? defaultSignInTimeoutMs, steps.signal);
  try {
    const url = new URL(endpoint);
    const parameters = {
      response_type: 'code',
      client_id: settings.clientId,
      redirect_uri: redirect.redirectUri,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      ...extraParameters(settings),
    };
    for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
    await steps.openBrowser(url.href);
    const back = await redirect.callback;
    const callback = validated(server, client, back, state);
    const response = await oauth.authorizationCodeGrantRequest(
      server.as,
      client,
      auth,
      callback,
      redirect.redirectUri,
      verifier,
      freshOptions(server),
    );
    return tokenFrom(await oauth.processAuthorizationCodeResponse(server.as, client, response), now());
  } catch (error) {
    throw describeOAuthFailure(error, `authorization code sign-in at ${endpoint}`);
  } finally {
    redirect.close();
  }
}

function validated(server: ServerHandle, client: oauth.Client, back: URL, state: string): URLSearchParams {
  try {
    return oauth.validateAuthResponse(server.as, client, back, state);
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError) {
      const description = error.error_description ? ` (${error.error_description})` : '';
      throw new AuthError(
        `Signing in did not succeed: ${error.error}${description}.`,
        'Get a new token to try again; check the client ID, its redirect URIs (http://127.0.0.1 with any port) and the scopes.',
      );
    }
    throw error;
  }
}
