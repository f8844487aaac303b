// protodesk call with the auth flags that need no authorization server, against servers that check what they get.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startAuthGrpcServer, type AuthGrpcServer } from '../peers/auth-grpc/server';
import { startSecretEchoServer, type SecretEchoServer } from '../peers/js-secret-echo/server';
import { interopProtoFlags } from './call-harness';
import { protodeskRun } from './load-harness';

const issuer = 'https://issuer.protodesk.test';
const audience = 'urn:protodesk:test-api';
const password = 'alice-password-4242';
const apiKey = 'api-key-value-31415926';
const hmacSecret = 'hmac-secret-for-tests-27182818';
const rsa = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});

let api: AuthGrpcServer;
let echo: SecretEchoServer;
let dir: string;
beforeAll(async () => {
  [api, echo, dir] = await Promise.all([
    startAuthGrpcServer({
      issuer,
      audience,
      basic: { user: 'alice', pass: password },
      apiKey: { name: 'x-api-key', value: apiKey },
      hmacSecret,
      publicKeyPem: rsa.publicKey,
    }),
    startSecretEchoServer(),
    mkdtemp(join(tmpdir(), 'protodesk-auth-call-')),
  ]);
});
afterAll(() => Promise.all([api?.stop(), echo?.stop(), dir && rm(dir, { recursive: true, force: true })]));

/** UnaryCall on the auth peer (schema from the interop protos) with these flags; `env` on top of this process's. */
const unary = (flags: string[], env?: Record<string, string>) =>
  protodeskRun(
    [
      'call',
      api.address,
      'grpc.testing.TestService/UnaryCall',
      '--plaintext',
      ...interopProtoFlags,
      ...flags,
    ],
    env,
  );

/** An HS256 JWT for the peer's API, signed here with its shared secret. */
const hs256 = (sub: string) =>
  new SignJWT({ sub })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(hmacSecret));

describe('protodesk call sends the auth its flags describe', () => {
  test('--auth-bearer env:NAME: the token from the environment, as authorization: Bearer', async () => {
    const run = await unary(['--auth-bearer', 'env:API_TOKEN'], { API_TOKEN: await hs256('bearer-user') });
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(JSON.parse(run.out)).toEqual({ username: 'bearer-user' });
  });

  test('--auth-basic USER:@FILE: the password read from a file, its final line break dropped', async () => {
    const file = join(dir, 'password.txt');
    await writeFile(file, `${password}\n`);
    const run = await unary(['--auth-basic', `alice:@${file}`]);
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(JSON.parse(run.out)).toEqual({ username: 'alice' });
  });

  test('--auth-api-key NAME=env:VALUE: the key as its own metadata entry', async () => {
    const run = await unary(['--auth-api-key', 'X-Api-Key=env:KEY'], { KEY: apiKey });
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(JSON.parse(run.out)).toEqual({ username: 'api-key' });
  });

  test("--auth-command 'printf TOKEN': the command's output is the Bearer token", async () => {
    const run = await unary(['--auth-command', `printf ${await hs256('command-user')}`]);
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(JSON.parse(run.out)).toEqual({ username: 'command-user' });
  });

  test('--auth-jwt-alg HS256: a JWT signed with the shared secret, iat and exp filled', async () => {
    const claims = JSON.stringify({ iss: issuer, aud: audience, sub: 'hs256-user' });
    const run = await unary(
      ['--auth-jwt-alg', 'HS256', '--auth-jwt-secret', 'env:JWT_SECRET', '--auth-jwt-claims', claims],
      { JWT_SECRET: hmacSecret },
    );
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(JSON.parse(run.out)).toEqual({ username: 'hs256-user' });
  });

  test('--auth-jwt-alg RS256: a JWT signed with a PKCS #8 key file, its claims from @FILE', async () => {
    const key = join(dir, 'client.pk8.pem');
    const claims = join(dir, 'claims.json');
    await writeFile(key, rsa.privateKey);
    await writeFile(claims, JSON.stringify({ iss: issuer, aud: audience, sub: 'rs256-user' }));
    const run = await unary([
      '--auth-jwt-alg',
      'RS256',
      '--auth-jwt-key',
      key,
      '--auth-jwt-claims',
      `@${claims}`,
      '--auth-jwt-lifetime',
      '1m',
    ]);
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(JSON.parse(run.out)).toEqual({ username: 'rs256-user' });
  });

  test('the auth replaces a -H entry of the same name', async () => {
    const run = await unary(['-H', 'authorization: Bearer stale', '--auth-basic', `alice:${password}`]);
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(JSON.parse(run.out)).toEqual({ username: 'alice' });
  });
});

describe('a refused call says which auth was sent, and never shows a secret', () => {
  test('UNAUTHENTICATED: exit 80, the hint names the auth and where it came from; the password is hidden', async () => {
    const wrong = 'not-alices-password-1618';
    const run = await unary(['--auth-basic', `alice:${wrong}`]);
    expect(run).toEqual({
      code: 64 + 16,
      out: '',
      err:
        'ERROR:\n  Code: Unauthenticated\n  Message: invalid basic credentials\n' +
        '  Hint: Sent Basic auth as "alice" from the command line. Get a new token, or check the auth settings.\n',
    });
  });

  test('UNAUTHENTICATED without auth flags: the hint names the flags, unless -H sent an authorization', async () => {
    const none = await unary([]);
    expect(none.code).toBe(80);
    expect(none.err).toContain('Message: missing bearer token\n');
    expect(none.err).toContain(
      '  Hint: No auth flag was given: add --auth-bearer, --auth-basic, --oauth2-client-id or another (see --help).\n',
    );
    const header = await unary(['-H', 'authorization: Bearer not-a-jwt']);
    expect(header.code).toBe(80);
    expect(header.err).toContain('Message: invalid token: not a JWT');
    expect(header.err).not.toContain('Hint:');
  });

  test('-v shows {{auth.token}} in the metadata, the echoed headers and trailers and the error, never the token', async () => {
    const token = 'secret-echo-token-0123456789';
    const run = await protodeskRun(
      [
        'call',
        `127.0.0.1:${echo.port}`,
        'grpc.testing.TestService/UnaryCall',
        '--plaintext',
        ...interopProtoFlags,
        '-H',
        'x-answer: fail',
        '--auth-bearer',
        'env:ECHO_TOKEN',
        '-v',
      ],
      { ECHO_TOKEN: token },
    );
    expect(run.code).toBe(64 + 3);
    expect(run.err).toContain('authorization: Bearer {{auth.token}}\n');
    // The server echoes the authorization it got in a header and a trailer.
    expect(run.err.match(/^x-echo-auth: Bearer \{\{auth\.token\}\}$/gm)).toHaveLength(2);
    expect(run.err).toContain('  Message: tok {{auth.token}}; again {{auth.token}}99\n');
    expect(run.err).not.toContain(token);
  });
});
