import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import {
  importByReflection,
  openMethod,
  responseRegion,
  setRequestJson,
  setServerAddress,
  send,
  showSidebarView,
  waitForStatus,
  waitForTransitions,
} from './helpers/app';
import { axeViolations, describeViolations, serious } from './helpers/axe';
import { screenshotPath } from './helpers/paths';
import { openApp, type AppSession } from './helpers/session';

/** The page's clipboard (the e2e project has no DOM types). */
type ClipboardHost = {
  navigator: { clipboard: { readText(): Promise<string>; writeText(t: string): Promise<void> } };
};

const method = 'grpc.testing.TestService/UnaryCall';

/** The sidebar's Mocks view. */
const mocksView = (page: Page): Locator => page.getByRole('tabpanel', { name: 'Mocks' });

/** The rules editor panel of UnaryCall. */
const rulesPanel = (page: Page): Locator => page.getByRole('dialog', { name: 'Rules: UnaryCall' });

/** Monaco in the rules panel. */
const rulesMonaco = (page: Page): Locator =>
  rulesPanel(page)
    .locator('.monaco-editor')
    .filter({ has: page.getByRole('textbox', { name: 'Stub rules JSON' }) })
    .first();

/** The rules editor's visible text (Monaco draws spaces as no-break spaces). */
const rulesText = async (page: Page): Promise<string> =>
  (await rulesMonaco(page).locator('.view-lines').innerText()).replace(/\u00a0/g, ' ');

/** An option of Monaco's suggestion list. */
const suggestion = (page: Page, name: RegExp): Locator => page.getByRole('option', { name }).first();

const readClipboard = (page: Page): Promise<string> =>
  page.evaluate(() => (globalThis as unknown as ClipboardHost).navigator.clipboard.readText());

/** Replaces the rules editor's text by pasting it, as a user does. */
async function pasteRules(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => (globalThis as unknown as ClipboardHost).navigator.clipboard.writeText(t), text);
  await rulesMonaco(page).locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
  // The editor held another text before (a new file starts with a rule): wait for this one.
  const compact = (t: string): string => t.replace(/\s+/g, '');
  await expect.poll(async () => compact(await rulesText(page))).toBe(compact(text));
}

/** The response's JSON, through "Copy response" and the clipboard. */
async function copiedResponse(page: Page): Promise<unknown> {
  await responseRegion(page).getByRole('button', { name: 'Copy response' }).click();
  await responseRegion(page).getByRole('status').filter({ hasText: 'Copied' }).waitFor();
  return JSON.parse(await readClipboard(page));
}

/** Clicks Send to mock and waits for the call's new status (the badge of the previous call goes first). */
async function sendToMock(page: Page, address: string): Promise<void> {
  const before = await responseRegion(page)
    .getByRole('status', { name: /^Status / })
    .elementHandle({ timeout: 100 })
    .catch(() => null);
  await page.getByRole('button', { name: 'Send to mock' }).click();
  await expect.poll(() => page.getByRole('textbox', { name: 'Server address' }).inputValue()).toBe(address);
  if (before) await page.waitForFunction((badge) => !badge.isConnected, before);
  await waitForStatus(page, 'OK');
}

// The Mocks view against grpc-go's TestService: a user loads its schema by reflection, starts a mock, writes a rule
// with completion, sends from the tab to the mock in one click and sees the rule's answer and the call in the log, then
// turns the real server's answer into a rule with "Mock this response" and gets the same answer from the mock.
describe('mocks in the app', () => {
  let app: AppSession;
  let server: GoReflectServer;
  let address = '';

  beforeAll(async () => {
    [app, server] = await Promise.all([openApp({ colorScheme: 'light' }), startGoReflect()]);
    await app.page.setViewportSize({ width: 1440, height: 900 });
    await importByReflection(app.page, `127.0.0.1:${server.port}`);
    await openMethod(app.page, 'UnaryCall', 'TestService/UnaryCall');
  });
  afterAll(async () => {
    await Promise.all([app?.close(), server?.stop()]);
  });

  test('Start mock serves the loaded schema on a free port, and Copy address copies it', async () => {
    const { page } = app;
    await showSidebarView(page, 'Mocks');
    const view = mocksView(page);
    await view.getByRole('combobox', { name: 'No rule matches' }).selectOption({ label: 'UNIMPLEMENTED' });
    await view.getByRole('button', { name: 'Start mock' }).click();
    const card = view.getByRole('region', { name: /^Mock of / });
    address = (await card.getByLabel('Mock address').innerText()).trim();
    expect(address).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(await card.innerText()).toContain('gRPC, gRPC-Web, gRPC-Web (text), Connect');
    await card.getByRole('button', { name: 'Copy address' }).click();
    await card
      .getByRole('status')
      .filter({ hasText: `Copied ${address}` })
      .waitFor();
    expect(await readClipboard(page)).toBe(address);
    // The strip counts the running mock.
    await page.getByRole('tab', { name: 'Mocks 1' }).waitFor();
  });

  test('a rule written with completion of the response message is saved to the workspace', async () => {
    const { page } = app;
    const view = mocksView(page);
    await view.getByText('Rules by method').click();
    // Reflection and health are the mock's own, though the reflected schema has them: no rules to write for them.
    const methods = view.getByRole('list', { name: 'Methods' });
    await methods.getByRole('button', { name: /^Edit rules of UnaryCall / }).waitFor();
    expect(await methods.innerText()).not.toMatch(/ServerReflection|^Health$/m);
    await view.getByRole('button', { name: /^Edit rules of UnaryCall / }).click();
    await rulesPanel(page).getByText('mocks/grpc.testing.TestService/UnaryCall.json').waitFor();
    await rulesMonaco(page).waitFor();
    // A new file starts with one rule answering every call with every field filled.
    await expect.poll(() => rulesText(page)).toMatch(/"respond": \{\s*"body": \{[\s\S]*"username"/);
    await pasteRules(
      page,
      `{\n  "format": 1,\n  "method": "${method}",\n  "rules": [\n    {\n      "respond": {\n        "body": {\n          \n        }\n      }\n    }\n  ]\n}\n`,
    );
    // Inside "body": the fields of the method's response message, grpc.testing.SimpleResponse.
    await page.keyboard.press('ControlOrMeta+Home');
    for (let line = 1; line < 8; line += 1) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await page.keyboard.press('Control+Space');
    await suggestion(page, /^username/).waitFor();
    expect(await suggestion(page, /^payload/).isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('mock-rules.png') });
    await page.keyboard.type('usern');
    await page.keyboard.press('Enter');
    await page.keyboard.type('mocked {{request.responseSize}}');
    await expect.poll(() => rulesText(page)).toMatch(/"username":\s*"mocked \{\{request\.responseSize\}\}"/);

    // Ctrl+S in the panel saves the stub file (not the request tab behind it).
    expect(await rulesPanel(page).getByRole('button', { name: 'Save', exact: true }).isEnabled()).toBe(true);
    await page.keyboard.press('ControlOrMeta+S');
    await rulesPanel(page)
      .getByRole('status')
      .filter({ hasText: 'Saved mocks/grpc.testing.TestService/UnaryCall.json' })
      .waitFor();
    const file = join(app.dataDir, 'workspace', 'mocks', 'grpc.testing.TestService', 'UnaryCall.json');
    const saved = JSON.parse(await readFile(file, 'utf8')) as unknown;
    expect(saved).toEqual({
      format: 1,
      method,
      rules: [{ respond: { body: { username: 'mocked {{request.responseSize}}' } } }],
    });
    expect(await rulesPanel(page).getByRole('button', { name: 'Save', exact: true }).isEnabled()).toBe(false);
    expect(await page.getByRole('dialog', { name: 'Save request' }).count()).toBe(0);
    // Esc leaves the completed field's snippet first (Monaco's own), then closes the panel.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await rulesPanel(page).waitFor({ state: 'hidden' });
  });

  test('Send to mock points the tab at the mock and shows the rule’s answer; the call is in the log', async () => {
    const { page } = app;
    await setRequestJson(page, '{"responseSize": 2}');
    await sendToMock(page, address);
    expect(await copiedResponse(page)).toEqual({ username: 'mocked 2' });

    const log = mocksView(page).getByRole('list', { name: `Calls to ${address}` });
    const newest = log.getByRole('button').first();
    await expect.poll(() => newest.innerText()).toMatch(/UnaryCall\s+OK[\s\S]*gRPC · rule 1/);
    await waitForTransitions(page);
    await page.screenshot({ path: screenshotPath('mock-view.png') });

    await newest.click();
    const dialog = page.getByRole('dialog', { name: `Call to ${method}` });
    expect(await dialog.getByLabel('Requests 1').innerText()).toContain('"responseSize": 2');
    expect(await dialog.getByLabel('Responses 1').innerText()).toContain('"username": "mocked 2"');
    expect(await dialog.innerText()).toContain(
      'answered by rule 1 of grpc.testing.TestService/UnaryCall.json',
    );
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  test('Mock this response turns the real server’s answer into a rule, and the mock then answers the same', async () => {
    const { page } = app;
    await setServerAddress(page, `127.0.0.1:${server.port}`);
    await setRequestJson(page, '{"responseSize": 3, "fillServerId": true}');
    await send(page);
    await waitForStatus(page, 'OK');
    const real = await copiedResponse(page);
    expect(real).toMatchObject({ payload: { body: 'AAAA' } });

    await responseRegion(page).getByRole('button', { name: 'Mock this response' }).click();
    await responseRegion(page)
      .getByRole('status')
      .filter({ hasText: 'Rule added in mocks/grpc.testing.TestService/UnaryCall.json' })
      .waitFor();
    // The rules editor opens on the file: the new rule first, the user's own after it.
    await rulesPanel(page)
      .getByRole('status')
      .filter({ hasText: 'Rule added: rule 1 now answers this request with this response.' })
      .waitFor();
    await expect.poll(() => rulesText(page)).toContain('"responseSize": 3');
    await waitForTransitions(page);
    await page.screenshot({ path: screenshotPath('mock-this-response.png') });
    const file = join(app.dataDir, 'workspace', 'mocks', 'grpc.testing.TestService', 'UnaryCall.json');
    const rules = (JSON.parse(await readFile(file, 'utf8')) as { rules: unknown[] }).rules;
    expect(rules).toEqual([
      { match: { body: { responseSize: 3, fillServerId: true } }, respond: { body: real } },
      { respond: { body: { username: 'mocked {{request.responseSize}}' } } },
    ]);
    await rulesPanel(page).getByRole('button', { name: 'Close rules' }).click();

    // The server is not asked any more: the mock answers exactly what it said.
    await server.stop();
    await sendToMock(page, address);
    expect(await copiedResponse(page)).toEqual(real);
    // Any other request still gets the user's rule.
    await setRequestJson(page, '{"responseSize": 1}');
    await sendToMock(page, address);
    expect(await copiedResponse(page)).toEqual({ username: 'mocked 1' });
  });

  test('axe finds no serious problem in the Mocks view and the rules editor, light and dark', async () => {
    const { page } = app;
    await mocksView(page)
      .getByRole('button', { name: /^Edit rules of UnaryCall / })
      .click();
    await rulesMonaco(page).waitFor();
    expect(describeViolations(serious(await axeViolations(page)))).toBe('');
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    expect(describeViolations(serious(await axeViolations(page)))).toBe('');
    // In the editor, Esc closes Monaco's suggestions first, then the panel.
    await rulesMonaco(page).locator('.view-lines').click();
    await page.keyboard.press('Control+Space');
    await page.getByRole('listbox').first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').first().waitFor({ state: 'hidden' });
    expect(await rulesPanel(page).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await rulesPanel(page).waitFor({ state: 'hidden' });
    expect(describeViolations(serious(await axeViolations(page)))).toBe('');
  });

  test('Stop ends the mock: Send to mock goes, and the page had no errors', async () => {
    const { page } = app;
    await mocksView(page).getByRole('button', { name: 'Stop', exact: true }).click();
    await mocksView(page)
      .getByRole('region', { name: /^Mock of / })
      .waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Send to mock' }).waitFor({ state: 'detached' });
    expect(await app.watch.problems()).toEqual([]);
  });
});
