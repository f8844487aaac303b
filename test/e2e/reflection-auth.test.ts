// Importing from a server whose reflection wants a JWT from a real OpenID provider: the import dialog's Auth gets
// an OAuth 2.0 token for the reflection requests, and the services load.
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReflectingAuthServer } from '../peers/auth-grpc/reflecting-server';
import type { AuthGrpcServer } from '../peers/auth-grpc/server';
import { startOidcProvider, type OidcPeer } from '../peers/oidc/provider';
import { methodItem } from './helpers/app';
import { openApp, type AppSession } from './helpers/session';

const field = (scope: Locator, name: string): Locator => scope.getByRole('textbox', { name, exact: true });

describe('import from server reflection with auth', () => {
  let app: AppSession;
  let oidc: OidcPeer;
  let server: AuthGrpcServer;

  beforeAll(async () => {
    oidc = await startOidcProvider();
    [app, server] = await Promise.all([
      openApp(),
      startReflectingAuthServer({ issuer: oidc.issuer, audience: oidc.audience }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([app?.close(), server?.stop(), oidc?.stop()]);
  });

  test('refused without auth; with OAuth 2.0 client credentials in the dialog the services load', async () => {
    const { page } = app;
    const dialog = page.getByRole('dialog', { name: 'Import from server reflection' });
    await page.getByRole('button', { name: 'Import from server reflection' }).click();
    await field(dialog, 'Server address').fill(server.address);
    await dialog.getByRole('combobox', { name: 'TLS', exact: true }).selectOption({ label: 'Plaintext' });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog
      .getByRole('alert')
      .getByText(/missing bearer token/)
      .waitFor();

    const before = oidc.tokenRequests().length;
    await dialog
      .getByRole('combobox', { name: 'Auth type', exact: true })
      .selectOption({ label: 'OAuth 2.0' });
    await field(dialog, 'Issuer').fill(oidc.issuer);
    await field(dialog, 'Client ID').fill(oidc.clients.ccBasic.id);
    await field(dialog, 'Client secret').fill(oidc.clients.ccBasic.secret);
    // Typed, not a {{variable}}: the dialog says where it would be saved.
    await dialog.getByText(/saved into protodesk\.json/).waitFor();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await methodItem(page, 'UnaryCall').waitFor();
    expect(
      oidc
        .tokenRequests()
        .slice(before)
        .map((request) => request.grantType),
    ).toEqual(['client_credentials']);
  });
});
