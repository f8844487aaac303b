// The `auth` domain as the page calls it (through dispatch, so the contract's checks run): the effective auth as
// saved, a token from panva's oidc-provider on 127.0.0.1 kept, renewed on "Get new token" and cleared, what the page is
// shown of it (never the token or the secret), and refusals with their message and hint.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dispatch, type EngineService } from '../../../../src/core/service';
import type { ApiFailure, ApiResult } from '../../../../src/shared/api/types';
import type { AuthSettings, AuthStatus } from '../../../../src/shared/auth';
import { startOidcProvider, type OidcPeer } from '../../../peers/oidc/provider';
import { eventService } from '../service-harness';

let scratch: string;
let oidc: OidcPeer;
let service: EngineService;
const savedPath = 'collections/users/admin/Get user.json';
const collectionAuth = (issuer: string): AuthSettings => ({
  type: 'oauth2',
  flow: 'clientCredentials',
  issuer,
  clientId: 'cc-basic',
  clientSecret: '{{clientSecret}}',
  scope: 'api:read',
});

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'protodesk-auth-domain-'));
  oidc = await startOidcProvider();
  ({ service } = eventService());
  await service.workspace.open({ folder: scratch });
  await service.workspace.saveFolderSettings({
    folder: 'collections/users',
    settings: { auth: collectionAuth(oidc.issuer) },
    baseVersion: null,
  });
  for (const [name, secret] of [
    ['dev', oidc.clients.ccBasic.secret],
    ['wrong', 'not-the-secret-1234'],
  ] as const)
    await service.workspace.saveEnvironment({
      name,
      file: { variables: {}, secrets: ['clientSecret'] },
      secrets: { clientSecret: secret },
      baseVersion: null,
      overwrite: false,
    });
});
afterAll(async () => {
  await service?.close();
  await oidc?.stop();
  await rm(scratch, { recursive: true, force: true });
});

const answer = async (op: string, input: unknown): Promise<AuthStatus> => {
  const result: ApiResult<unknown> = await dispatch(service, op, input);
  if (!result.ok) throw new Error(`${op} failed: ${JSON.stringify(result.failure)}`);
  return result.value as AuthStatus;
};
const refusal = async (op: string, input: unknown): Promise<ApiFailure> => {
  const result = await dispatch(service, op, input);
  if (result.ok) throw new Error(`${op} succeeded: ${JSON.stringify(result.value)}`);
  return result.failure;
};
const context = { savedPath, environment: 'dev' };
const clientCredentialsRequests = (): number =>
  oidc.tokenRequests().filter((request) => request.grantType === 'client_credentials').length;

describe('auth.view, auth.token and auth.clear', () => {
  test('the effective auth comes as saved, {{variables}} unfilled, with where it is set; no token until asked', async () => {
    expect(await answer('auth.view', { context })).toEqual({
      auth: { settings: collectionAuth(oidc.issuer), from: { kind: 'folder', path: 'collections/users' } },
    });
  });

  test('auth.token gets a token once and keeps it; fresh gets a new one; the page sees its times, scope and claims only', async () => {
    const before = clientCredentialsRequests();
    const first = await answer('auth.token', { context });
    expect(clientCredentialsRequests()).toBe(before + 1);
    const token = first.token!;
    expect(token.scope).toBe('api:read');
    expect(token.renewable).toBe(true);
    expect(Date.parse(token.expiresAt!) - Date.parse(token.obtainedAt)).toBeGreaterThan(200_000);
    expect(JSON.parse(token.claims!)).toMatchObject({
      client_id: 'cc-basic',
      aud: oidc.audience,
      iss: oidc.issuer,
    });
    // No JWT (header.payload.signature) and no client secret in what the page gets.
    const text = JSON.stringify(first);
    expect(text).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
    expect(text).not.toContain(oidc.clients.ccBasic.secret);

    expect(await answer('auth.token', { context })).toEqual(first);
    expect(await answer('auth.view', { context })).toEqual(first);
    expect(clientCredentialsRequests()).toBe(before + 1);

    const fresh = await answer('auth.token', { context, fresh: true });
    expect(clientCredentialsRequests()).toBe(before + 2);
    expect(fresh.token!.claims).not.toBe(token.claims); // another jti
  });

  test('auth.clear forgets the token: the view has none until the next one', async () => {
    await answer('auth.token', { context });
    expect(await dispatch(service, 'auth.clear', { context })).toEqual({ ok: true, value: undefined });
    expect((await answer('auth.view', { context })).token).toBeUndefined();
  });

  test('the tab’s own auth wins over the collection’s; a type without a token answers none', async () => {
    const own: AuthSettings = { type: 'bearer', token: '{{token}}' };
    expect(await answer('auth.token', { context: { ...context, auth: own } })).toEqual({
      auth: { settings: own, from: { kind: 'request' } },
    });
    expect(await answer('auth.view', { context: { auth: { type: 'none' } } })).toEqual({
      auth: { settings: { type: 'none' }, from: { kind: 'request' } },
    });
    expect(await answer('auth.view', { context: {} })).toEqual({});
  });

  test('a variable without a value: the view has no token, getting one names the variable', async () => {
    const unfilled = { savedPath };
    expect(await answer('auth.view', { context: unfilled })).toEqual({
      auth: { settings: collectionAuth(oidc.issuer), from: { kind: 'folder', path: 'collections/users' } },
    });
    const failure = await refusal('auth.token', { context: unfilled });
    expect(failure.kind).toBe('invalidRequest');
    expect(failure.message).toContain('{{clientSecret}}');
  });

  test('a secret the provider refuses: the server’s error and what to check, never the secret', async () => {
    const failure = await refusal('auth.token', {
      context: { savedPath, environment: 'wrong' },
      fresh: true,
    });
    expect(failure).toMatchObject({ kind: 'auth' });
    expect(failure.message).toMatch(/refused the client credentials .*invalid_client/);
    expect(failure.hint).toMatch(/client ID and secret/);
    expect(JSON.stringify(failure)).not.toContain('not-the-secret-1234');
  });

  test('settings the contract refuses are named by their field', async () => {
    const failure = await refusal('auth.view', {
      context: { auth: { type: 'oauth2', flow: 'clientCredentials', clientId: '' } },
    });
    expect(failure).toMatchObject({ kind: 'invalidRequest' });
    expect(failure.message).toMatch(/^auth\.view: context\.auth\.clientId: /);
  });
});
