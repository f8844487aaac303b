import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import {
  importInteropProtos,
  openMethod,
  responseRegion,
  send,
  setRequestJson,
  setServerAddress,
  showSidebarView,
  waitForStatus,
  waitForTransitions,
} from './helpers/app';
import { screenshotPath } from './helpers/paths';
import { openApp, type AppSession } from './helpers/session';

// A unary call to grpc-go: the status and the response JSON appear in the response region, in both themes.
describe('a unary call to grpc-go', () => {
  let app: AppSession;
  let server: GoReflectServer;

  beforeAll(async () => {
    [app, server] = await Promise.all([openApp({ colorScheme: 'light' }), startGoReflect()]);
    await importInteropProtos(app.page);
    await openMethod(app.page, 'UnaryCall', 'TestService/UnaryCall');
  });
  afterAll(async () => {
    await Promise.all([app?.close(), server?.stop()]);
  });

  test('Send shows OK and the response JSON', async () => {
    const { page } = app;
    await setServerAddress(page, `127.0.0.1:${server.port}`);
    await setRequestJson(page, '{"responseSize": 4}');
    await send(page);
    await waitForStatus(page, 'OK');
    // grpc-go answers with a payload of 4 zero bytes: base64 "AAAAAA==".
    await responseRegion(page).getByText('"AAAAAA=="').first().waitFor();
    // The call is also recorded in History (shortly after the status, once the engine has written it).
    await showSidebarView(page, 'History');
    await page.getByRole('list', { name: 'History' }).getByRole('listitem').first().waitFor();
    await showSidebarView(page, 'Schemas');
    await page.screenshot({ path: screenshotPath('main-light.png') });
  });

  test('the theme toggles to dark and back', async () => {
    const { page } = app;
    const theme = (): Promise<string | null> => page.locator('html').getAttribute('data-theme');
    expect(await theme()).toBe('light');
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await expect.poll(theme).toBe('dark');
    await waitForTransitions(page);
    await page.screenshot({ path: screenshotPath('main-dark.png') });
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await expect.poll(theme).toBe('light');
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});
