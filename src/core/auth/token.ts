import { decodeJwt } from 'jose';
import type { TokenView } from '../../shared/auth';

/** A credential the engine obtained: an access token and what is known about its life. */
export interface Token {
  accessToken: string;
  /** ms since the epoch, when the server said (`expires_in`) or the JWT's `exp` tells. */
  expiresAt?: number;
  refreshToken?: string;
  scope?: string;
  obtainedAt: number;
}

/** How long before expiry a token is renewed: a fifth of its life, at most a minute. */
export function renewAt(token: Token): number | undefined {
  if (token.expiresAt === undefined) return undefined;
  const margin = Math.min(60_000, (token.expiresAt - token.obtainedAt) / 5);
  return token.expiresAt - margin;
}

/** The token's expiry: the server's word, else its JWT `exp`. */
export function withJwtExpiry(token: Token): Token {
  if (token.expiresAt !== undefined) return token;
  const exp = jwtClaims(token.accessToken)?.exp;
  return typeof exp === 'number' ? { ...token, expiresAt: exp * 1000 } : token;
}

/** A JWT's claims, decoded without checking its signature; undefined for anything else. */
export function jwtClaims(text: string): Record<string, unknown> | undefined {
  try {
    return decodeJwt(text);
  } catch {
    return undefined;
  }
}

/** What the page may see of a token: times, scope and claims, never the token. */
export function tokenView(token: Token, renewable: boolean): TokenView {
  const claims = jwtClaims(token.accessToken);
  return {
    obtainedAt: new Date(token.obtainedAt).toISOString(),
    ...(token.expiresAt !== undefined ? { expiresAt: new Date(token.expiresAt).toISOString() } : {}),
    ...(token.scope !== undefined ? { scope: token.scope } : {}),
    ...(claims !== undefined ? { claims: JSON.stringify(claims, null, 2) } : {}),
    renewable,
  };
}
