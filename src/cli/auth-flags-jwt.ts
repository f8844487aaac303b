import { accessSync, constants } from 'node:fs';
import { jwtAlgorithms, type JwtAlgorithm, type JwtSettings } from '../shared/auth';
import { parseSeconds } from './duration';
import { secretFlagValue, type Environment } from './secret-flag';
import { UsageError } from './usage-error';

/** The flags of a JWT the command line signs itself. */
export interface JwtFlags {
  authJwtAlg?: string;
  authJwtSecret?: string;
  authJwtKey?: string;
  authJwtClaims?: string;
  authJwtLifetime?: string;
}

/** The JWT settings of --auth-jwt-alg and its flags: HS256 with a secret, RS256 and ES256 with a key file. */
export function jwtSettings(flags: JwtFlags, env: Environment): JwtSettings {
  const algorithm = jwtAlgorithm(flags.authJwtAlg ?? '');
  const symmetric = algorithm === 'HS256';
  if (symmetric && flags.authJwtKey !== undefined)
    throw new UsageError(
      '--auth-jwt-key is for RS256 and ES256; HS256 signs with --auth-jwt-secret.',
      'Give --auth-jwt-secret SECRET, or choose --auth-jwt-alg RS256 or ES256 for the key.',
    );
  if (!symmetric && flags.authJwtSecret !== undefined)
    throw new UsageError(
      `--auth-jwt-secret is for HS256; ${algorithm} signs with a private key.`,
      'Give --auth-jwt-key FILE (a PEM private key), or choose --auth-jwt-alg HS256 for the secret.',
    );
  if (symmetric && flags.authJwtSecret === undefined)
    throw new UsageError(
      'An HS256 JWT needs --auth-jwt-secret.',
      'Give the shared secret: --auth-jwt-secret env:JWT_SECRET (or @FILE, or the value).',
    );
  if (!symmetric && flags.authJwtKey === undefined)
    throw new UsageError(
      `An ${algorithm} JWT needs --auth-jwt-key.`,
      'Give the PEM private key file (PKCS #8, -----BEGIN PRIVATE KEY-----).',
    );
  return {
    type: 'jwt',
    algorithm,
    ...(symmetric
      ? { secret: secretFlagValue(flags.authJwtSecret ?? '', '--auth-jwt-secret', env) }
      : { keyFile: readableKey(flags.authJwtKey ?? '') }),
    claims: claims(flags.authJwtClaims, env),
    ...(flags.authJwtLifetime !== undefined ? { lifetimeSeconds: wholeSeconds(flags.authJwtLifetime) } : {}),
  };
}

function jwtAlgorithm(text: string): JwtAlgorithm {
  const found = jwtAlgorithms.find((algorithm) => algorithm === text.trim().toUpperCase());
  if (found === undefined)
    throw new UsageError(
      `--auth-jwt-alg must be one of ${jwtAlgorithms.join(', ')}; got "${text}".`,
      'HS256 signs with a shared secret, RS256 with an RSA key, ES256 with a P-256 EC key.',
    );
  return found;
}

/** The key file, checked now: one that cannot be read is a mistyped flag, as for --cert and --key. */
function readableKey(path: string): string {
  try {
    accessSync(path, constants.R_OK);
    return path;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : code;
    throw new UsageError(`--auth-jwt-key ${path}: cannot read the key file (${why}).`, 'Check the path.');
  }
}

/** The claims: a JSON object (`{}` when absent), also from @FILE or env:NAME; checked now, as -d's JSON is. */
function claims(text: string | undefined, env: Environment): string {
  if (text === undefined) return '{}';
  const json = secretFlagValue(text, '--auth-jwt-claims', env);
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new UsageError(
      `--auth-jwt-claims is not JSON: ${(error as Error).message}.`,
      `Write the claims as a JSON object: --auth-jwt-claims '{"sub": "ci", "aud": "my-api"}'.`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new UsageError(
      '--auth-jwt-claims must be a JSON object.',
      `Write them as {"sub": "…", "aud": "…"}.`,
    );
  return json;
}

/** --auth-jwt-lifetime: seconds (or a duration, 10m), rounded to whole seconds as a JWT's exp counts them. */
function wholeSeconds(text: string): number {
  return Math.max(1, Math.round(parseSeconds(text, '--auth-jwt-lifetime') / 1000));
}
