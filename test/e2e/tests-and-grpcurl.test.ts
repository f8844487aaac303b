import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runWithGrpcurl } from '../helpers/grpcurl';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import {
  importInteropProtos,
  openMethod,
  requestSection,
  send,
  setRequestJson,
  setServerAddress,
  waitForStatus,
} from './helpers/app';
import { openApp, type AppSession } from './helpers/session';

/** The page's clipboard, as far as reading it needs (the e2e project has no DOM types). */
type ClipboardHost = { navigator: { clipboard: { readText(): Promise<string> } } };

const testResults = (page: Page): Locator => page.getByRole('list', { name: 'Test results' });

// Issue 5 §2 and §5 from the page: assertions and captures on a real call, and grpcurl in and out.
describe('tests, captures and grpcurl in the page', () => {
  let app: AppSession;
  let server: GoReflectServer;
  let target: string;

  beforeAll(async () => {
    [app, server] = await Promise.all([openApp(), startGoReflect()]);
    target = `127.0.0.1:${server.port}`;
    await importInteropProtos(app.page);
    await openMethod(app.page, 'UnaryCall', 'TestService/UnaryCall');
    await setServerAddress(app.page, target);
    await setRequestJson(app.page, '{"responseSize": 4}');
  });
  afterAll(async () => {
    await Promise.all([app?.close(), server?.stop()]);
  });

  test('expected status, a JSON subset and a capture pass on a real call', async () => {
    const { page } = app;
    const tests = await requestSection(page, 'Tests');
    await tests.getByRole('combobox', { name: 'Expected status' }).selectOption('OK');
    await tests.getByRole('textbox', { name: 'Response contains (JSON)' }).fill('{"payload":{}}');
    await tests.getByRole('button', { name: 'Add capture' }).click();
    await tests.getByRole('textbox', { name: 'Variable' }).fill('body');
    await tests.getByRole('textbox', { name: 'Path or name' }).fill('$.payload.body');
    await send(page);
    await waitForStatus(page, 'OK');
    // grpc-go answers 4 zero bytes: base64 "AAAAAA==".
    await testResults(page).getByText('body = AAAAAA==').waitFor();
    const items = await testResults(page).getByRole('listitem').allInnerTexts();
    expect(items.filter((item) => item.includes('Failed'))).toEqual([]);
    expect(items.filter((item) => item.includes('Passed'))).toHaveLength(2);
    await page.getByText('2 of 2 passed').waitFor();
  });

  test('a wrong expected status fails with its message', async () => {
    const { page } = app;
    const tests = await requestSection(page, 'Tests');
    await tests.getByRole('combobox', { name: 'Expected status' }).selectOption('NOT_FOUND');
    await send(page);
    await page.getByText('1 of 2 passed').waitFor();
    const failed = testResults(page).getByRole('listitem').filter({ hasText: 'Failed' });
    expect(await failed.innerText()).toMatch(/NOT_FOUND/);
    expect(await failed.innerText()).toMatch(/OK/);
  });

  test('Copy as grpcurl gives a command the real grpcurl runs against the server', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Copy as grpcurl' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    const command = await page.evaluate(() =>
      (globalThis as unknown as ClipboardHost).navigator.clipboard.readText(),
    );
    expect(command).toMatch(/^grpcurl /);
    expect(command).toContain(target);
    // The command is written for a POSIX shell: bash parses it, as when pasted in a terminal.
    const result = await runWithGrpcurl(command);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ payload: { body: 'AAAAAA==' } });
  });

  test('a pasted grpcurl command becomes a tab whose Send succeeds', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Paste grpcurl command' }).click();
    const dialog = page.getByRole('dialog', { name: 'Paste grpcurl command' });
    await dialog
      .getByRole('textbox', { name: 'grpcurl command' })
      .fill(`grpcurl -plaintext -d '{"responseSize": 2}' ${target} grpc.testing.TestService/UnaryCall`);
    await dialog.getByRole('button', { name: 'Create request' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const tabs = page
      .getByRole('tablist', { name: 'Open requests' })
      .getByRole('tab', { name: 'TestService/UnaryCall' });
    await expect.poll(() => tabs.count()).toBe(2);
    await expect.poll(() => page.getByRole('textbox', { name: 'Server address' }).inputValue()).toBe(target);
    await send(page);
    await waitForStatus(page, 'OK');
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});
