// The app's Send with auth, through the service as the page calls it: OAuth 2.0 client credentials set once on a
// collection (its client secret a secret of the environment) reach a server that verifies the JWT with a real
// OpenID provider; a request's own auth wins; refusals say which auth was sent; and no file the app wrote, no event
// and no history entry holds the client secret or the token.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EngineService } from '../../../src/core/service';
import type { AuthSettings } from '../../../src/shared/auth';
import type { CallEvent } from '../../../src/shared/call';
import type { SavedRequest } from '../../../src/shared/workspace';
import { batchEvents } from '../../helpers/batch-entries';
import { filesUnder } from '../../helpers/files-under';
import { startAuthGrpcServer, type AuthGrpcServer } from '../../peers/auth-grpc/server';
import { apiScopes, fetchClientToken, startOidcProvider, type OidcPeer } from '../../peers/oidc/provider';
import { runWithGrpcurl } from '../../helpers/grpcurl';
import { eventService, failureOf, testProtoSource } from './service-harness';

let provider: OidcPeer;
let server: AuthGrpcServer;
let scratch: string;
const services: EngineService[] = [];

beforeAll(async () => {
  provider = await startOidcProvider();
  server = await startAuthGrpcServer({ issuer: provider.issuer, audience: provider.audience });
  scratch = await mkdtemp(join(tmpdir(), 'protodesk-call-auth-'));
});
afterAll(async () => {
  await Promise.all([server?.stop(), provider?.stop()]);
  if (scratch) await rm(scratch, { recursive: true, force: true });
});
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.close()));
});

const collectionAuth = (): AuthSettings => ({
  type: 'oauth2',
  flow: 'clientCredentials',
  issuer: '{{issuer}}',
  clientId: provider.clients.ccBasic.id,
  clientSecret: '{{clientSecret}}',
  scope: apiScopes,
});

const savedUnary = (auth?: AuthSettings): SavedRequest => ({
  method: 'grpc.testing.TestService/UnaryCall',
  target: '{{host}}',
  metadata: [],
  body: {},
  ...(auth ? { auth } : {}),
});

/** A workspace with environment `ci` (client secret a secret), OAuth 2.0 on collection `api`, one request in it. */
async function workspace() {
  const { service, events, until, dataDir } = eventService({ acknowledge: true });
  services.push(service);
  const { folder } = await service.workspace.open({ folder: await mkdtemp(join(scratch, 'workspace-')) });
  const source = await service.sources.add({ source: testProtoSource });
  await service.workspace.saveEnvironment({
    name: 'ci',
    file: { variables: { host: server.address, issuer: provider.issuer }, secrets: ['clientSecret'] },
    secrets: { clientSecret: provider.clients.ccBasic.secret },
    baseVersion: null,
    overwrite: false,
  });
  await service.workspace.saveFolderSettings({
    folder: 'collections/api',
    settings: { auth: collectionAuth() },
    baseVersion: null,
  });
  await service.workspace.saveRequest({
    path: 'collections/api/Unary.json',
    request: savedUnary(),
    baseVersion: null,
    overwrite: false,
  });
  /** Sends the saved request as a tab would (its own auth, when given), and waits until history has it. */
  const send = async (auth?: AuthSettings): Promise<CallEvent[]> => {
    const saved = savedUnary();
    const { callId } = await service.calls.start({
      sourceId: source.id,
      request: {
        target: saved.target,
        tls: { mode: 'plaintext' },
        method: saved.method,
        metadata: [],
        requests: ['{}'],
      },
      context: { environment: 'ci', savedPath: 'collections/api/Unary.json', ...(auth ? { auth } : {}) },
    });
    return until(() => {
      const mine = events.flatMap((e) =>
        e.type === 'call' && e.batch.callId === callId ? batchEvents(e.batch) : [],
      );
      // The outcome comes once history has the call.
      const recorded = events.some((e) => e.type === 'outcome' && e.outcome.callId === callId);
      return recorded && mine.some((e) => e.type === 'status') ? mine : undefined;
    });
  };
  return { service, events, dataDir, folder, send, sourceId: source.id };
}

const statusOf = (events: CallEvent[]) => events.find((e) => e.type === 'status')!;

describe('Send with auth', () => {
  it('inherits OAuth 2.0 from the collection, and keeps the secret and token out of every file and event', async () => {
    const { service, events, dataDir, folder, send } = await workspace();
    const before = provider.tokenRequests().length;
    const first = await send();
    const second = await send();
    for (const call of [first, second]) expect(statusOf(call)).toMatchObject({ status: { name: 'OK' } });
    const message = first.find((e) => e.type === 'message');
    expect(message?.type === 'message' && JSON.parse(message.json)).toMatchObject({
      username: provider.clients.ccBasic.id,
      oauthScope: apiScopes,
    });
    // One token for both calls.
    expect(provider.tokenRequests().length - before).toBe(1);
    expect(
      await service.workspace.effectiveAuth({ savedPath: 'collections/api/Unary.json', environment: 'ci' }),
    ).toEqual({
      auth: { settings: collectionAuth(), from: { kind: 'folder', path: 'collections/api' } },
    });

    const [history] = await service.history.list({});
    const entry = await service.history.entry({ id: history!.id });
    expect(entry.request.metadata).toContainEqual({ key: 'authorization', value: 'Bearer {{auth.token}}' });

    const tokens = server.receivedTokens();
    expect(tokens.length).toBeGreaterThan(0);
    const leaks = [provider.clients.ccBasic.secret, ...tokens];
    const wrote = [...(await filesUnder(folder)), ...(await filesUnder(dataDir))].filter(
      // The secrets store holds the client secret, by design (encrypted by the OS where it can be).
      (file) => !file.path.endsWith('secrets.json'),
    );
    expect(wrote.length).toBeGreaterThan(3);
    for (const file of wrote) for (const leak of leaks) expect(file.text, file.path).not.toContain(leak);
    const sent = JSON.stringify(events);
    for (const leak of leaks) expect(sent).not.toContain(leak);
  });

  it('lets the tab’s own auth win, and `none` send nothing, with a hint that says so', async () => {
    const { send } = await workspace();
    const bearer = statusOf(await send({ type: 'bearer', token: 'not-a-jwt-token' }));
    expect(bearer).toMatchObject({
      status: { name: 'UNAUTHENTICATED', message: expect.stringMatching(/invalid token/) },
    });
    expect(bearer.type === 'status' && bearer.status.hint).toMatch(
      /^Sent a Bearer token from the request\. /,
    );

    const none = statusOf(await send({ type: 'none' }));
    expect(none).toMatchObject({ status: { name: 'UNAUTHENTICATED', message: 'missing bearer token' } });
    expect(none.type === 'status' && none.status.hint).toMatch(/No auth was sent/);
  });

  it('says why no token could be had, without starting the call', async () => {
    const { service, sourceId } = await workspace();
    await service.workspace.saveEnvironment({
      name: 'wrong',
      file: { variables: { host: server.address, issuer: provider.issuer }, secrets: ['clientSecret'] },
      secrets: { clientSecret: 'not-the-secret' },
      baseVersion: null,
      overwrite: false,
    });
    const failure = await failureOf(
      service.calls.start({
        sourceId,
        request: {
          target: '{{host}}',
          tls: { mode: 'plaintext' },
          method: 'grpc.testing.TestService/UnaryCall',
          metadata: [],
          requests: ['{}'],
        },
        context: { environment: 'wrong', savedPath: 'collections/api/Unary.json' },
      }),
    );
    expect(failure).toMatchObject({
      kind: 'auth',
      message: expect.stringMatching(/refused .*invalid_client/),
    });
    expect(JSON.stringify(failure)).not.toContain('not-the-secret');
  });

  it('copies as a grpcurl command that reads the inherited token from $ACCESS_TOKEN, and grpcurl is let in with it', async () => {
    const { service } = await workspace();
    const command = await service.workspace.requestToGrpcurl({
      request: savedUnary(),
      environment: 'ci',
      savedPath: 'collections/api/Unary.json',
    });
    expect(command).toContain(`-H 'authorization: Bearer '"$ACCESS_TOKEN"`);
    expect(command).not.toContain(provider.clients.ccBasic.secret);
    // A token got the way a shell script would (the provider's client credentials), exported for the command.
    const token = await fetchClientToken(provider);
    const ran = await runWithGrpcurl(`export ACCESS_TOKEN='${token}'; ${command}`);
    expect(ran.stderr).toBe('');
    expect(JSON.parse(ran.stdout)).toMatchObject({ username: provider.clients.ccBasic.id });
  });
});
