import * as oauth from 'oauth4webapi';
import type { OAuth2Settings } from '../../../shared/auth';
import { jwtClaims, withJwtExpiry, type Token } from '../token';

/** `expires_in` counts from the server's whole second, a JWT's `exp` is exact: whichever comes first. */
function earliest(expiresAt: number, accessToken: string): number {
  const exp = jwtClaims(accessToken)?.exp;
  return typeof exp === 'number' ? Math.min(expiresAt, exp * 1000) : expiresAt;
}

/** The client as oauth4webapi takes it, and how it authenticates: none for a public client. */
export function oauthClient(settings: OAuth2Settings): { client: oauth.Client; auth: oauth.ClientAuth } {
  const client: oauth.Client = { client_id: settings.clientId };
  const secret = settings.clientSecret ?? '';
  if (secret === '') return { client, auth: oauth.None() };
  return {
    client,
    auth: settings.clientAuth === 'post' ? oauth.ClientSecretPost(secret) : oauth.ClientSecretBasic(secret),
  };
}

/** The parameters a token or authorization request carries besides the grant's own: scope, audience, resource. */
export function extraParameters(settings: OAuth2Settings): Record<string, string> {
  return {
    ...(settings.scope ? { scope: settings.scope } : {}),
    ...(settings.audience ? { audience: settings.audience } : {}),
    ...(settings.resource ? { resource: settings.resource } : {}),
  };
}

/** A token endpoint's answer as a Token. */
export function tokenFrom(response: oauth.TokenEndpointResponse, now: number, previous?: Token): Token {
  return withJwtExpiry({
    accessToken: response.access_token,
    obtainedAt: now,
    ...(typeof response.expires_in === 'number'
      ? { expiresAt: earliest(now + response.expires_in * 1000, response.access_token) }
      : {}),
    // A refresh that returns no new refresh token leaves the old one valid (RFC 6749 6).
    ...(response.refresh_token !== undefined
      ? { refreshToken: response.refresh_token }
      : previous?.refreshToken !== undefined
        ? { refreshToken: previous.refreshToken }
        : {}),
    ...(response.scope !== undefined ? { scope: response.scope } : {}),
  });
}
