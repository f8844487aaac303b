import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import { axeViolations, describeViolations, serious } from './helpers/axe';
import {
  createEnvironment,
  importByReflection,
  methodItem,
  openBarDialog,
  openMethod,
  requestSection,
  send,
  setRequestJson,
  setServerAddress,
  showSidebarView,
  waitForStatus,
} from './helpers/app';
import { expectTopBarFits, lineCount } from './helpers/layout';
import { screenshotPath } from './helpers/paths';
import { openApp, type AppSession } from './helpers/session';

/** The README's five-minute tour, screen by screen, at a small laptop's window and a large one. */
const windows = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
] as const;

describe.each(windows)('the five-minute tour at $width×$height', ({ width, height }) => {
  let app: AppSession;
  let server: GoReflectServer;

  /** Saves the screen as tour-<size>-<step>.png; fails on any serious axe finding, or a top bar that does not fit. */
  async function lookAt(page: Page, name: string): Promise<void> {
    await expectTopBarFits(page, width);
    await page.screenshot({ path: screenshotPath(`tour-${width}x${height}-${name}.png`) });
    expect(describeViolations(serious(await axeViolations(page))), `axe on "${name}"`).toBe('');
  }

  beforeAll(async () => {
    [app, server] = await Promise.all([openApp(), startGoReflect()]);
    await app.page.setViewportSize({ width, height });
  });
  afterAll(async () => {
    await Promise.all([app?.close(), server?.stop()]);
  });

  test('1. open it: the start screen offers the ways in', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Import protos' }).first().waitFor();
    await page.getByRole('button', { name: 'Import from server reflection' }).first().waitFor();
    await lookAt(page, '1-start');
  });

  test('2. load a schema by reflection', async () => {
    const { page } = app;
    await importByReflection(page, `127.0.0.1:${server.port}`);
    await methodItem(page, 'UnaryCall').waitFor();
    await lookAt(page, '2-schema');
  });

  test('3. call a method and read the response', async () => {
    const { page } = app;
    await openMethod(page, 'UnaryCall', 'TestService/UnaryCall');
    await setServerAddress(page, `127.0.0.1:${server.port}`);
    await setRequestJson(page, '{"responseSize": 4}');
    expect(await lineCount(page.getByRole('button', { name: 'Send', exact: true }))).toBe(1);
    await send(page);
    await waitForStatus(page, 'OK');
    await lookAt(page, '3-response');
  });

  test('4. save it into a collection with Ctrl/Cmd+S', async () => {
    const { page } = app;
    await page.keyboard.press('ControlOrMeta+S');
    const dialog = page.getByRole('dialog', { name: 'Save request' });
    await dialog.getByRole('textbox', { name: 'Collection' }).fill('tour');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Unary');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await showSidebarView(page, 'Collections');
    await page.getByRole('tree', { name: 'Collections' }).getByRole('treeitem', { name: 'Unary' }).waitFor();
    await lookAt(page, '4-saved');
  });

  test('5. add an environment and use its variable as the target', async () => {
    const { page } = app;
    await openBarDialog(page, 'Environments');
    const dialog = page.getByRole('dialog', { name: 'Environments' });
    await createEnvironment(dialog, 'local', [{ name: 'host', value: `127.0.0.1:${server.port}` }]);
    await lookAt(page, '5-environment');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('combobox', { name: 'Environment' }).selectOption({ label: 'local' });
    await setServerAddress(page, '{{host}}');
    await send(page);
    await waitForStatus(page, 'OK');
  });

  test('6. assert on the response under Tests', async () => {
    const { page } = app;
    const tests = await requestSection(page, 'Tests');
    await tests.waitFor();
    await lookAt(page, '6-tests');
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});
