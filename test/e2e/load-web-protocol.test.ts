import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startConnectNode, type ConnectNodeServer } from '../peers/connect-node/server';
import {
  createEnvironment,
  importInteropProtos,
  loadFigure,
  loadView,
  openMethod,
  requestSection,
  setServerAddress,
  showLoadTest,
} from './helpers/app';
import { openApp, type AppSession } from './helpers/session';

/** The run's state badge text ("Running", "Finished", ...). */
const runState = (page: Page): Locator => loadView(page).locator('.load-results-bar').getByRole('status');

// Issue 26: the Load test view sends the tab's request as Send does, with the environment's protocol and the HTTP/2
// that goes with it. connect-node over h2c speaks gRPC-Web over HTTP/2 prior knowledge only: a run that fell back to
// gRPC over HTTP/2, or to HTTP/1.1, would end with every call failed.
describe('a load test in a gRPC-Web environment over h2c', () => {
  let app: AppSession;
  let server: ConnectNodeServer;

  beforeAll(async () => {
    [app, server] = await Promise.all([openApp(), startConnectNode({ http: 'h2c' })]);
    await importInteropProtos(app.page);
  });
  afterAll(async () => {
    await Promise.all([app?.close(), server?.stop()]);
  });

  test('runs every call with the environment’s gRPC-Web over HTTP/2', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Environments', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Environments' });
    await createEnvironment(dialog, 'web-h2c', []);
    const editor = dialog.getByRole('region', { name: 'Environment web-h2c' });
    await editor.getByRole('combobox', { name: 'Protocol' }).selectOption({ label: 'gRPC-Web' });
    await editor.getByRole('button', { name: 'Save environment' }).click();
    await editor.getByText('Saved.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('combobox', { name: 'Environment' }).selectOption('web-h2c');

    await openMethod(page, 'EmptyCall', 'TestService/EmptyCall');
    // The tab chooses no protocol: it follows the environment, and so offers HTTP/2 (h2c).
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Protocol', exact: true }).inputValue())
      .toBe('grpc-web');
    await setServerAddress(page, server.url);
    const settings = await requestSection(page, 'Settings');
    await settings.getByRole('checkbox', { name: 'HTTP/2 (h2c)' }).check();

    const view = await showLoadTest(page);
    await view.getByRole('radio', { name: 'Users × calls' }).check();
    await view.getByRole('textbox', { name: 'Users', exact: true }).fill('2');
    await view.getByRole('textbox', { name: 'Calls per user', exact: true }).fill('5');
    await view.getByRole('button', { name: 'Start' }).click();
    await expect.poll(() => runState(page).innerText(), { timeout: 30_000 }).toMatch(/^(Finished|Failed)$/);
    expect((await runState(page).innerText()).trim()).toBe('Finished');
    expect(await loadFigure(page, 'Calls')).toBe('10');
    const statuses = view.getByRole('table', { name: 'Calls by status' });
    await statuses.getByRole('cell', { name: 'OK', exact: true }).waitFor();
    expect(await view.getByRole('table', { name: 'Errors' }).count()).toBe(0);
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});
