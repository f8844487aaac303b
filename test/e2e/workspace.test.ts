import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
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
  showSidebarView,
  waitForMonaco,
  waitForStatus,
} from './helpers/app';
import { launchChromium } from './helpers/chromium';
import { screenshotPath } from './helpers/paths';
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
    await showSidebarView(page, 'Collections');
    await collections(page).getByRole('treeitem', { name: 'Unary' }).waitFor();
  });

  test('after a restart of serve on the same data, the collection and its request are back', async () => {
    // Away from the page first: a page left on a stopped server logs its failed reconnects.
    await page.goto('about:blank');
    await serve.stop();
    serve = await startServe({ dataDir: serve.dataDir });
    await page.goto(serve.url);
    // The workspace's protodesk.json brought the protos back too. (The new serve listens on another port, so the
    // page is a new origin and starts on the Schemas view.)
    await showSidebarView(page, 'Schemas');
    await methodItem(page, 'UnaryCall').waitFor();
    await showSidebarView(page, 'Collections');
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
    await showSidebarView(page, 'History');
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

  // Issue 14 §1: a folder that is not a workspace is left untouched until the person confirms.
  test('opening a folder with files but no protodesk.json asks first; only protodesk.json is created on yes', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'protodesk-e2e-project-'));
    try {
      await mkdir(join(folder, 'collections'));
      await writeFile(join(folder, 'README.md'), '# mine\n');
      await writeFile(join(folder, 'collections', 'fixture.json'), '{"rows": []}');
      const listing = async (): Promise<string[]> => (await readdir(folder, { recursive: true })).sort();
      const before = await listing();
      const workspaceName = page.locator('.pd-workspace-name');
      const previousName = await workspaceName.innerText();
      const openFolder = async (): Promise<void> => {
        await page.getByRole('button', { name: 'Open workspace…' }).click();
        const chooser = page.getByRole('dialog', { name: 'Open a folder as the workspace' });
        const path = chooser.getByRole('textbox', { name: 'Path' });
        // The dialog fills the field with the folder it lists first; typing before that would be overwritten.
        await expect.poll(() => path.inputValue()).not.toBe('');
        await path.fill(folder);
        await chooser.getByRole('button', { name: 'Choose' }).click();
        await chooser.waitFor({ state: 'hidden' });
        // A schema is loaded: the switch asks what to do with it first (test/e2e/workspace-switch.test.ts).
        const switchDialog = page.getByRole('dialog', { name: 'Switch workspace' });
        await switchDialog.getByRole('button', { name: /^Leave them in/ }).click();
        await switchDialog.waitFor({ state: 'hidden' });
      };
      const confirm = page.getByRole('dialog', { name: 'Make this folder a workspace?' });

      await openFolder();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'hidden' });
      expect(await listing()).toEqual(before);
      expect(await workspaceName.innerText()).toBe(previousName);

      await openFolder();
      expect(await confirm.innerText()).toContain(folder);
      await page.screenshot({ path: screenshotPath('workspace-confirm.png') });
      expect(await listing()).toEqual(before);
      await confirm.getByRole('button', { name: 'Make it a workspace' }).click();
      await expect.poll(() => workspaceName.innerText()).toBe(basename(folder));
      expect(await listing()).toEqual([...before, 'protodesk.json'].sort());
      expect(await readFile(join(folder, 'collections', 'fixture.json'), 'utf8')).toBe('{"rows": []}');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await watch.problems()).toEqual([]);
  });
});
