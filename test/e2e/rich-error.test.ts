import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startJsRich, type JsRichServer } from '../peers/js-rich/server';
import {
  importProtoFolder,
  openMethod,
  responseRegion,
  send,
  setRequestJson,
  setServerAddress,
  waitForStatus,
} from './helpers/app';
import { protoFolder, screenshotPath } from './helpers/paths';
import { openApp, type AppSession } from './helpers/session';

// A failed call whose trailers carry a google.rpc.Status: the status name, its message and the decoded details show.
describe('an error status with decoded details', () => {
  let app: AppSession;
  let server: JsRichServer;

  beforeAll(async () => {
    [app, server] = await Promise.all([openApp(), startJsRich()]);
    await importProtoFolder(app.page, protoFolder('rich'));
    await openMethod(app.page, 'Fail', 'Errors/Fail');
  });
  afterAll(async () => {
    await Promise.all([app?.close(), server?.stop()]);
  });

  test('INVALID_ARGUMENT with its BadRequest field violations under Headers & trailers', async () => {
    const { page } = app;
    await setServerAddress(page, `127.0.0.1:${server.port}`);
    await setRequestJson(page, '{"kind": "bad-request"}');
    await send(page);
    await waitForStatus(page, 'INVALID_ARGUMENT');
    const response = responseRegion(page);
    await response.getByText('the request has 2 invalid fields').first().waitFor();
    await response.getByRole('tab', { name: 'Headers & trailers' }).click();
    await response.getByText('google.rpc.BadRequest').first().waitFor();
    const text = await response.innerText();
    expect(text).toContain('pets[1].age');
    expect(text).toContain('must not be empty');
    await page.screenshot({ path: screenshotPath('error.png') });
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});
