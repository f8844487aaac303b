import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { grpcGoTestdata } from '../helpers/certs';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import {
  importInteropProtos,
  openMethod,
  requestSection,
  responseRegion,
  send,
  setRequestJson,
  setServerAddress,
  waitForStatus,
} from './helpers/app';
import { openApp, type AppSession } from './helpers/session';

// A TLS call that verifies grpc-go's test certificate: its CA file, and the server name the certificate carries.
describe('a TLS call with a CA certificate and a server name', () => {
  let app: AppSession;
  let server: GoReflectServer;
  const files = grpcGoTestdata();

  beforeAll(async () => {
    [app, server] = await Promise.all([openApp(), startGoReflect({ cert: files.cert, key: files.key })]);
    await importInteropProtos(app.page);
    await openMethod(app.page, 'UnaryCall', 'TestService/UnaryCall');
    await setServerAddress(app.page, `127.0.0.1:${server.port}`);
    await setRequestJson(app.page, '{"responseSize": 4}');
  });
  afterAll(async () => {
    await Promise.all([app?.close(), server?.stop()]);
  });

  test('without the server name the certificate does not match 127.0.0.1: UNAVAILABLE', async () => {
    const { page } = app;
    await page.getByRole('combobox', { name: 'TLS', exact: true }).selectOption({ label: 'TLS' });
    // The top row chooses the mode; its files are in the Settings section.
    const settings = await requestSection(page, 'Settings');
    await settings.getByRole('textbox', { name: 'CA certificate' }).fill(files.ca);
    await send(page);
    await waitForStatus(page, 'UNAVAILABLE');
  });

  test('with server name foo.test.google.fr the call succeeds', async () => {
    const { page } = app;
    const settings = await requestSection(page, 'Settings');
    await settings.getByRole('textbox', { name: 'Server name' }).fill('foo.test.google.fr');
    await send(page);
    await waitForStatus(page, 'OK');
    // The body renders just after the status: wait for it rather than read the region once.
    await responseRegion(page)
      .getByText(/AAAAAA==/)
      .first()
      .waitFor();
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});
