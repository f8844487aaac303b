// Auth in commands that run elsewhere: a copied curl command of a Connect call reads the credential from the shell,
// and curl itself is let in by a server that verifies the token with a real OpenID provider.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportedAuthMetadata } from '../../src/shared/auth-export';
import { curlCommand } from '../../src/shared/curl-command';
import { startAuthConnectServer, type AuthConnectServer } from '../peers/auth-grpc/connect-server';
import { fetchClientToken, startOidcProvider, type OidcPeer } from '../peers/oidc/provider';

const run = promisify(execFile);
let provider: OidcPeer;
let server: AuthConnectServer;
beforeAll(async () => {
  provider = await startOidcProvider();
  server = await startAuthConnectServer({
    issuer: provider.issuer,
    audience: provider.audience,
    basic: { user: 'ada', pass: 'lovelace' },
  });
});
afterAll(() => Promise.all([server?.stop(), provider?.stop()]));

describe('exportedAuthMetadata', () => {
  it.each([
    [{ type: 'none' } as const, []],
    [
      { type: 'bearer', token: '{{apiToken}}' } as const,
      [{ key: 'authorization', value: 'Bearer {{apiToken}}' }],
    ],
    [
      { type: 'apiKey', name: 'X-Api-Key', value: '{{key}}' } as const,
      [{ key: 'x-api-key', value: '{{key}}' }],
    ],
    [
      { type: 'basic', username: 'ada', password: '{{password}}' } as const,
      [{ key: 'authorization', value: 'Basic {{basic_credentials}}' }],
    ],
    [
      { type: 'command', command: 'gcloud auth print-access-token' } as const,
      [{ key: 'authorization', value: 'Bearer {{access_token}}' }],
    ],
  ])('writes %o as metadata with the credential left to a variable', (settings, metadata) => {
    expect(exportedAuthMetadata(settings).metadata).toEqual(metadata);
  });
});

describe('a copied curl command with auth', () => {
  const command = (metadata: { key: string; value: string }[]) => {
    const result = curlCommand({
      target: server.url,
      method: 'grpc.testing.TestService/UnaryCall',
      tls: { mode: 'plaintext' },
      metadata,
      body: '{}',
      http2: false,
      values: new Map(),
    });
    if ('problem' in result) throw new Error(result.problem);
    return result.command;
  };

  it('reads an OAuth 2.0 token from $ACCESS_TOKEN, and the verifying server lets curl in', async () => {
    const copied = command(
      exportedAuthMetadata({
        type: 'oauth2',
        flow: 'clientCredentials',
        issuer: provider.issuer,
        clientId: provider.clients.ccBasic.id,
        clientSecret: '{{clientSecret}}',
      }).metadata,
    );
    expect(copied).toContain('"$ACCESS_TOKEN"');
    const token = await fetchClientToken(provider);
    const { stdout } = await run('bash', [
      '-c',
      `export ACCESS_TOKEN='${token}'; ${copied} --silent --show-error`,
    ]);
    expect(JSON.parse(stdout)).toMatchObject({ username: provider.clients.ccBasic.id });
  });

  it('reads Basic credentials from $BASIC_CREDENTIALS', async () => {
    const copied = command(
      exportedAuthMetadata({ type: 'basic', username: 'ada', password: '{{password}}' }).metadata,
    );
    const { stdout } = await run('bash', [
      '-c',
      `export BASIC_CREDENTIALS="$(printf %s ada:lovelace | base64)"; ${copied} --silent --show-error`,
    ]);
    expect(JSON.parse(stdout)).toMatchObject({ username: 'ada' });
  });
});
