import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import { axeViolations, describeViolations, serious } from './helpers/axe';
import {
  closedOrFailed,
  monacoRequestEditor,
  openMethod,
  openTabs,
  requestSection,
  responseRegion,
  setServerAddress,
  showSidebarView,
  waitForMonaco,
  waitForStatus,
} from './helpers/app';
import { screenshotPath } from './helpers/paths';
import { openApp, type AppSession } from './helpers/session';

/** What the focused element is, as far as these checks need (the e2e project has no DOM types). */
interface Focused {
  role: string | null;
  level: string | null;
  name: string | null;
  text: string;
  inRequestEditor: boolean;
  inMonaco: boolean;
  inTree: string | null;
}
type FocusElement = {
  getAttribute(name: string): string | null;
  textContent: string | null;
  closest(selector: string): FocusElement | null;
};
type FocusDocument = { document: { activeElement: FocusElement | null } };

/** The element with the keyboard focus, described. */
const focused = (page: Page): Promise<Focused> =>
  page.evaluate(() => {
    const element = (globalThis as unknown as FocusDocument).document.activeElement;
    return {
      role: element?.getAttribute('role') ?? null,
      level: element?.getAttribute('aria-level') ?? null,
      name: element?.getAttribute('aria-label') ?? null,
      text: element?.textContent?.trim() ?? '',
      inRequestEditor: element?.closest('.request-editor') != null,
      inMonaco: element?.closest('.monaco-editor') != null,
      inTree: element?.closest('[role="tree"]')?.getAttribute('aria-label') ?? null,
    };
  });

async function expectNoSeriousViolations(page: Page): Promise<void> {
  expect(describeViolations(serious(await axeViolations(page))), 'axe found serious violations').toBe('');
}

const sheet = (page: Page) => page.getByRole('dialog', { name: 'Keyboard shortcuts' });
const emptyState = (page: Page) => page.getByRole('region', { name: /Call your first gRPC method/ });

// Issue 29 item 6: focus lands on what the user acts on next after each dialog, Ctrl/Cmd+Enter sends from any field of
// the tab, Tab in the editor follows Monaco's Ctrl+M toggle with a hint shown once, and `?` opens the shortcuts sheet.
describe('keyboard', () => {
  let app: AppSession;
  let server: GoReflectServer;
  let page: Page;
  let target: string;

  beforeAll(async () => {
    [app, server] = await Promise.all([openApp({ colorScheme: 'light' }), startGoReflect()]);
    page = app.page;
    target = `127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await Promise.all([app?.close(), server?.stop()]);
  });

  test('the empty state offers the three ways in and the first shortcuts, with no serious axe finding', async () => {
    const region = emptyState(page);
    for (const name of ['Import .proto files', 'Reflect a server', 'Paste a grpcurl command'])
      await region.getByRole('button', { name }).waitFor();
    await region.getByRole('list', { name: 'Shortcuts to start with' }).getByText('Go to method').waitFor();
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: screenshotPath('empty-state.png') });
  });

  test('? outside a text field opens the shortcuts sheet; Escape closes it and focus goes back', async () => {
    const help = emptyState(page).getByRole('button', { name: 'Keyboard shortcuts' });
    await help.focus();
    await page.keyboard.press('?');
    await sheet(page).waitFor();
    await sheet(page)
      .getByRole('rowheader', { name: 'Send the request (from any field of the tab)' })
      .waitFor();
    await sheet(page).getByRole('cell', { name: 'Ctrl Enter' }).first().waitFor();
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: screenshotPath('shortcuts.png') });
    await page.keyboard.press('Escape');
    await sheet(page).waitFor({ state: 'hidden' });
    expect((await focused(page)).text).toBe('Keyboard shortcuts');
  });

  test('Reflect a server from the empty state: after Import, focus is on the first imported method', async () => {
    await emptyState(page).getByRole('button', { name: 'Reflect a server' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import from server reflection' });
    await dialog.getByRole('textbox', { name: 'Server address' }).fill(target);
    await dialog.getByRole('combobox', { name: 'TLS', exact: true }).selectOption({ label: 'Plaintext' });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await closedOrFailed(dialog);
    await expect.poll(async () => (await focused(page)).inTree).toBe('Methods');
    const now = await focused(page);
    expect(now.role).toBe('treeitem');
    // A method (level 3 under source and service), not the source row.
    expect(now.level).toBe('3');
    // Enter opens it: the keyboard path from import to a tab.
    await page.keyboard.press('Enter');
    await openTabs(page).getByRole('tab', { selected: true }).waitFor();
  });

  test('Ctrl+Enter in the address field sends', async () => {
    await openMethod(page, 'UnaryCall', 'TestService/UnaryCall');
    await setServerAddress(page, target);
    await page.getByRole('textbox', { name: 'Server address' }).focus();
    await page.keyboard.press('ControlOrMeta+Enter');
    await waitForStatus(page, 'OK');
  });

  test('Ctrl+Enter in the metadata table sends', async () => {
    await openMethod(page, 'EmptyCall', 'TestService/EmptyCall');
    await setServerAddress(page, target);
    const panel = await requestSection(page, 'Metadata');
    await panel.getByRole('button', { name: 'Add metadata' }).click();
    await panel.getByRole('textbox', { name: 'Metadata key' }).last().fill('x-trace');
    const value = panel.getByRole('textbox', { name: 'Metadata value' }).last();
    await value.fill('keyboard');
    await value.focus();
    await page.keyboard.press('ControlOrMeta+Enter');
    await waitForStatus(page, 'OK');
    await expect.poll(() => responseRegion(page).isVisible()).toBe(true);
  });

  test('Tab in the editor inserts spaces, with a hint once; Ctrl+M makes Tab move focus out of the editor', async () => {
    await requestSection(page, 'Message');
    await waitForMonaco(page);
    await monacoRequestEditor(page).locator('.view-lines').click();
    const hint = page.getByRole('status').filter({ hasText: 'Tab inserts spaces' });
    await hint.waitFor();
    expect(await page.evaluate(() => localStorage.getItem('protodesk.tabKeyHintShown'))).toBe('yes');
    await page.keyboard.press('Control+M');
    await page.getByRole('status').filter({ hasText: 'Tab moves focus' }).waitFor();
    expect((await focused(page)).inMonaco).toBe(true);
    await page.keyboard.press('Tab');
    await expect.poll(async () => (await focused(page)).inMonaco).toBe(false);
    // Back to the default for the tests after this one (the mode is Monaco's, for every editor).
    await monacoRequestEditor(page).locator('.view-lines').click();
    await page.keyboard.press('Control+M');
    await page.getByRole('status').filter({ hasText: 'Tab moves focus' }).waitFor({ state: 'hidden' });
  });

  test('the Tab hint is not shown again after a reload', async () => {
    await page.reload();
    await requestSection(page, 'Message');
    await waitForMonaco(page);
    await monacoRequestEditor(page).locator('.view-lines').click();
    expect((await focused(page)).inMonaco).toBe(true);
    expect(await page.getByRole('status').filter({ hasText: 'Tab inserts spaces' }).count()).toBe(0);
  });

  test('Paste grpcurl command → Create request puts the caret in the new tab’s request editor', async () => {
    await page.getByRole('button', { name: 'Paste grpcurl command' }).click();
    const dialog = page.getByRole('dialog', { name: 'Paste grpcurl command' });
    await dialog
      .getByRole('textbox', { name: 'grpcurl command' })
      .fill(`grpcurl -plaintext -d '{"responseSize": 2}' ${target} grpc.testing.TestService/UnaryCall`);
    await dialog.getByRole('button', { name: 'Create request' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await focused(page)).inRequestEditor).toBe(true);
    await page.keyboard.press('ControlOrMeta+Enter');
    await waitForStatus(page, 'OK');
  });

  test('Ctrl+S from the editor, then Cancel in Save request: the caret is back in the request editor', async () => {
    await monacoRequestEditor(page).locator('.view-lines').click();
    await page.keyboard.press('ControlOrMeta+S');
    const dialog = page.getByRole('dialog', { name: 'Save request' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await focused(page)).inRequestEditor).toBe(true);
  });

  test('Collection settings opened from a row’s context menu give focus back to that row', async () => {
    await page.keyboard.press('ControlOrMeta+S');
    const save = page.getByRole('dialog', { name: 'Save request' });
    await save.getByRole('textbox', { name: 'Collection' }).fill('keys');
    await save.getByRole('textbox', { name: 'Name' }).fill('Unary');
    await save.getByRole('button', { name: 'Save', exact: true }).click();
    await save.waitFor({ state: 'hidden' });
    await showSidebarView(page, 'Collections');
    const row = page.getByRole('tree', { name: 'Collections' }).getByRole('treeitem', { name: 'keys' });
    await row.focus();
    await page.keyboard.press('Shift+F10');
    await page.getByRole('menuitem', { name: 'Collection settings…' }).click();
    const settings = page.getByRole('dialog', { name: 'Collection settings: keys' });
    await settings.waitFor();
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'hidden' });
    const now = await focused(page);
    expect([now.role, now.inTree]).toEqual(['treeitem', 'Collections']);
    expect(now.text.startsWith('keys')).toBe(true);
  });

  test('closing Environments hands focus to the Environment select', async () => {
    await page.getByRole('button', { name: 'Environments' }).click();
    const dialog = page.getByRole('dialog', { name: 'Environments' });
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await focused(page)).name).toBe('Environment');
  });

  test('closing a dialog with no next target returns focus to its opener (TLS profiles)', async () => {
    const opener = page.getByRole('button', { name: 'TLS profiles' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'TLS profiles' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect((await focused(page)).text).toBe('TLS profiles');
  });

  test('the command palette opens the shortcuts sheet too', async () => {
    await page.keyboard.press('ControlOrMeta+K');
    const palette = page.getByRole('dialog', { name: 'Go to method' });
    await palette.getByRole('textbox', { name: 'Method' }).fill('keyboard shortcuts');
    await palette.getByRole('option', { name: /Keyboard shortcuts/ }).click();
    await sheet(page).waitFor();
    await sheet(page).getByRole('button', { name: 'Close' }).click();
    await sheet(page).waitFor({ state: 'hidden' });
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});
