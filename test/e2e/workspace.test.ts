import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import {
  importInteropProtos,
  methodItem,
  openMethod,
  requestEditorText,
  send,
  setRequestJson,
  setServerAddress,
  waitForMonaco,
  waitForStatus,
} from './helpers/app';
import { launchChromium } from './helpers/chromium';
import { startServe, type ServeProcess } from './helpers/serve';
import { recordCspViolations, watchPage, type PageWatch } from './helpers/watch';

const collections = (page: Page) => page.getByRole('tree', { name: 'Collections' });
const history = (page: Page) => page.getByRole('list', { name: 'History' });
const selectedTab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: 'Open requests' }).getByRole('tab', { name, selected: true });

// Issue 5 §1, §3, §6 from the page: a request saved into a collection survives a restart of the engine, and calls
// land in a searchable history.
describe('the workspace in the page', () => {
  let browser: Browser;
  let page: Page;
  let watch: PageWatch;
  let serve: ServeProcess;
  let server: GoReflectServer;

  beforeAll(async () => {
    [serve, server, browser] = await Promise.all([startServe(), startGoReflect(), launchChromium()]);
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    context.setDefaultTimeout(10_000);
    await recordCspViolations(context);
    page = await context.newPage();
    watch = watchPage(page);
    await page.goto(serve.url);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), serve?.stop(), server?.stop()]);
  });

  test('a request saved into a collection is titled by its name', async () => {
    await importInteropProtos(page);
    await openMethod(page, 'UnaryCall', 'TestService/UnaryCall');
    await setServerAddress(page, `127.0.0.1:${server.port}`);
    await setRequestJson(page, '{"responseSize": 3}');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Save request' });
    expect(await dialog.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('UnaryCall');
    await dialog.getByRole('textbox', { name: 'Collection' }).fill('smoke');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Unary');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await selectedTab(page, 'Unary').waitFor();
    await collections(page).getByRole('treeitem', { name: 'Unary' }).waitFor();
  });

  test('after a restart of serve on the same data, the collection and its request are back', async () => {
    // Away from the page first: a page left on a stopped server logs its failed reconnects.
    await page.goto('about:blank');
    await serve.stop();
    serve = await startServe({ dataDir: serve.dataDir });
    await page.goto(serve.url);
    // The workspace's protodesk.json brought the protos back too.
    await methodItem(page, 'UnaryCall').waitFor();
    await collections(page).getByRole('treeitem', { name: 'smoke' }).waitFor();
    await collections(page).getByRole('treeitem', { name: 'Unary' }).click();
    await selectedTab(page, 'Unary').waitFor();
    await waitForMonaco(page);
    await expect
      .poll(async () => (await requestEditorText(page)).replace(/\s+/g, ''))
      .toBe('{"responseSize":3}');
    expect(await page.getByRole('textbox', { name: 'Server address' }).inputValue()).toBe(
      `127.0.0.1:${server.port}`,
    );
  });

  test('a call is recorded in History, newest first, and found by search', async () => {
    await send(page);
    await waitForStatus(page, 'OK');
    const first = history(page).getByRole('listitem').first();
    await expect.poll(() => first.innerText()).toMatch(/UnaryCall[\s\S]*OK/);

    const search = page.getByRole('searchbox', { name: 'Search history' });
    await search.fill('UnaryCall');
    await expect.poll(() => history(page).getByRole('listitem').count()).toBe(1);
    await search.fill('no call is named like this');
    await expect.poll(() => history(page).getByRole('listitem').count()).toBe(0);
    await search.fill('');
    await expect.poll(() => history(page).getByRole('listitem').count()).toBe(1);

    await history(page)
      .getByRole('button', { name: /UnaryCall/ })
      .click();
    await expect
      .poll(() => page.getByRole('tablist', { name: 'Open requests' }).getByRole('tab').count())
      .toBe(2);
    await selectedTab(page, 'TestService/UnaryCall').waitFor();
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await watch.problems()).toEqual([]);
  });
});
