import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthError } from '../../../src/core/auth/errors';
import { signedJwt } from '../../../src/core/auth/jwt';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'protodesk-jwt-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('signedJwt', () => {
  it('signs HS256 with iat and exp filled, verifiable with the shared secret', async () => {
    const now = Date.now();
    const token = await signedJwt(
      {
        type: 'jwt',
        algorithm: 'HS256',
        secret: 'a-shared-secret-of-32-bytes-or-more!',
        claims: '{"sub":"ada","aud":"api"}',
        lifetimeSeconds: 120,
      },
      now,
    );
    const { payload, protectedHeader } = await jwtVerify(
      token.accessToken,
      new TextEncoder().encode('a-shared-secret-of-32-bytes-or-more!'),
      { audience: 'api' },
    );
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({
      sub: 'ada',
      iat: Math.floor(now / 1000),
      exp: Math.floor(now / 1000) + 120,
    });
    expect(token.expiresAt).toBe((Math.floor(now / 1000) + 120) * 1000);
  });

  it.each([
    ['RS256', 'rsa', { modulusLength: 2048 }],
    ['ES256', 'ec', { namedCurve: 'P-256' }],
  ] as const)(
    'signs %s with a PKCS #8 key file, verifiable with its public key',
    async (algorithm, kind, options) => {
      const { privateKey, publicKey } = generateKeyPairSync(
        kind as 'rsa',
        options as { modulusLength: number },
      );
      const keyFile = join(folder, `${algorithm}.pem`);
      await writeFile(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
      const token = await signedJwt(
        { type: 'jwt', algorithm, keyFile, claims: '{"iss":"me","exp":4102444800}' },
        Date.now(),
      );
      const key = await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), algorithm);
      const { payload } = await jwtVerify(token.accessToken, key, { issuer: 'me' });
      // A given exp is kept.
      expect(payload.exp).toBe(4102444800);
    },
  );

  it.each([
    [{ claims: '{"sub": ', secret: 'x' }, /not JSON/],
    [{ claims: '[1]', secret: 'x' }, /must be a JSON object/],
    [{ claims: '{}' }, /needs a secret/],
  ])('refuses %o with a message', async (fields, message) => {
    await expect(signedJwt({ type: 'jwt', algorithm: 'HS256', ...fields }, Date.now())).rejects.toThrow(
      message,
    );
  });

  it('says what is wrong with a key file that is missing or not PKCS #8', async () => {
    await expect(
      signedJwt(
        { type: 'jwt', algorithm: 'RS256', keyFile: join(folder, 'none.pem'), claims: '{}' },
        Date.now(),
      ),
    ).rejects.toThrow(/Cannot read the JWT key file .*ENOENT/);
    const bad = join(folder, 'bad.pem');
    await writeFile(bad, 'not a key');
    const error = await signedJwt(
      { type: 'jwt', algorithm: 'RS256', keyFile: bad, claims: '{}' },
      Date.now(),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).hint).toMatch(/openssl pkcs8/);
  });
});
