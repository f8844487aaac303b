// How the auth flags become auth settings, and the usage errors (exit 2) of flags that contradict or lack each other.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addAuthFlags, authFromFlags, type AuthFlags } from '../../src/cli/auth-flags';
import { cli } from './call-harness';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'protodesk-auth-flags-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The flags as Commander parses `args` on a command with the auth flags. */
function parsed(args: string[]): AuthFlags {
  const command = addAuthFlags(new Command('call').exitOverride());
  command.parse(args, { from: 'user' });
  return command.opts<AuthFlags>();
}

const settings = (args: string[], env: Record<string, string> = {}) =>
  authFromFlags(parsed(args), env)?.settings;

describe('the settings the flags describe, from the command line', () => {
  test('no auth flag: no auth', () => {
    expect(authFromFlags(parsed([]), {})).toBeUndefined();
    expect(authFromFlags(parsed(['--no-browser']), {})).toBeUndefined();
  });

  test('secrets as values, env:NAME and @FILE (one final line break dropped)', async () => {
    const file = join(dir, 'token');
    await writeFile(file, 'token-from-a-file\n');
    expect(authFromFlags(parsed(['--auth-bearer', 'plain-token']), {})).toEqual({
      settings: { type: 'bearer', token: 'plain-token' },
      from: { kind: 'flags' },
    });
    expect(settings(['--auth-bearer', 'env:T'], { T: 'token-from-env' })).toEqual({
      type: 'bearer',
      token: 'token-from-env',
    });
    expect(settings(['--auth-bearer', `@${file}`])).toEqual({ type: 'bearer', token: 'token-from-a-file' });
  });

  test('--auth-basic and --auth-api-key: the secret half, or the whole value, from env:NAME or @FILE', () => {
    const env = { PASS: 'p@ss:word', CREDS: 'bob:hunter22', KEY: 'key-value' };
    expect(settings(['--auth-basic', 'alice:env:PASS'], env)).toEqual({
      type: 'basic',
      username: 'alice',
      password: 'p@ss:word',
    });
    expect(settings(['--auth-basic', 'env:CREDS'], env)).toEqual({
      type: 'basic',
      username: 'bob',
      password: 'hunter22',
    });
    expect(settings(['--auth-api-key', 'X-Api-Key=env:KEY'], env)).toEqual({
      type: 'apiKey',
      name: 'x-api-key',
      value: 'key-value',
    });
  });

  test('--auth-command, its cache in seconds or as a duration, 0 for every call', () => {
    expect(settings(['--auth-command', 'gcloud auth print-access-token'])).toEqual({
      type: 'command',
      command: 'gcloud auth print-access-token',
    });
    expect(settings(['--auth-command', 'x', '--auth-command-cache', '5m'])).toMatchObject({
      cacheSeconds: 300,
    });
    expect(settings(['--auth-command', 'x', '--auth-command-cache', '0'])).toMatchObject({ cacheSeconds: 0 });
  });

  test('--auth-jwt-alg: HS256 with a secret, RS256 with a key file; claims {} unless given', async () => {
    const key = join(dir, 'key.pem');
    await writeFile(key, 'checked when signing');
    expect(settings(['--auth-jwt-alg', 'hs256', '--auth-jwt-secret', 'env:S'], { S: 'shared' })).toEqual({
      type: 'jwt',
      algorithm: 'HS256',
      secret: 'shared',
      claims: '{}',
    });
    expect(
      settings([
        '--auth-jwt-alg',
        'RS256',
        '--auth-jwt-key',
        key,
        '--auth-jwt-lifetime',
        '90',
        '--auth-jwt-claims',
        '{"sub":"ci"}',
      ]),
    ).toEqual({ type: 'jwt', algorithm: 'RS256', keyFile: key, claims: '{"sub":"ci"}', lifetimeSeconds: 90 });
  });

  test('OAuth 2.0: client credentials by default; the other flows by name', () => {
    expect(
      settings(
        [
          '--oauth2-issuer',
          'https://tenant.auth0.com/',
          '--oauth2-client-id',
          'svc',
          '--oauth2-client-secret',
          'env:SECRET',
          '--oauth2-audience',
          'https://api.example.com',
          '--oauth2-client-auth',
          'post',
        ],
        { SECRET: 'client-secret' },
      ),
    ).toEqual({
      type: 'oauth2',
      flow: 'clientCredentials',
      issuer: 'https://tenant.auth0.com/',
      clientId: 'svc',
      clientSecret: 'client-secret',
      audience: 'https://api.example.com',
      clientAuth: 'post',
    });
    expect(
      settings([
        '--oauth2-flow',
        'device',
        '--oauth2-token-url',
        'https://login.example.com/token',
        '--oauth2-device-authorization-url',
        'https://login.example.com/device',
        '--oauth2-client-id',
        'cli',
        '--oauth2-scope',
        'read write',
      ]),
    ).toEqual({
      type: 'oauth2',
      flow: 'deviceCode',
      tokenUrl: 'https://login.example.com/token',
      deviceAuthorizationUrl: 'https://login.example.com/device',
      clientId: 'cli',
      scope: 'read write',
    });
  });
});

describe('flags that cannot work are usage errors that say what to do (exit 2, nothing sent)', () => {
  const call = (...flags: string[]) =>
    cli(['call', '127.0.0.1:1', 'pkg.Service/Method', '--plaintext', ...flags]);

  test.each([
    [
      ['--auth-bearer', 'token-value', '--auth-basic', 'alice:pw'],
      '--auth-bearer and --auth-basic are different kinds of auth; a call sends one.',
      'Keep the flags of one kind of auth and drop the others.',
    ],
    [
      ['--oauth2-client-secret', 'secret-value'],
      '--oauth2-client-secret needs --oauth2-client-id <id>.',
      'Add --oauth2-client-id, or drop --oauth2-client-secret.',
    ],
    [
      ['--auth-command-cache', '60'],
      '--auth-command-cache needs --auth-command <cmd>.',
      'Add --auth-command, or drop --auth-command-cache.',
    ],
    [
      ['--auth-bearer', 'Bearer abc'],
      '--auth-bearer takes the token alone; it already sends "Bearer " before it.',
      'Drop "Bearer " from the value.',
    ],
    [
      ['--auth-bearer', 'env:PROTODESK_TEST_UNSET_TOKEN'],
      '--auth-bearer env:PROTODESK_TEST_UNSET_TOKEN: the environment variable PROTODESK_TEST_UNSET_TOKEN is not set.',
      'Set it first (export PROTODESK_TEST_UNSET_TOKEN=…), or give the value another way.',
    ],
    [
      ['--auth-bearer', '@/nonexistent/token.txt'],
      '--auth-bearer @/nonexistent/token.txt: cannot read the file (no such file).',
      'Check the path.',
    ],
    [
      ['--auth-basic', 'alice'],
      '--auth-basic must look like USER:PASS.',
      'For example --auth-basic alice:env:ALICE_PASSWORD.',
    ],
    [
      ['--auth-api-key', 'grpc-key=value'],
      '--auth-api-key: "grpc-key" cannot be a metadata key.',
      'Metadata keys hold only 0-9 a-z _ . - and do not start with grpc- (x-api-key=…).',
    ],
    [
      ['--auth-jwt-alg', 'PS256', '--auth-jwt-secret', 's'],
      '--auth-jwt-alg must be one of HS256, RS256, ES256; got "PS256".',
      'HS256 signs with a shared secret, RS256 with an RSA key, ES256 with a P-256 EC key.',
    ],
    [
      ['--auth-jwt-alg', 'RS256', '--auth-jwt-secret', 's'],
      '--auth-jwt-secret is for HS256; RS256 signs with a private key.',
      'Give --auth-jwt-key FILE (a PEM private key), or choose --auth-jwt-alg HS256 for the secret.',
    ],
    [
      ['--auth-jwt-alg', 'HS256'],
      'An HS256 JWT needs --auth-jwt-secret.',
      'Give the shared secret: --auth-jwt-secret env:JWT_SECRET (or @FILE, or the value).',
    ],
    [
      ['--auth-jwt-alg', 'ES256', '--auth-jwt-key', '/nonexistent/key.pem'],
      '--auth-jwt-key /nonexistent/key.pem: cannot read the key file (no such file).',
      'Check the path.',
    ],
    [
      ['--auth-jwt-alg', 'HS256', '--auth-jwt-secret', 's', '--auth-jwt-claims', '[1]'],
      '--auth-jwt-claims must be a JSON object.',
      'Write them as {"sub": "…", "aud": "…"}.',
    ],
    [
      ['--oauth2-client-id', 'svc', '--oauth2-client-secret', 's'],
      'OAuth 2.0 needs --oauth2-issuer or --oauth2-token-url.',
      'Give the issuer (https://login.example.com/, its discovery names the endpoints) or the token URL (…/oauth/token).',
    ],
    [
      ['--oauth2-client-id', 'svc', '--oauth2-issuer', 'https://a/', '--oauth2-token-url', 'https://a/token'],
      '--oauth2-issuer and --oauth2-token-url both say where the endpoints are.',
      'Give the issuer alone (its discovery names every endpoint), or the URLs without it.',
    ],
    [
      ['--oauth2-client-id', 'svc', '--oauth2-issuer', 'https://a/'],
      'The client credentials flow needs --oauth2-client-secret.',
      'Give the client secret (env:NAME or @FILE keeps it out of shell history), or choose --oauth2-flow auth-code or device for a public client.',
    ],
    [
      ['--oauth2-client-id', 'app', '--oauth2-flow', 'auth-code', '--oauth2-token-url', 'https://a/token'],
      '--oauth2-flow auth-code with --oauth2-token-url needs --oauth2-authorization-url too.',
      'Add --oauth2-authorization-url URL, or give --oauth2-issuer instead of the URLs.',
    ],
    [
      ['--oauth2-client-id', 'app', '--oauth2-flow', 'implicit', '--oauth2-issuer', 'https://a/'],
      '--oauth2-flow must be one of client-credentials, auth-code, device; got "implicit".',
      'client-credentials for a service with a secret, auth-code to sign in in a browser, device to sign in on another device.',
    ],
    [
      [
        '--oauth2-client-id',
        'app',
        '--oauth2-flow',
        'device',
        '--oauth2-issuer',
        'https://a/',
        '--oauth2-client-auth',
        'post',
      ],
      '--oauth2-client-auth says how the client secret is sent, and there is no --oauth2-client-secret.',
      'Add --oauth2-client-secret, or drop --oauth2-client-auth for a public client.',
    ],
  ])('%j', async (flags, message, hint) => {
    expect(await call(...flags)).toEqual({ code: 2, out: '', err: `protodesk: ${message}\n  ${hint}\n` });
  });
});
