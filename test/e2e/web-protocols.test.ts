import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startConnectNode, type ConnectNodeServer } from '../peers/connect-node/server';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import {
  createEnvironment,
  importInteropProtos,
  openMethod,
  requestSection,
  responseRegion,
  send,
  setRequestJson,
  setServerAddress,
  statusBadge,
  waitForReceived,
} from './helpers/app';
import { screenshotPath } from './helpers/paths';
import { openApp, type AppSession } from './helpers/session';

const run = promisify(execFile);

/** The page's clipboard, as far as reading a copied command needs it (the e2e project has no DOM types). */
type ClipboardHost = { navigator: { clipboard: { readText(): Promise<string> } } };

/** Picks the tab's protocol in the select before the address. */
async function chooseProtocol(page: Page, label: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Protocol', exact: true }).selectOption({ label });
}

/** Ticks "HTTP/2 (h2c)" in the Settings section, then goes back to the Message section. */
async function tickHttp2(page: Page): Promise<void> {
  const settings = await requestSection(page, 'Settings');
  await settings.getByRole('checkbox', { name: 'HTTP/2 (h2c)' }).check();
  await requestSection(page, 'Message');
}

// Issue 18 in the page: a gRPC-Web call and a Connect bidi stream through the UI, against real servers on 127.0.0.1.
describe('gRPC-Web and Connect in the page', () => {
  let app: AppSession;
  let grpcWeb: GoReflectServer;
  let connect: ConnectNodeServer;

  beforeAll(async () => {
    [app, grpcWeb, connect] = await Promise.all([
      openApp(),
      startGoReflect({ grpcWeb: true }),
      startConnectNode({ http: 'h2c' }),
    ]);
    await importInteropProtos(app.page);
  });
  afterAll(async () => {
    await Promise.all([app?.close(), grpcWeb?.stop(), connect?.stop()]);
  });

  test('an environment’s protocol is used by a tab that chooses none: gRPC-Web (text) through a variable address', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Environments', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Environments' });
    await createEnvironment(dialog, 'gateway', [{ name: 'web', value: `http://127.0.0.1:${grpcWeb.port}` }]);
    const editor = dialog.getByRole('region', { name: 'Environment gateway' });
    await editor.getByRole('combobox', { name: 'Protocol' }).selectOption({ label: 'gRPC-Web (text)' });
    await editor.getByRole('button', { name: 'Save environment' }).click();
    await editor.getByText('Saved.').waitFor();
    await dialog.screenshot({ path: screenshotPath('environment-protocol.png') });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('combobox', { name: 'Environment' }).selectOption('gateway');

    await openMethod(page, 'UnaryCall', 'TestService/UnaryCall');
    const protocol = page.getByRole('combobox', { name: 'Protocol', exact: true });
    await expect.poll(() => protocol.inputValue()).toBe('grpc-web-text');
    expect(await protocol.getAttribute('title')).toContain('the default of the environment gateway');
    await setServerAddress(page, '{{web}}');
    await setRequestJson(page, '{"responseSize": 2}');
    await send(page);
    await statusBadge(page, 'OK', 0).waitFor();
    await responseRegion(page)
      .getByText(/^gRPC-Web \(text\) · HTTP\/1\.1 · channel ready/)
      .waitFor();

    // Without the environment the tab is back to gRPC: it never chose a protocol of its own.
    await page.getByRole('combobox', { name: 'Environment' }).selectOption({ label: 'No environment' });
    await expect.poll(() => protocol.inputValue()).toBe('grpc');
  });

  test('a gRPC-Web unary call to grpc-go behind the gRPC-Web wrapper answers over HTTP/1.1', async () => {
    const { page } = app;
    await openMethod(page, 'UnaryCall', 'TestService/UnaryCall');
    await chooseProtocol(page, 'gRPC-Web');
    // The URL form a browser-facing gateway is known by.
    await setServerAddress(page, `http://127.0.0.1:${grpcWeb.port}`);
    await setRequestJson(page, '{"responseSize": 4, "fillUsername": true}');
    await send(page);
    await statusBadge(page, 'OK', 0).waitFor();
    const region = responseRegion(page);
    await region.getByText('"AAAAAA=="').first().waitFor();
    // The protocol and the HTTP version the call used lead the timings.
    await region.getByText(/^gRPC-Web · HTTP\/1\.1 · channel ready/).waitFor();
    // Widen the request pane as a user would, so the picture shows the whole address beside the protocol.
    const splitter = await page.getByRole('separator').nth(1).boundingBox();
    if (!splitter) throw new Error('no request/response splitter');
    await page.mouse.move(splitter.x + splitter.width / 2, splitter.y + splitter.height / 2);
    await page.mouse.down();
    await page.mouse.move(splitter.x + 70, splitter.y + splitter.height / 2, { steps: 8 });
    await page.mouse.up();
    await page.screenshot({ path: screenshotPath('protocol-selector.png') });

    // grpcurl speaks gRPC only: the button says so rather than copying a command that cannot work.
    await page.getByRole('button', { name: 'Copy as grpcurl' }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Not copied' }).innerText())
      .toBe('Not copied: grpcurl speaks gRPC only: it cannot call gRPC-Web.');
    expect(await page.getByRole('button', { name: 'Copy as curl' }).count()).toBe(0);
  });

  test('a Connect bidi stream over h2c answers each Send, and End stream finishes it with OK', async () => {
    const { page } = app;
    await openMethod(page, 'FullDuplexCall', 'TestService/FullDuplexCall');
    await chooseProtocol(page, 'Connect');
    await setServerAddress(page, connect.url);
    await tickHttp2(page);
    await setRequestJson(page, '{"responseParameters": [{"size": 4}]}');
    await send(page);
    await waitForReceived(page, 1);
    await send(page);
    await waitForReceived(page, 2);
    await send(page);
    await waitForReceived(page, 3);
    expect(await statusBadge(page, 'OK', 0).count()).toBe(0);
    await page.getByRole('button', { name: 'End stream' }).click();
    await statusBadge(page, 'OK', 0).waitFor();
    const region = responseRegion(page);
    await region.getByText('3 sent', { exact: false }).first().waitFor();
    await region.getByText(/^Connect · HTTP\/2 · channel ready/).waitFor();
    await page.screenshot({ path: screenshotPath('connect-bidi.png') });
  });

  test('without HTTP/2 a Connect bidi stream is refused before anything is sent, saying what to do', async () => {
    const { page } = app;
    await requestSection(page, 'Settings').then((settings) =>
      settings.getByRole('checkbox', { name: 'HTTP/2 (h2c)' }).uncheck(),
    );
    await send(page);
    const alert = page
      .getByRole('alert')
      .filter({ hasText: /HTTP\/2/ })
      .first();
    await alert.waitFor();
    await page.screenshot({ path: screenshotPath('web-stream-needs-http2.png') });
    const text = await alert.innerText();
    expect(text).toContain('this method is bidi-streaming. Nothing was sent.');
    expect(text).toContain('Turn on HTTP/2');
  });

  test('Copy as curl copies a Connect unary call that curl makes with the same answer', async () => {
    const { page } = app;
    await openMethod(page, 'UnaryCall', 'TestService/UnaryCall');
    // A new tab on the source takes the address and protocol of its last call.
    expect(await page.getByRole('combobox', { name: 'Protocol', exact: true }).inputValue()).toBe('connect');
    await setServerAddress(page, connect.url);
    await tickHttp2(page);
    await setRequestJson(page, '{"responseSize": 3}');
    await page.getByRole('button', { name: 'Copy as curl' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    const command = await page.evaluate(() =>
      (globalThis as unknown as ClipboardHost).navigator.clipboard.readText(),
    );
    expect(command).toContain('--http2-prior-knowledge');
    const { stdout } = await run('bash', ['-c', `${command} --silent --show-error`]);
    expect(JSON.parse(stdout)).toEqual({ payload: { body: 'AAAA' } });
  });

  test('a wrong gateway prefix shows HTTP 404 beside UNIMPLEMENTED, with what to check', async () => {
    const { page } = app;
    await openMethod(page, 'EmptyCall', 'TestService/EmptyCall');
    await chooseProtocol(page, 'gRPC-Web');
    await setServerAddress(page, `${connect.url}/no-such-prefix`);
    await tickHttp2(page);
    await send(page);
    await statusBadge(page, 'UNIMPLEMENTED', 12).waitFor();
    const region = responseRegion(page);
    await region.getByText('HTTP 404', { exact: true }).waitFor();
    await region.getByText(/check the method and the target's path prefix/).waitFor();
    await region.getByText('gRPC-Web · HTTP/2', { exact: true }).waitFor();
    await page.screenshot({ path: screenshotPath('web-http-404.png') });
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});
