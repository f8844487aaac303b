// `protodesk run` with auth set on a collection, a folder and the environment, against a server that verifies JWTs
// with a real OpenID provider: the nearest setting wins, one token serves the run, a refusal says which auth was
// sent, and the report never holds a secret or a token.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { AuthSettings } from '../../../../src/shared/auth';
import { runWorkspace } from '../../../../src/core/service/run/runner';
import { FileSecretStore, secretScope } from '../../../../src/core/workspace/secrets';
import { startAuthGrpcServer, type AuthGrpcServer } from '../../../peers/auth-grpc/server';
import { apiScopes, startOidcProvider, type OidcPeer } from '../../../peers/oidc/provider';

const protos = new URL('../../../fixtures/protos/', import.meta.url).pathname;

let provider: OidcPeer;
let server: AuthGrpcServer;
let scratch: string;

beforeAll(async () => {
  provider = await startOidcProvider();
  server = await startAuthGrpcServer({ issuer: provider.issuer, audience: provider.audience });
  scratch = await mkdtemp(join(tmpdir(), 'protodesk-run-auth-'));
});
afterAll(async () => {
  await Promise.all([server?.stop(), provider?.stop()]);
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

async function writeJson(folder: string, path: string, value: unknown): Promise<void> {
  await mkdir(join(folder, path, '..'), { recursive: true });
  await writeFile(join(folder, path), `${JSON.stringify({ format: 1, ...(value as object) }, null, 2)}\n`);
}

const unary = (auth?: AuthSettings) => ({
  method: 'grpc.testing.TestService/UnaryCall',
  target: '{{host}}',
  metadata: [],
  body: {},
  ...(auth ? { auth } : {}),
});

test('the nearest auth wins, one token serves the run, and the report holds no secret', async () => {
  const folder = await mkdtemp(join(scratch, 'workspace-'));
  await writeJson(folder, 'protodesk.json', {
    sources: [{ kind: 'protoFiles', files: [`${protos}grpc/testing/test.proto`], importPaths: [protos] }],
  });
  await writeJson(folder, 'environments/ci.json', {
    variables: { host: server.address, issuer: provider.issuer },
    secrets: ['clientSecret'],
    auth: { type: 'bearer', token: 'from-the-environment' },
  });
  await writeJson(folder, 'collections/api/_folder.json', {
    auth: {
      type: 'oauth2',
      flow: 'clientCredentials',
      issuer: '{{issuer}}',
      clientId: provider.clients.ccPost.id,
      clientSecret: '{{clientSecret}}',
      clientAuth: 'post',
      scope: apiScopes,
    },
  });
  await writeJson(folder, 'collections/api/1 first.json', unary());
  await writeJson(folder, 'collections/api/admin/2 second.json', unary());
  // A folder that turns auth off for what is under it.
  await writeJson(folder, 'collections/api/public/_folder.json', { auth: { type: 'none' } });
  await writeJson(folder, 'collections/api/public/3 open.json', {
    ...unary(),
    assertions: { status: 'UNAUTHENTICATED' },
  });
  // No collection auth: the environment's bearer token, which this server refuses.
  await writeJson(folder, 'collections/other/4 env.json', unary());

  const dataDir = await mkdtemp(join(scratch, 'data-'));
  const secrets = new FileSecretStore(join(dataDir, 'secrets.json'));
  await secrets.set(secretScope(folder, 'ci'), 'clientSecret', provider.clients.ccPost.secret);
  const before = provider.tokenRequests().length;
  const report = await runWorkspace({ folder, environment: 'ci', secrets });

  const byName = Object.fromEntries(report.results.map((result) => [result.name, result]));
  expect(byName['1 first']).toMatchObject({ passed: true, status: { name: 'OK' } });
  expect(byName['2 second']).toMatchObject({ passed: true, status: { name: 'OK' } });
  expect(byName['3 open']).toMatchObject({
    passed: true,
    status: { name: 'UNAUTHENTICATED', message: expect.stringMatching(/^missing bearer token/) },
  });
  expect(byName['4 env']).toMatchObject({
    passed: false,
    status: {
      name: 'UNAUTHENTICATED',
      message: expect.stringMatching(/Sent a Bearer token from the environment "ci"/),
    },
  });
  expect(provider.tokenRequests().length - before).toBe(1);
  const text = JSON.stringify(report);
  for (const leak of [provider.clients.ccPost.secret, 'from-the-environment', ...server.receivedTokens()])
    expect(text).not.toContain(leak);
});
