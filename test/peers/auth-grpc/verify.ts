// The one check both auth peers (grpc-js and connect-node) run on a call's headers, so they refuse alike.
import { createRemoteJWKSet, decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from 'jose';
import { createPublicKey, type KeyObject } from 'node:crypto';

/** What an auth peer accepts. Bearer JWTs always (the provider's, by its JWKS); the rest only when configured. */
export interface AuthOptions {
  /** Every JWT's `iss` must equal it. */
  issuer: string;
  /** Every JWT's `aud` must contain it. */
  audience: string;
  /** Where the provider's signing keys are; oidc-provider's `${issuer}/jwks` unless given. */
  jwksUrl?: string;
  /** `authorization: Basic base64(user:pass)`. */
  basic?: { user: string; pass: string };
  /** A header (lower case, as gRPC metadata is) carrying a fixed key. */
  apiKey?: { name: string; value: string };
  /** HS256 JWTs a client signs with this secret. */
  hmacSecret?: string;
  /** RS256 or ES256 JWTs a client signs with the private half of this SPKI PEM key. */
  publicKeyPem?: string;
}

/** Who a call came from, as the service answers it (`username`, `oauth_scope`). */
export interface Principal {
  username: string;
  scope: string;
}

export type Verdict = { ok: true; principal: Principal } | { ok: false; message: string };

/** What a peer has seen so far: distinct bearer tokens, and calls let through or refused. */
export interface AuthCounts {
  tokens: number;
  authorized: number;
  rejected: number;
}

export interface Verifier {
  /** Checks a call's credentials; `header` reads one request header or metadata value by lower-case name. */
  verify: (header: (name: string) => string | undefined) => Promise<Verdict>;
  seen: () => AuthCounts;
}

/** A refusal whose message is what the caller is told. */
class Refusal extends Error {}

/** The client's public key and the JWS algorithm it signs with. */
function clientKey(pem: string): { key: KeyObject; alg: 'RS256' | 'ES256' } {
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType === 'rsa') return { key, alg: 'RS256' };
  if (key.asymmetricKeyType === 'ec') return { key, alg: 'ES256' };
  throw new Error(`publicKeyPem is a ${key.asymmetricKeyType} key: give an RSA (RS256) or P-256 (ES256) key`);
}

/** The caller's message for a JWT that failed to verify. */
function jwtFailure(error: unknown): string {
  if (error instanceof Refusal) return error.message;
  if (error instanceof errors.JWTExpired) return 'token expired';
  if (error instanceof errors.JOSEError) return `invalid token: ${error.message}`;
  throw error;
}

/** The principal of `Basic <value>`; fixed test credentials, so a plain comparison is enough. */
function basicPrincipal(value: string, basic: AuthOptions['basic']): Principal {
  if (!basic) throw new Refusal('basic credentials are not accepted by this server');
  const decoded = Buffer.from(value, 'base64').toString();
  if (decoded !== `${basic.user}:${basic.pass}`) throw new Refusal('invalid basic credentials');
  return { username: basic.user, scope: '' };
}

/** The JWS algorithm a token names; refuses what is not a JWS compact token at all. */
function algorithmOf(token: string): string | undefined {
  try {
    return decodeProtectedHeader(token).alg;
  } catch {
    throw new Refusal('invalid token: not a JWT (three base64url parts, a JSON header first)');
  }
}

function principalOf(payload: JWTPayload): Principal {
  const clientId = typeof payload.client_id === 'string' ? payload.client_id : '';
  return { username: payload.sub ?? clientId, scope: typeof payload.scope === 'string' ? payload.scope : '' };
}

/** Verifies calls by `options`; one verifier per server, so its counts are that server's. */
export function createVerifier(options: AuthOptions): Verifier {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl ?? `${options.issuer}/jwks`));
  const hmac = options.hmacSecret === undefined ? undefined : new TextEncoder().encode(options.hmacSecret);
  const signer = options.publicKeyPem === undefined ? undefined : clientKey(options.publicKeyPem);
  const expected = { issuer: options.issuer, audience: options.audience };
  const tokens = new Set<string>();
  const counts = { authorized: 0, rejected: 0 };

  const verifyJwt = async (token: string): Promise<JWTPayload> => {
    const alg = algorithmOf(token);
    if (alg === 'HS256') {
      if (!hmac)
        throw new Refusal('invalid token: HS256 tokens are not accepted (this server has no hmacSecret)');
      return (await jwtVerify(token, hmac, { ...expected, algorithms: ['HS256'] })).payload;
    }
    if (signer && signer.alg === alg) {
      try {
        return (await jwtVerify(token, signer.key, { ...expected, algorithms: [alg] })).payload;
      } catch (error) {
        // Not the client's signature: it may still be the provider's (both can be RS256).
        if (!(error instanceof errors.JWSSignatureVerificationFailed)) throw error;
      }
    }
    return (await jwtVerify(token, jwks, { ...expected, algorithms: ['RS256'] })).payload;
  };

  const check = async (header: (name: string) => string | undefined): Promise<Principal> => {
    if (options.apiKey) {
      const key = header(options.apiKey.name);
      if (key !== undefined) {
        if (key !== options.apiKey.value) throw new Refusal(`invalid ${options.apiKey.name}`);
        return { username: 'api-key', scope: '' };
      }
    }
    const authorization = header('authorization');
    if (!authorization) throw new Refusal('missing bearer token');
    const [scheme = '', value = ''] = authorization.split(/ +(.*)/s);
    if (scheme.toLowerCase() === 'basic') return basicPrincipal(value, options.basic);
    if (scheme.toLowerCase() !== 'bearer' || !value) {
      throw new Refusal('authorization is not "Bearer <token>"');
    }
    tokens.add(value);
    try {
      return principalOf(await verifyJwt(value));
    } catch (error) {
      throw new Refusal(jwtFailure(error));
    }
  };

  return {
    verify: async (header) => {
      try {
        const principal = await check(header);
        counts.authorized += 1;
        return { ok: true, principal };
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        counts.rejected += 1;
        return { ok: false, message: error.message };
      }
    },
    seen: () => ({ tokens: tokens.size, ...counts }),
  };
}
