import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import {
  importInteropProtos,
  methodTree,
  openMethod,
  send,
  setRequestJson,
  setServerAddress,
  showSidebarView,
  waitForStatus,
  type SidebarViewName,
} from './helpers/app';
import { screenshotPath } from './helpers/paths';
import { openApp, type AppSession } from './helpers/session';

type Box = { x: number; y: number; width: number; height: number };

const views = (page: Page): Locator => page.getByRole('tablist', { name: 'Sidebar views' });
const viewTab = (page: Page, view: SidebarViewName): Locator => views(page).getByRole('tab', { name: view });
const viewPanel = (page: Page, view: SidebarViewName): Locator => page.getByRole('tabpanel', { name: view });
const historyRows = (page: Page): Locator =>
  page.getByRole('list', { name: 'History' }).getByRole('listitem');

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator.toString()} is not shown`);
  return found;
}

/** The sidebar's width: from the left of its strip of views to the right of the view shown. */
async function sidebarWidth(page: Page, view: SidebarViewName): Promise<number> {
  const [strip, panel] = await Promise.all([box(views(page)), box(viewPanel(page, view))]);
  return panel.x + panel.width - strip.x;
}

/** Sends the open tab's request and waits for the status the server answers with. */
async function call(page: Page, json: string, status: string): Promise<void> {
  await setRequestJson(page, json);
  await send(page);
  await waitForStatus(page, status);
}

// Issue 16, "a sidebar that scales": Schemas, Collections and History are views of their own, the choice survives a
// reload, and long status and method names in History never run into each other.
describe('the sidebar', () => {
  let app: AppSession;
  let server: GoReflectServer;

  beforeAll(async () => {
    [app, server] = await Promise.all([openApp({ colorScheme: 'light' }), startGoReflect()]);
    await app.page.setViewportSize({ width: 1280, height: 720 });
  });
  afterAll(async () => {
    await Promise.all([app?.close(), server?.stop()]);
  });

  test('each view, while empty, says what to do and offers the button that does it', async () => {
    const { page } = app;
    expect(await viewTab(page, 'Schemas').getAttribute('aria-selected')).toBe('true');
    const schemas = viewPanel(page, 'Schemas');
    await schemas.getByText('No schemas yet').waitFor();
    await schemas.getByRole('button', { name: 'Import protos' }).waitFor();
    await schemas.getByRole('button', { name: 'Import from server reflection' }).waitFor();
    await page.screenshot({ path: screenshotPath('sidebar-empty-schemas.png') });

    await showSidebarView(page, 'Collections');
    const collections = viewPanel(page, 'Collections');
    await collections.getByText('No saved requests yet').waitFor();
    await collections.getByRole('button', { name: 'Import collection' }).waitFor();

    await showSidebarView(page, 'History');
    await viewPanel(page, 'History').getByText('No calls yet').waitFor();
    expect(await page.getByRole('button', { name: 'Clear history' }).isDisabled()).toBe(true);
  });

  test('calls land in History, its own view: the method tree keeps the full height', async () => {
    const { page } = app;
    await importInteropProtos(page);
    expect(await viewTab(page, 'Schemas').innerText()).toMatch(/Schemas\s*1/);
    await openMethod(page, 'UnaryCall', 'TestService/UnaryCall');
    await setServerAddress(page, `127.0.0.1:${server.port}`);
    await call(page, '{"responseSize": 2}', 'OK');
    await call(page, '{"responseStatus": {"code": 4, "message": "too slow"}}', 'DEADLINE_EXCEEDED');
    await call(page, '{"responseStatus": {"code": 8, "message": "quota"}}', 'RESOURCE_EXHAUSTED');
    // UnimplementedService has a method of the same name: open TestService's, the first in the (flat) tree.
    await methodTree(page)
      .getByRole('treeitem', { name: 'UnimplementedCall', exact: true })
      .first()
      .dblclick();
    await page
      .getByRole('tablist', { name: 'Open requests' })
      .getByRole('tab', { name: 'TestService/UnimplementedCall', selected: true })
      .waitFor();
    await setServerAddress(page, `127.0.0.1:${server.port}`);
    await call(page, '{}', 'UNIMPLEMENTED');

    // Four calls and the Schemas view is unchanged: its panel is as tall as the strip of views.
    const strip = await box(views(page));
    const schemas = await box(viewPanel(page, 'Schemas'));
    expect(Math.abs(schemas.height - strip.height)).toBeLessThanOrEqual(1);

    await showSidebarView(page, 'History');
    await expect.poll(() => historyRows(page).count()).toBe(4);
    expect(await methodTree(page).isVisible()).toBe(false);
    const history = await box(viewPanel(page, 'History'));
    expect(Math.abs(history.height - strip.height)).toBeLessThanOrEqual(1);
    expect(await historyRows(page).first().innerText()).toMatch(/UnimplementedCall\s*UNIMPLEMENTED/);
  });

  test('Ctrl+Shift+1/2/3 switch the views', async () => {
    const { page } = app;
    await page.keyboard.press('Control+Shift+Digit2');
    await viewPanel(page, 'Collections').waitFor();
    await page.keyboard.press('Control+Shift+Digit1');
    await methodTree(page).waitFor();
    await page.keyboard.press('Control+Shift+Digit3');
    await historyRows(page).first().waitFor();
  });

  test('screenshots of each view at 1280×720 and 1440×900, light and dark', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Save request' });
    await dialog.getByRole('textbox', { name: 'Collection' }).fill('smoke tests');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Unimplemented on purpose');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => viewTab(page, 'Collections').innerText()).toMatch(/Collections\s*1/);

    const sizes: [number, number][] = [
      [1280, 720],
      [1440, 900],
    ];
    for (const [width, height] of sizes) {
      await page.setViewportSize({ width, height });
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe(theme);
        for (const view of ['Schemas', 'Collections', 'History'] as const) {
          await showSidebarView(page, view);
          const name = `sidebar-${view.toLowerCase()}-${width}x${height}-${theme}.png`;
          await page.screenshot({ path: screenshotPath(name) });
        }
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  test('at the narrowest sidebar, long status and method names in History never overlap', async () => {
    const { page } = app;
    await showSidebarView(page, 'History');
    const before = await sidebarWidth(page, 'History');
    // The sidebar's splitter is the page's first; drag it as far left as it goes.
    const splitter = await box(page.getByRole('separator').first());
    await page.mouse.move(splitter.x + splitter.width / 2, splitter.y + splitter.height / 2);
    await page.mouse.down();
    await page.mouse.move(20, splitter.y + splitter.height / 2, { steps: 8 });
    await page.mouse.up();
    const narrow = await sidebarWidth(page, 'History');
    expect(narrow).toBeLessThan(before);
    await page.screenshot({ path: screenshotPath('sidebar-history-narrow.png') });

    const rows = await historyRows(page).all();
    const boxes = await Promise.all(rows.map(box));
    const panel = await box(viewPanel(page, 'History'));
    for (const [i, row] of boxes.entries()) {
      // One fixed height for every row, each below the one before it, none wider than the view.
      expect(row.height).toBe(boxes[0]?.height ?? 0);
      const next = boxes[i + 1];
      if (next) expect(row.y + row.height).toBeLessThanOrEqual(next.y);
      expect(row.x + row.width).toBeLessThanOrEqual(panel.x + panel.width + 0.5);
    }
    for (const [method, status] of [
      ['UnimplementedCall', 'UNIMPLEMENTED'],
      ['UnaryCall', 'RESOURCE_EXHAUSTED'],
      ['UnaryCall', 'DEADLINE_EXCEEDED'],
    ] as const) {
      const row = historyRows(page).filter({ hasText: status });
      const [rowBox, methodBox, statusBox] = await Promise.all([
        box(row),
        box(row.getByText(method, { exact: true })),
        box(row.getByText(status, { exact: true })),
      ]);
      // Side by side on the row's first line, the chip inside the row, and the full text in the tooltip.
      expect(methodBox.x + methodBox.width).toBeLessThanOrEqual(statusBox.x);
      expect(statusBox.x + statusBox.width).toBeLessThanOrEqual(rowBox.x + rowBox.width);
      expect(statusBox.y + statusBox.height).toBeLessThanOrEqual(rowBox.y + rowBox.height);
      expect(await row.getByRole('button').getAttribute('title')).toContain(`${status} (code`);
    }
  });

  test('the chosen view and the sidebar width survive a reload', async () => {
    const { page } = app;
    const width = await sidebarWidth(page, 'History');
    await page.reload();
    await viewPanel(page, 'History').waitFor();
    expect(await viewTab(page, 'History').getAttribute('aria-selected')).toBe('true');
    await historyRows(page).first().waitFor();
    expect(Math.abs((await sidebarWidth(page, 'History')) - width)).toBeLessThanOrEqual(1);
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});
