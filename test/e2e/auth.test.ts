import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startAuthGrpcServer, type AuthGrpcServer } from '../peers/auth-grpc/server';
import { approveDevice, completeProviderLogin } from '../peers/oidc/browser';
import { apiScopes, startOidcProvider, type OidcPeer } from '../peers/oidc/provider';
import {
  createEnvironment,
  importInteropProtos,
  openMethod,
  requestSection,
  responseRegion,
  send,
  setRequestJson,
  setServerAddress,
  showSidebarView,
  waitForStatus,
} from './helpers/app';
import { axeViolations, describeViolations, serious } from './helpers/axe';
import { screenshotPath } from './helpers/paths';
import { openApp, type AppSession } from './helpers/session';

/** The Auth section's "Auth type" select and the other fields, by their labels. */
const field = (scope: Locator, name: string): Locator => scope.getByRole('textbox', { name, exact: true });
const select = (scope: Locator, name: string): Locator => scope.getByRole('combobox', { name, exact: true });

/** The part under the settings: where the auth comes from, and the token. */
const effectiveAuth = (page: Page): Locator => page.getByRole('region', { name: 'Effective auth' });

/** Every file under a folder, recursively. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

// Issue 28 from the page: OAuth 2.0 set on a request signs in through the provider's real pages in a new tab, and the
// token it brings is what a verifying server lets through; a collection's client credentials are inherited.
describe('auth in the page', () => {
  let app: AppSession;
  let oidc: OidcPeer;
  let server: AuthGrpcServer;
  const apiKey = `api-key-${Date.now()}-7f3a`;

  beforeAll(async () => {
    oidc = await startOidcProvider();
    [app, server] = await Promise.all([
      openApp(),
      startAuthGrpcServer({
        issuer: oidc.issuer,
        audience: oidc.audience,
        apiKey: { name: 'x-api-key', value: apiKey },
      }),
    ]);
    await importInteropProtos(app.page);
    await openMethod(app.page, 'UnaryCall', 'TestService/UnaryCall');
    await setServerAddress(app.page, server.address);
    await setRequestJson(app.page, '{"fillUsername": true, "fillOauthScope": true}');
  });
  afterAll(async () => {
    await Promise.all([app?.close(), server?.stop(), oidc?.stop()]);
  });

  test('without auth the server refuses the call, and the hint says none was sent', async () => {
    const { page } = app;
    await send(page);
    await waitForStatus(page, 'UNAUTHENTICATED');
    await responseRegion(page)
      .getByText(/No auth was sent/)
      .first()
      .waitFor();
  });

  test('OAuth 2.0 authorization code is set in the Auth section, each field with its {{variables}}', async () => {
    const { page } = app;
    const panel = await requestSection(page, 'Auth');
    expect(await select(panel, 'Auth type').inputValue()).toBe('inherit');
    await select(panel, 'Auth type').selectOption({ label: 'OAuth 2.0' });
    await select(panel, 'Grant').selectOption('authorizationCode');
    await field(panel, 'Issuer').fill(oidc.issuer);
    await field(panel, 'Client ID').fill(oidc.clients.app.id);
    await field(panel, 'Scope').fill(apiScopes);
    // A typed client secret would be saved into the request file: the field says so.
    await field(panel, 'Client secret').fill('typed-secret');
    await panel.getByText(/this secret is saved into the request file as it is/).waitFor();
    await field(panel, 'Client secret').fill('');
    await effectiveAuth(page)
      .getByText(`This request sends OAuth 2.0 authorization code (client "${oidc.clients.app.id}").`)
      .waitFor();
    await effectiveAuth(page).getByText('No token yet: Send gets one, or Get new token.').waitFor();
    await page.screenshot({ path: screenshotPath('auth-section.png') });
    const violations = serious(await axeViolations(page));
    expect(violations, describeViolations(violations)).toEqual([]);
  });

  test('Get new token opens the sign-in page in a new tab; after the provider’s login and consent the panel shows the token', async () => {
    const { page, context } = app;
    const popup = context.waitForEvent('page');
    await effectiveAuth(page).getByRole('button', { name: 'Get new token' }).click();
    const signIn = await popup;
    // Until the token arrives the banner offers the page again (a popup blocker may have stopped it).
    const banner = page.getByRole('status').filter({ hasText: 'Signing in in your browser…' });
    const link = banner.getByRole('link', { name: 'Open the sign-in page' });
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^${oidc.authorizationUrl}\\?`));
    const whileSigningIn = serious(await axeViolations(page));
    expect(whileSigningIn, describeViolations(whileSigningIn)).toEqual([]);
    await completeProviderLogin(signIn);
    expect(await signIn.textContent('body')).toContain('You can close this tab');
    await signIn.close();

    const token = effectiveAuth(page).getByRole('group', { name: 'Token' });
    await token.getByText(/^in [45] min \(/).waitFor();
    await banner.waitFor({ state: 'detached' });
    await token.getByText('Claims (decoded here, not verified: the server checks the signature)').waitFor();
    const claims = JSON.parse(await token.getByLabel('Claims').innerText()) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: 'alice', aud: oidc.audience, iss: oidc.issuer, scope: apiScopes });
    await token.getByText(apiScopes, { exact: true }).waitFor();
    await token.getByText('Renewed before it expires, without you.').waitFor();
  });

  test('Send carries that token: the verifying server answers OK as alice', async () => {
    const { page } = app;
    const before = server.seen().authorized;
    await send(page);
    await waitForStatus(page, 'OK');
    await responseRegion(page).getByText('"alice"').first().waitFor();
    expect(server.seen().authorized).toBe(before + 1);
    await page.screenshot({ path: screenshotPath('auth-token.png') });
    const violations = serious(await axeViolations(page));
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    const dark = serious(await axeViolations(page));
    expect(dark, describeViolations(dark)).toEqual([]);
    await page.getByRole('button', { name: 'Toggle theme' }).click();
  });

  test('Clear forgets the token', async () => {
    const { page } = app;
    await effectiveAuth(page).getByRole('button', { name: 'Clear' }).click();
    await effectiveAuth(page).getByText('No token yet: Send gets one, or Get new token.').waitFor();
  });

  test('Device code: the dialog shows the code and its page until the person approves it and the token arrives', async () => {
    const { page, browser } = app;
    const panel = await requestSection(page, 'Auth');
    await select(panel, 'Grant').selectOption('deviceCode');
    await field(panel, 'Client ID').fill(oidc.clients.device.id);
    await effectiveAuth(page).getByRole('button', { name: 'Get new token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in on another device' });
    const code = (await dialog.locator('.pd-device-code-value').innerText()).trim();
    expect(code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    const link = await dialog.getByRole('link', { name: `${oidc.issuer}/device` }).getAttribute('href');
    expect(link).toBe(`${oidc.issuer}/device?user_code=${code}`);
    await page.screenshot({ path: screenshotPath('auth-device-code.png') });
    await approveDevice(browser, link!);
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    const claims = effectiveAuth(page).getByRole('group', { name: 'Token' }).getByLabel('Claims');
    expect(JSON.parse(await claims.innerText())).toMatchObject({ client_id: oidc.clients.device.id });
  });

  test('client credentials set in the Collection settings dialog are inherited by a request saved in it', async () => {
    const { page } = app;
    // Back to inheriting, then saved into the collection "users".
    const panel = await requestSection(page, 'Auth');
    await select(panel, 'Auth type').selectOption({ label: 'Inherit from parent' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const save = page.getByRole('dialog', { name: 'Save request' });
    await save.getByRole('textbox', { name: 'Collection' }).fill('users');
    await save.getByRole('textbox', { name: 'Name' }).fill('Get user');
    await save.getByRole('button', { name: 'Save', exact: true }).click();
    await save.waitFor({ state: 'hidden' });

    // The client secret lives in the environment's secrets; the collection names it as {{clientSecret}}.
    await page.getByRole('button', { name: 'Environments', exact: true }).click();
    const environments = page.getByRole('dialog', { name: 'Environments' });
    await createEnvironment(environments, 'dev', [
      { name: 'clientSecret', value: oidc.clients.ccBasic.secret, secret: true },
    ]);
    await environments.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('combobox', { name: 'Environment' }).selectOption('dev');

    await showSidebarView(page, 'Collections');
    await page
      .getByRole('tree', { name: 'Collections' })
      .getByRole('treeitem', { name: 'users' })
      .click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Collection settings…' }).click();
    const settings = page.getByRole('dialog', { name: 'Collection settings: users' });
    await select(settings, 'Auth type').selectOption({ label: 'OAuth 2.0' });
    await field(settings, 'Issuer').fill(oidc.issuer);
    await field(settings, 'Client ID').fill(oidc.clients.ccBasic.id);
    await field(settings, 'Client secret').fill('{{clientSecret}}');
    await field(settings, 'Scope').fill('api:read');
    expect(await settings.getByText(/this secret is saved into/).count()).toBe(0);
    // {{clientSecret}} is marked as the request pane marks variables: the environment has it.
    await settings.locator('.pd-variable-token', { hasText: '{{clientSecret}}' }).waitFor();
    expect(await settings.locator('.pd-variable-unknown').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('auth-collection-settings.png') });
    const violations = serious(await axeViolations(page));
    expect(violations, describeViolations(violations)).toEqual([]);
    await settings.getByRole('button', { name: 'Save', exact: true }).click();
    await settings.getByText('Saved.').waitFor();
    await settings.getByRole('button', { name: 'Close', exact: true }).click();
    await settings.waitFor({ state: 'hidden' });

    await requestSection(page, 'Auth');
    await effectiveAuth(page)
      .getByText(
        `Inherited from the collection "users": OAuth 2.0 client credentials (client "${oidc.clients.ccBasic.id}").`,
      )
      .waitFor();
    await send(page);
    await waitForStatus(page, 'OK');
    await responseRegion(page).getByText(`"${oidc.clients.ccBasic.id}"`).first().waitFor();
    // The token Send obtained is the one the panel shows.
    await effectiveAuth(page)
      .getByRole('group', { name: 'Token' })
      .getByText(/^in [45] min \(/)
      .waitFor();
  });

  test('an environment’s API key reaches a request that nothing else gives auth', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Environments', exact: true }).click();
    const editor = page
      .getByRole('dialog', { name: 'Environments' })
      .getByRole('region', { name: 'Environment dev' });
    await editor.getByRole('button', { name: 'Add variable' }).click();
    const row = editor.getByRole('row').last();
    await row.getByRole('textbox', { name: 'Variable name' }).fill('apiKey');
    await row.getByRole('checkbox', { name: 'Secret' }).check();
    await row.getByLabel('Value').fill(apiKey);
    await select(editor, 'Auth type').selectOption({ label: 'API key' });
    expect(await field(editor, 'Metadata key').inputValue()).toBe('x-api-key');
    await field(editor, 'API key').fill('{{apiKey}}');
    await editor.getByRole('button', { name: 'Save environment' }).click();
    await editor.getByText('Saved.').waitFor();
    await page.getByRole('dialog', { name: 'Environments' }).getByRole('button', { name: 'Close' }).click();

    // A new tab is saved nowhere: no folder or collection gives it auth.
    await openMethod(page, 'UnaryCall', 'TestService/UnaryCall');
    await setServerAddress(page, server.address);
    await requestSection(page, 'Auth');
    await effectiveAuth(page)
      .getByText('Inherited from the environment "dev": the API key x-api-key.')
      .waitFor();
    await send(page);
    await waitForStatus(page, 'OK');
    await responseRegion(page).getByText('"api-key"').first().waitFor();
  });

  test('the workspace holds {{clientSecret}} and {{apiKey}}, never the secrets', async () => {
    const workspace = join(app.dataDir, 'workspace');
    const folder = JSON.parse(
      await readFile(join(workspace, 'collections', 'users', '_folder.json'), 'utf8'),
    ) as { auth?: { clientSecret?: string } };
    expect(folder.auth?.clientSecret).toBe('{{clientSecret}}');
    const request = JSON.parse(
      await readFile(join(workspace, 'collections', 'users', 'Get user.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(request).not.toHaveProperty('auth');
    const environment = JSON.parse(await readFile(join(workspace, 'environments', 'dev.json'), 'utf8')) as {
      auth?: unknown;
    };
    expect(environment.auth).toEqual({ type: 'apiKey', name: 'x-api-key', value: '{{apiKey}}' });
    for (const file of await filesUnder(workspace)) {
      const text = await readFile(file, 'utf8');
      expect(text, file).not.toContain(oidc.clients.ccBasic.secret);
      expect(text, file).not.toContain(apiKey);
    }
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});
