// The auth flags on server reflection: list, describe, and call without --proto, against a server that asks for
// credentials on reflection as on its calls.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AuthGrpcServer } from '../peers/auth-grpc/server';
import { startReflectingAuthServer } from '../peers/auth-grpc/reflecting-server';
import { startOidcProvider, type OidcPeer } from '../peers/oidc/provider';
import { protodeskRun } from './load-harness';

const password = 'reflection-password-5150';

let oidc: OidcPeer;
let api: AuthGrpcServer;
beforeAll(async () => {
  oidc = await startOidcProvider();
  api = await startReflectingAuthServer({
    issuer: oidc.issuer,
    audience: oidc.audience,
    basic: { user: 'alice', pass: password },
  });
});
afterAll(() => Promise.all([oidc?.stop(), api?.stop()]));

/** The flags of a client credentials token from the provider (Basic client auth, endpoints by discovery). */
const clientCredentials = () => [
  '--oauth2-issuer',
  oidc.issuer,
  '--oauth2-client-id',
  oidc.clients.ccBasic.id,
  '--oauth2-client-secret',
  oidc.clients.ccBasic.secret,
];

describe('reflection with auth', () => {
  test('list without auth: the refusal, and a hint naming the auth flags; exit 1', async () => {
    const run = await protodeskRun(['list', api.address, '--plaintext']);
    expect(run).toEqual({
      code: 1,
      out: '',
      err:
        `protodesk: The server at ${api.address} refused reflection: unauthenticated (missing bearer token).\n` +
        '  No auth flag was given: add --auth-bearer, --auth-basic, --oauth2-client-id or another (see --help).\n',
    });
  });

  test('list with --auth-basic lists the services', async () => {
    const run = await protodeskRun(['list', api.address, '--plaintext', '--auth-basic', `alice:${password}`]);
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(run.out.split('\n')).toContain('grpc.testing.TestService');
  });

  test('list with a wrong password: the hint says which auth was sent, the password never shows', async () => {
    const wrong = 'wrong-reflection-password-9';
    const run = await protodeskRun(['list', api.address, '--plaintext', '--auth-basic', `alice:${wrong}`]);
    expect(run).toEqual({
      code: 1,
      out: '',
      err:
        `protodesk: The server at ${api.address} refused reflection: unauthenticated (invalid basic credentials).\n` +
        '  Sent Basic auth as "alice" from the command line. Get a new token, or check the auth settings.\n',
    });
  });

  test('describe with an OAuth 2.0 token describes the method', async () => {
    const run = await protodeskRun([
      'describe',
      api.address,
      'grpc.testing.TestService/UnaryCall',
      '--plaintext',
      ...clientCredentials(),
    ]);
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(run.out).toContain(
      'rpc UnaryCall ( .grpc.testing.SimpleRequest ) returns ( .grpc.testing.SimpleResponse )',
    );
  });

  test('call without --proto: reflection and the call share one token, one request to the provider', async () => {
    const before = oidc.tokenRequests().length;
    const seen = api.seen();
    const run = await protodeskRun([
      'call',
      api.address,
      'grpc.testing.TestService/UnaryCall',
      '--plaintext',
      ...clientCredentials(),
    ]);
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(JSON.parse(run.out)).toEqual({ username: oidc.clients.ccBasic.id });
    expect(oidc.tokenRequests().slice(before)).toEqual([
      { grantType: 'client_credentials', clientId: oidc.clients.ccBasic.id },
    ]);
    const after = api.seen();
    expect({ tokens: after.tokens - seen.tokens, rejected: after.rejected - seen.rejected }).toEqual({
      tokens: 1,
      rejected: 0,
    });
  });

  test('auth flags with --proto on list: a usage error, as nothing would be sent', async () => {
    const run = await protodeskRun(['list', '--proto', 'test.proto', '--auth-bearer', 'some-token-value']);
    expect(run).toEqual({
      code: 2,
      out: '',
      err:
        'protodesk: The auth flags go with server reflection, and --proto/--protoset read the schema from files: nothing is sent.\n' +
        '  Drop the auth flags, or the --proto/--protoset flags to ask the server.\n',
    });
  });
});
