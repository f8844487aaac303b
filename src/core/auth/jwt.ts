import { readFile } from 'node:fs/promises';
import { importPKCS8, SignJWT, type JWTPayload } from 'jose';
import type { JwtSettings } from '../../shared/auth';
import { AuthError } from './errors';
import type { Token } from './token';

const defaultLifetimeSeconds = 300;

/** Signs a JWT from the settings' claims: `iat` now and `exp` after the lifetime, unless the claims set them. */
export async function signedJwt(settings: JwtSettings, now: number): Promise<Token> {
  const claims = parseClaims(settings.claims);
  const issuedAt = typeof claims.iat === 'number' ? claims.iat : Math.floor(now / 1000);
  const lifetime = settings.lifetimeSeconds ?? defaultLifetimeSeconds;
  const expires = typeof claims.exp === 'number' ? claims.exp : issuedAt + lifetime;
  const jwt = await new SignJWT({ ...claims, iat: issuedAt, exp: expires })
    .setProtectedHeader({ alg: settings.algorithm, typ: 'JWT' })
    .sign(await signingKey(settings));
  return { accessToken: jwt, obtainedAt: now, expiresAt: expires * 1000 };
}

function parseClaims(text: string): JWTPayload {
  let value: unknown;
  try {
    value = JSON.parse(text === '' ? '{}' : text);
  } catch (error) {
    throw new AuthError(
      `The JWT claims are not JSON: ${(error as Error).message}.`,
      'Write the claims as a JSON object: {"sub": "{{user}}", "aud": "my-api"}.',
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new AuthError('The JWT claims must be a JSON object.', 'Write them as {"sub": "…", "aud": "…"}.');
  return value as JWTPayload;
}

async function signingKey(
  settings: JwtSettings,
): Promise<Uint8Array | Awaited<ReturnType<typeof importPKCS8>>> {
  if (settings.algorithm === 'HS256') {
    if ((settings.secret ?? '') === '')
      throw new AuthError(
        'An HS256 JWT needs a secret.',
        'Give the shared secret, as a {{variable}} from a secret.',
      );
    return new TextEncoder().encode(settings.secret);
  }
  const file = settings.keyFile ?? '';
  if (file === '')
    throw new AuthError(
      `An ${settings.algorithm} JWT needs a private key file.`,
      'Choose a PEM file with a PKCS #8 private key (-----BEGIN PRIVATE KEY-----).',
    );
  const pem = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new AuthError(
      `Cannot read the JWT key file ${file} (${error.code ?? error.message}).`,
      'Check the path.',
    );
  });
  try {
    return await importPKCS8(pem, settings.algorithm);
  } catch {
    throw new AuthError(
      `The JWT key file ${file} is not a PKCS #8 ${settings.algorithm === 'RS256' ? 'RSA' : 'P-256 EC'} private key.`,
      'Convert it with: openssl pkcs8 -topk8 -nocrypt -in key.pem -out key.pk8.pem',
    );
  }
}
