// Load tests with auth against a server that verifies every call's JWT with a real OpenID provider: one token for
// thousands of calls, and a token renewed to the workers before it expires in a run longer than its life.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuth2Settings } from '../../../../src/shared/auth';
import { Authorizer } from '../../../../src/core/auth/authorizer';
import { startLoad, type LoadInput } from '../../../../src/core/load/run/start-load';
import type { Schema } from '../../../../src/core/schema/schema';
import { loadAuth } from '../../../../src/core/service/use-cases/authorize';
import { startAuthConnectServer, type AuthConnectServer } from '../../../peers/auth-grpc/connect-server';
import { startAuthGrpcServer, type AuthGrpcServer } from '../../../peers/auth-grpc/server';
import { startOidcProvider, type OidcPeer } from '../../../peers/oidc/provider';
import { request, testServiceSchema } from './load-helpers';

const unaryCall = 'grpc.testing.TestService/UnaryCall';
const noPerson = {
  openBrowser: () => {
    throw new Error('no sign-in expected');
  },
  showDeviceCode: () => {
    throw new Error('no device code expected');
  },
};

let schema: Schema;

beforeAll(async () => {
  schema = await testServiceSchema();
});

/** Client credentials of the provider's Basic client. */
const clientCredentials = (provider: OidcPeer): OAuth2Settings => ({
  type: 'oauth2',
  flow: 'clientCredentials',
  issuer: provider.issuer,
  clientId: provider.clients.ccBasic.id,
  clientSecret: provider.clients.ccBasic.secret,
  scope: 'api:read',
});

const tokenFetches = (provider: OidcPeer): number =>
  provider.tokenRequests().filter((each) => each.grantType === 'client_credentials').length;

describe('a load test with OAuth 2.0, gRPC (raw HTTP/2 sender)', () => {
  let provider: OidcPeer;
  let server: AuthGrpcServer;

  beforeAll(async () => {
    provider = await startOidcProvider({ accessTokenTtlSeconds: 300 });
    server = await startAuthGrpcServer({ issuer: provider.issuer, audience: provider.audience });
  });
  afterAll(async () => {
    await Promise.all([server?.stop(), provider?.stop()]);
  });

  it('sends 3,000 calls, all let in, with one token fetch', async () => {
    const auth = { settings: clientCredentials(provider), from: { kind: 'flags' } as const };
    const input: LoadInput = {
      schema,
      request: request(server.port, unaryCall),
      values: new Map(),
      auth: loadAuth(new Authorizer(noPerson), auth, new Map()),
    };
    const run = await startLoad(
      input,
      { model: { kind: 'closed', concurrency: 20, total: 3000 } },
      () => undefined,
    );
    const report = await run.done;
    expect(report.statusCounts).toEqual({ OK: 3000 });
    expect(tokenFetches(provider)).toBe(1);
    expect(server.seen()).toMatchObject({ tokens: 1, rejected: 0 });
  });
});

describe('a load test longer than its token’s life', () => {
  let provider: OidcPeer;
  let grpc: AuthGrpcServer;
  let connect: AuthConnectServer;

  beforeAll(async () => {
    // 2 s tokens: renewed 0.4 s before they expire.
    provider = await startOidcProvider({ accessTokenTtlSeconds: 2 });
    [grpc, connect] = await Promise.all([
      startAuthGrpcServer({ issuer: provider.issuer, audience: provider.audience }),
      startAuthConnectServer({ issuer: provider.issuer, audience: provider.audience }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([grpc?.stop(), connect?.stop(), provider?.stop()]);
  });

  it.each([
    ['gRPC (raw HTTP/2 sender)', () => request(grpc.port, unaryCall)],
    [
      'Connect (the call channel sender)',
      () => request(connect.port, unaryCall, '{}', { protocol: 'connect' as const }),
    ],
  ])('keeps every call of %s let in by renewing the token to the workers', async (_, callRequest) => {
    const before = tokenFetches(provider);
    const input: LoadInput = {
      schema,
      request: callRequest(),
      values: new Map(),
      auth: loadAuth(
        new Authorizer(noPerson),
        { settings: clientCredentials(provider), from: { kind: 'flags' } },
        new Map(),
      ),
    };
    const run = await startLoad(
      input,
      { model: { kind: 'closed', concurrency: 4, durationMs: 5_000 }, workers: 2 },
      () => undefined,
    );
    const report = await run.done;
    // Without renewal every call after 2 s would be refused as expired.
    expect(Object.keys(report.statusCounts)).toEqual(['OK']);
    expect(report.count).toBeGreaterThan(200);
    const fetches = tokenFetches(provider) - before;
    // A 2 s token's exp is a whole second, so it lives 1 to 2 s: about one renewal a second, never one per call.
    expect(fetches).toBeGreaterThanOrEqual(3);
    expect(fetches).toBeLessThanOrEqual(8);
  });
});
