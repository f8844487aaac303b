import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import {
  importInteropProtos,
  openMethod,
  responseRegion,
  send,
  setRequestJson,
  setServerAddress,
  waitForReceived,
  waitForStatus,
} from './helpers/app';
import { screenshotPath } from './helpers/paths';
import { openApp, type AppSession } from './helpers/session';

// Streams against grpc-go's interop server: a server stream of 1,000 messages, and a bidi call driven message by message.
describe('streaming calls to grpc-go', () => {
  let app: AppSession;
  let server: GoReflectServer;

  beforeAll(async () => {
    [app, server] = await Promise.all([openApp(), startGoReflect()]);
    await importInteropProtos(app.page);
  });
  afterAll(async () => {
    await Promise.all([app?.close(), server?.stop()]);
  });

  test('a server stream of 1,000 messages counts them all and lists them in the Messages grid', async () => {
    const { page } = app;
    await openMethod(page, 'StreamingOutputCall', 'TestService/StreamingOutputCall');
    await setServerAddress(page, `127.0.0.1:${server.port}`);
    const parameters = Array.from({ length: 1000 }, () => ({ size: 8 }));
    await setRequestJson(page, JSON.stringify({ responseParameters: parameters }));
    await send(page);
    await waitForStatus(page, 'OK');
    await waitForReceived(page, 1000);
    const rows = responseRegion(page).getByRole('grid', { name: 'Messages' }).getByRole('row');
    await rows.nth(1).waitFor();
    // The grid is virtualized: some rows are in the page, never all 1,000.
    expect(await rows.count()).toBeGreaterThan(1);
    await page.screenshot({ path: screenshotPath('stream.png') });
  });

  test('the oldest rows of that stream show their JSON, in the row and selected, however their batch carried them', async () => {
    const { page } = app;
    const grid = responseRegion(page).getByRole('grid', { name: 'Messages' });
    // Batches of a fast stream carry JSON for their newest rows only: the page fetches the others' when shown.
    await grid.focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await responseRegion(page).getByText('Received #1', { exact: true }).waitFor();
    // Position 1 (after the sent row), below the header row.
    const first = grid.locator('[role="row"][aria-rowindex="3"]');
    await expect.poll(() => first.innerText()).toContain('{"payload":{"body":"AAAAAAAAAAA="}}');
    // The detail (Monaco, which renders spaces as no-break spaces) shows it pretty-printed.
    const detail = responseRegion(page).locator('.stream-detail');
    await expect.poll(() => detail.innerText()).toMatch(/"body":\s"AAAAAAAAAAA="/);
  });

  test('the sent row of a server stream shows the request that was sent', async () => {
    const { page } = app;
    await openMethod(page, 'StreamingOutputCall', 'TestService/StreamingOutputCall');
    await setServerAddress(page, `127.0.0.1:${server.port}`);
    await setRequestJson(page, '{\n  "responseParameters": [{"size": 3}, {"size": 5}]\n}');
    await send(page);
    await waitForStatus(page, 'OK');
    await waitForReceived(page, 2);
    const grid = responseRegion(page).getByRole('grid', { name: 'Messages' });
    const sent = grid.getByRole('row').filter({ hasText: /^sent/ });
    await expect.poll(() => sent.first().innerText()).toContain('responseParameters');
    await sent.first().click();
    // The detail below shows the selected request in full.
    await responseRegion(page).getByText('Sent #1').waitFor();
    await expect.poll(() => responseRegion(page).innerText()).toContain('"size": 5');
  });

  test('a bidi call answers each Send, and End stream finishes it with OK', async () => {
    const { page } = app;
    await openMethod(page, 'FullDuplexCall', 'TestService/FullDuplexCall');
    await setServerAddress(page, `127.0.0.1:${server.port}`);
    await setRequestJson(page, '{"responseParameters": [{"size": 4}]}');
    await send(page);
    await waitForReceived(page, 1);
    await send(page);
    await waitForReceived(page, 2);
    expect(await responseRegion(page).getByText('OK', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'End stream' }).click();
    await waitForStatus(page, 'OK');
    await waitForReceived(page, 2);
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});
