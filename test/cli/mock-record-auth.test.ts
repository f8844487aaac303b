// `protodesk mock --record` in front of a server that wants a JWT from a real OpenID provider on every method,
// reflection included: the mock brings its own OAuth 2.0 token, clients call it without one, and the recorded stub
// holds neither the token nor the client secret.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { startReflectingAuthServer } from '../peers/auth-grpc/reflecting-server';
import type { AuthGrpcServer } from '../peers/auth-grpc/server';
import { startOidcProvider, type OidcPeer } from '../peers/oidc/provider';
import { grpcurl, killLeftovers, startProtodesk } from './mock-harness';

let oidc: OidcPeer;
let api: AuthGrpcServer;
let stubs: string;
beforeAll(async () => {
  oidc = await startOidcProvider();
  api = await startReflectingAuthServer({ issuer: oidc.issuer, audience: oidc.audience });
  stubs = await mkdtemp(join(tmpdir(), 'protodesk-mock-record-auth-'));
});
afterAll(async () => {
  await Promise.all([oidc?.stop(), api?.stop()]);
  await rm(stubs, { recursive: true, force: true });
});
afterEach(killLeftovers);

const oauthFlags = () => [
  '--oauth2-issuer',
  oidc.issuer,
  '--oauth2-client-id',
  oidc.clients.ccBasic.id,
  '--oauth2-client-secret',
  'env:CLIENT_SECRET',
];

test('the recording mock sends its own token upstream, for reflection and every call', async () => {
  const recording = startProtodesk(
    ['mock', '--record', '--upstream', api.address, '--plaintext', '--stubs', stubs, ...oauthFlags()],
    { ...process.env, CLIENT_SECRET: oidc.clients.ccBasic.secret },
  );
  const address = await recording.address();
  const answered = await grpcurl(['-plaintext', '-d', '{}', address, 'grpc.testing.TestService/UnaryCall']);
  expect(answered.stderr).toBe('');
  expect(JSON.parse(answered.stdout)).toMatchObject({ username: oidc.clients.ccBasic.id });
  recording.child.kill('SIGTERM');
  expect((await recording.exit).code).toBe(0);
  const stub = await readFile(join(stubs, 'grpc.testing.TestService', 'UnaryCall.json'), 'utf8');
  expect(stub).toContain(oidc.clients.ccBasic.id);
  for (const leak of [oidc.clients.ccBasic.secret, ...api.receivedTokens()]) expect(stub).not.toContain(leak);
});

test('auth flags without --record are a usage error', async () => {
  const mock = startProtodesk(['mock', '--proto', 'x.proto', '--auth-bearer', 'abc'], process.env);
  const ended = await mock.exit;
  expect(ended.code).toBe(2);
  expect(ended.stderr).toMatch(/give the upstream of --record a credential/);
});
