import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import {
  importByReflection,
  importInteropProtos,
  methodItem,
  methodTree,
  openMethod,
  openTabs,
  previewMethod,
  send,
  setRequestJson,
  setServerAddress,
  showSidebarView,
  waitForStatus,
} from './helpers/app';
import { screenshotPath } from './helpers/paths';
import { openApp, type AppSession } from './helpers/session';

/** The little of the DOM the checks below read (the e2e project has no DOM types). */
type StyledWindow = { getComputedStyle(element: unknown): { fontStyle: string } };
type FocusDocument = { document: { activeElement: { textContent: string | null } | null } };

/** The text of the element that has the keyboard focus. */
const focusedText = (page: Page): Promise<string> =>
  page.evaluate(() => (globalThis as unknown as FocusDocument).document.activeElement?.textContent ?? '');

const tab = (page: Page, name: string | RegExp, selected?: boolean): Locator =>
  openTabs(page).getByRole('tab', { name, selected });
const selectedTab = (page: Page): Locator => openTabs(page).getByRole('tab', { selected: true });
const tabCount = (page: Page): Promise<number> => openTabs(page).getByRole('tab').count();
const isPreview = async (locator: Locator): Promise<boolean> =>
  ((await locator.getAttribute('aria-description')) ?? '').includes('Preview');
const titleStyle = (locator: Locator): Promise<string> =>
  locator
    .locator('.tab-title')
    .evaluate((element) => (globalThis as unknown as StyledWindow).getComputedStyle(element).fontStyle);
const historyEntry = (page: Page): Locator =>
  page
    .getByRole('list', { name: 'History' })
    .getByRole('button', { name: /UnaryCall/ })
    .first();
const menuButton = (page: Page): Locator => page.getByRole('button', { name: 'Open tabs' });

type AxePage = {
  axe: {
    run(context: { include: string[][] }): Promise<{ violations: { id: string; impact: string | null }[] }>;
  };
};

/** axe-core's serious and critical findings inside the elements `selectors` pick (`id: impact`). */
async function axeViolations(page: Page, selectors: string[]): Promise<string[]> {
  await page.evaluate(await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
  const found = await page.evaluate(
    (include) =>
      (globalThis as unknown as AxePage).axe
        .run({ include })
        .then((result) => result.violations.map((violation) => `${violation.id}: ${violation.impact}`)),
    selectors.map((selector) => [selector]),
  );
  return found.filter((violation) => /: (serious|critical)$/.test(violation));
}

/** Whether the selected tab lies wholly inside the strip's visible part. */
async function selectedTabInView(page: Page): Promise<boolean> {
  const strip = await openTabs(page).boundingBox();
  const active = await selectedTab(page).boundingBox();
  if (!strip || !active) return false;
  return active.x >= strip.x - 1 && active.x + active.width <= strip.x + strip.width + 1;
}

// Issue 16 (Layout, Tabs): VS Code's preview tab, history entries that reopen their tab, an "Open tabs" menu, the
// active tab always in view, and titles that say which source when two would read the same.
describe('tabs', () => {
  let app: AppSession;
  let server: GoReflectServer;
  let page: Page;

  beforeAll(async () => {
    [app, server] = await Promise.all([openApp({ colorScheme: 'light' }), startGoReflect()]);
    page = app.page;
    await page.setViewportSize({ width: 1280, height: 720 });
    await importInteropProtos(page);
  });
  afterAll(async () => {
    await Promise.all([app?.close(), server?.stop()]);
  });

  test('a single click previews a method in an italic tab, and the next single click replaces it', async () => {
    await previewMethod(page, 'EmptyCall', 'TestService/EmptyCall');
    expect(await isPreview(selectedTab(page))).toBe(true);
    expect(await titleStyle(selectedTab(page))).toBe('italic');
    await previewMethod(page, 'UnaryCall', 'TestService/UnaryCall');
    expect(await tabCount(page)).toBe(1);
    expect(await isPreview(selectedTab(page))).toBe(true);
  });

  test('a double click keeps the tab; so does double-clicking the preview tab itself', async () => {
    await openMethod(page, 'UnaryCall', 'TestService/UnaryCall');
    expect(await tabCount(page)).toBe(1);
    expect(await isPreview(selectedTab(page))).toBe(false);
    expect(await titleStyle(selectedTab(page))).toBe('normal');
    await previewMethod(page, 'EmptyCall', 'TestService/EmptyCall');
    expect(await tabCount(page)).toBe(2);
    await tab(page, 'TestService/EmptyCall').dblclick();
    await expect.poll(() => isPreview(tab(page, 'TestService/EmptyCall'))).toBe(false);
  });

  test('typing in the request or changing the address keeps a preview tab', async () => {
    await previewMethod(page, 'StreamingOutputCall', 'TestService/StreamingOutputCall');
    await setRequestJson(page, '{"responseParameters": [{"size": 1}]}');
    await expect.poll(() => isPreview(selectedTab(page))).toBe(false);
    await previewMethod(page, 'StreamingInputCall', 'TestService/StreamingInputCall');
    await setServerAddress(page, `127.0.0.1:${server.port}`);
    await expect.poll(() => isPreview(selectedTab(page))).toBe(false);
    await previewMethod(page, 'CacheableUnaryCall', 'TestService/CacheableUnaryCall');
    expect(await tabCount(page)).toBe(5);
    // A method with a tab of its own: the click shows that tab, the preview stays as it is.
    await previewMethod(page, 'EmptyCall', 'TestService/EmptyCall');
    expect(await tabCount(page)).toBe(5);
  });

  test('a history entry clicked, clicked again and double-clicked stays one tab', async () => {
    await tab(page, 'TestService/UnaryCall').click();
    await setServerAddress(page, `127.0.0.1:${server.port}`);
    await send(page);
    await waitForStatus(page, 'OK');
    await showSidebarView(page, 'History');
    await historyEntry(page).waitFor();
    const before = await tabCount(page);

    await historyEntry(page).click();
    const fromHistory = tab(page, /^TestService\/UnaryCall — sent /);
    await expect.poll(() => fromHistory.getAttribute('aria-selected')).toBe('true');
    // It took the place of the CacheableUnaryCall preview.
    expect(await tabCount(page)).toBe(before);
    expect(await isPreview(fromHistory)).toBe(true);
    await page.screenshot({ path: screenshotPath('tabs-preview-light.png') });

    await tab(page, 'TestService/EmptyCall').click();
    await historyEntry(page).click();
    await expect.poll(() => fromHistory.getAttribute('aria-selected')).toBe('true');
    await historyEntry(page).dblclick();
    await expect.poll(() => isPreview(fromHistory)).toBe(false);
    expect(await tabCount(page)).toBe(before);
    expect(await fromHistory.count()).toBe(1);
    await showSidebarView(page, 'Schemas');
  });

  test('the Open tabs menu lists every tab with its source and focuses the chosen one, also by keyboard', async () => {
    await menuButton(page).click();
    const menu = page.getByRole('menu');
    const items = menu.getByRole('menuitemradio');
    await expect.poll(() => items.count()).toBe(await tabCount(page));
    for (const text of await items.allInnerTexts()) expect(text).toContain('test.proto');
    await menu.getByRole('menuitemradio', { name: /StreamingInputCall/ }).click();
    await menu.waitFor({ state: 'hidden' });
    await tab(page, 'TestService/StreamingInputCall', true).waitFor();

    await menuButton(page).focus();
    await page.keyboard.press('Enter');
    // Opened from the keyboard, the menu focuses its first item; arrows move in the strip's order.
    await expect.poll(() => focusedText(page)).toMatch(/^TestService\/UnaryCall/);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedText(page)).toMatch(/^TestService\/EmptyCall/);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedText(page)).toMatch(/^TestService\/StreamingOutputCall/);
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'hidden' });
    await tab(page, 'TestService/StreamingOutputCall', true).waitFor();
  });

  test('with 15 tabs the active one is always in view: on open, Ctrl+PageDown, the menu and after a reload', async () => {
    const methods = ['HalfDuplexCall', 'FullDuplexCall', 'UnimplementedCall', 'EmptyCall', 'UnaryCall'];
    for (let i = 0; (await tabCount(page)) < 15; i++) {
      const method = methods[i % methods.length]!;
      await methodItem(page, method).first().dblclick();
      await expect.poll(() => selectedTabInView(page)).toBe(true);
    }
    await expect.poll(() => tabCount(page)).toBe(15);
    await page.screenshot({ path: screenshotPath('tabs-many-light.png') });

    // Wraps from the last tab to the first.
    await page.keyboard.press('Control+PageDown');
    await expect.poll(() => selectedTabInView(page)).toBe(true);
    expect(await selectedTab(page).getAttribute('aria-label')).toBe('TestService/UnaryCall');

    await menuButton(page).click();
    await page.getByRole('menu').getByRole('menuitemradio').last().click();
    await expect.poll(() => selectedTabInView(page)).toBe(true);
    const last = await selectedTab(page).getAttribute('aria-label');

    await page.reload();
    await selectedTab(page).waitFor();
    expect(await selectedTab(page).getAttribute('aria-label')).toBe(last);
    await expect.poll(() => selectedTabInView(page)).toBe(true);
  });

  test('the tab bar and its menu, in both themes, with no serious accessibility problem', async () => {
    await menuButton(page).click();
    await page.getByRole('menu').waitFor();
    await page.screenshot({ path: screenshotPath('tabs-menu-light.png') });
    expect(await axeViolations(page, ['.tab-bar', '.tab-menu'])).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await page.screenshot({ path: screenshotPath('tabs-many-dark.png') });
    await menuButton(page).click();
    await page.getByRole('menu').waitFor();
    await page.screenshot({ path: screenshotPath('tabs-menu-dark.png') });
    expect(await axeViolations(page, ['.tab-bar', '.tab-menu'])).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Toggle theme' }).click();
  });

  test('Close other tabs leaves one; a middle click closes a tab', async () => {
    await tab(page, 'TestService/StreamingOutputCall').click();
    await menuButton(page).click();
    await page.getByRole('menuitem', { name: 'Close other tabs' }).click();
    await expect.poll(() => tabCount(page)).toBe(1);
    await previewMethod(page, 'EmptyCall', 'TestService/EmptyCall');
    await tab(page, 'TestService/EmptyCall').click({ button: 'middle' });
    await expect.poll(() => tabCount(page)).toBe(1);
  });

  test('two same-named methods from different sources get titles that say which source', async () => {
    await importByReflection(page, `127.0.0.1:${server.port}`);

    // The tree is flat, sources in the order they were added: test.proto's UnaryCall first, the server's second.
    const unaryCalls = methodTree(page).getByRole('treeitem', { name: 'UnaryCall', exact: true });
    await expect.poll(() => unaryCalls.count()).toBe(2);
    await unaryCalls.first().dblclick();
    await unaryCalls.last().dblclick();
    await expect.poll(() => tabCount(page)).toBe(3);
    const fromFiles = tab(page, 'TestService/UnaryCall — test.proto');
    const reflected = tab(page, `TestService/UnaryCall — 127.0.0.1:${server.port}`);
    await fromFiles.waitFor();
    await reflected.waitFor();
    expect(await reflected.getAttribute('title')).toContain(`Source: 127.0.0.1:${server.port}`);
    await page.screenshot({ path: screenshotPath('tabs-same-name.png') });
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});
