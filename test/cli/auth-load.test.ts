// protodesk load with auth flags, against a grpc-js server that asks for a JWT from a real OpenID provider on every
// method, reflection included: one token for the schema and thousands of calls; exports read it from the shell.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReflectingAuthServer } from '../peers/auth-grpc/reflecting-server';
import type { AuthGrpcServer } from '../peers/auth-grpc/server';
import { startOidcProvider, type OidcPeer } from '../peers/oidc/provider';
import { protodeskRun } from './load-harness';

let oidc: OidcPeer;
let api: AuthGrpcServer;
let scratch: string;
beforeAll(async () => {
  oidc = await startOidcProvider();
  api = await startReflectingAuthServer({ issuer: oidc.issuer, audience: oidc.audience });
  scratch = await mkdtemp(join(tmpdir(), 'protodesk-auth-load-'));
});
afterAll(async () => {
  await Promise.all([oidc?.stop(), api?.stop()]);
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const oauthFlags = () => [
  '--oauth2-issuer',
  oidc.issuer,
  '--oauth2-client-id',
  oidc.clients.ccBasic.id,
  '--oauth2-client-secret',
  'env:CLIENT_SECRET',
];

describe('protodesk load with OAuth 2.0 client credentials', () => {
  test('reflection and 2,000 calls share one token, every call let in', async () => {
    const before = oidc.tokenRequests().length;
    const run = await protodeskRun(
      [
        'load',
        api.address,
        'grpc.testing.TestService/UnaryCall',
        '--plaintext',
        '-c',
        '10',
        '-n',
        '2000',
        '--format',
        'json',
        '-q',
        ...oauthFlags(),
      ],
      { CLIENT_SECRET: oidc.clients.ccBasic.secret },
    );
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.out) as { count: number; statusCounts: Record<string, number> };
    expect(report.statusCounts).toEqual({ OK: 2000 });
    expect(
      oidc
        .tokenRequests()
        .slice(before)
        .map((request) => request.grantType),
    ).toEqual(['client_credentials']);
  });

  test('a wrong client secret stops the run before a call, saying why (exit 3)', async () => {
    const run = await protodeskRun(
      ['load', api.address, 'grpc.testing.TestService/UnaryCall', '--plaintext', '-n', '10', ...oauthFlags()],
      { CLIENT_SECRET: 'not-the-secret' },
    );
    expect(run.code).toBe(3);
    expect(run.err).toMatch(/refused .*invalid_client/);
    expect(run.err).not.toContain('not-the-secret');
    expect(run.err).not.toMatch(/\n\s+at /);
  });

  test('a ghz export reads the token from $ACCESS_TOKEN and holds no secret', async () => {
    const output = join(scratch, 'ghz.sh');
    const run = await protodeskRun(
      [
        'load',
        api.address,
        'grpc.testing.TestService/UnaryCall',
        '--plaintext',
        '--export',
        'ghz',
        '-o',
        output,
        ...oauthFlags(),
      ],
      { CLIENT_SECRET: oidc.clients.ccBasic.secret },
    );
    expect(run.code).toBe(0);
    const script = await readFile(output, 'utf8');
    expect(script).toContain(`"authorization":"Bearer '"$(json_chars "$ACCESS_TOKEN")"'"`);
    expect(script).not.toContain(oidc.clients.ccBasic.secret);
    for (const token of api.receivedTokens()) expect(script).not.toContain(token);
  });
});
