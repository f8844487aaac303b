import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import {
  addMetadata,
  importInteropProtos,
  monacoRequestEditor,
  openMethod,
  requestSection,
  requestSectionTab,
  requestSectionTabs,
  responseRegion,
  send,
  setDeadline,
  setRequestJson,
  setServerAddress,
  waitForMonaco,
  waitForStatus,
  waitForTransitions,
  type RequestSectionName,
} from './helpers/app';
import { screenshotPath } from './helpers/paths';
import { openApp, type AppSession } from './helpers/session';

const sections: RequestSectionName[] = ['Message', 'Metadata', 'Auth', 'Settings', 'Tests'];

// Issue 16: the request pane in sections (Message, Metadata, Auth, Settings, Tests) under one row of address, TLS and Send.
describe('the request pane in sections', () => {
  let app: AppSession;
  let server: GoReflectServer;

  beforeAll(async () => {
    [app, server] = await Promise.all([openApp(), startGoReflect()]);
    await app.page.setViewportSize({ width: 1280, height: 720 });
    await importInteropProtos(app.page);
    await openMethod(app.page, 'UnaryCall', 'TestService/UnaryCall');
    await setServerAddress(app.page, `127.0.0.1:${server.port}`);
  });
  afterAll(async () => {
    await Promise.all([app?.close(), server?.stop()]);
  });

  test('five section tabs, Message first and selected; arrow keys and clicks switch the shown panel', async () => {
    const { page } = app;
    const names = await requestSectionTabs(page).getByRole('tab').allInnerTexts();
    expect(names).toEqual(sections);
    await requestSectionTabs(page).getByRole('tab', { name: 'Message', selected: true }).waitFor();
    await waitForMonaco(page);

    const metadata = await requestSection(page, 'Metadata');
    await metadata.getByRole('button', { name: 'Add metadata' }).waitFor();
    expect(await monacoRequestEditor(page).isVisible()).toBe(false);

    // Roving focus: Right arrow on the selected tab selects the next one.
    await requestSectionTab(page, 'Metadata').press('ArrowRight');
    await requestSectionTabs(page).getByRole('tab', { name: 'Auth', selected: true }).waitFor();
    await requestSectionTab(page, 'Auth').press('ArrowRight');
    await requestSectionTabs(page).getByRole('tab', { name: 'Settings', selected: true }).waitFor();
    await page
      .getByRole('tabpanel', { name: 'Settings' })
      .getByRole('textbox', { name: 'Deadline (ms)' })
      .waitFor();

    await requestSection(page, 'Message');
    await monacoRequestEditor(page).waitFor();
  });

  test('at 1280×720 the editor takes most of the request pane’s height', async () => {
    const { page } = app;
    await requestSection(page, 'Message');
    const pane = await page.getByRole('region', { name: 'Request' }).boundingBox();
    const editor = await monacoRequestEditor(page).boundingBox();
    if (!pane || !editor) throw new Error('the request pane or its editor is not laid out');
    expect(editor.height / pane.height).toBeGreaterThan(0.7);
    expect(editor.y + editor.height).toBeLessThanOrEqual(pane.y + pane.height);
    // The address, TLS and Send share one row above it.
    const address = await page.getByRole('textbox', { name: 'Server address' }).boundingBox();
    const sendButton = await page.getByRole('button', { name: 'Send', exact: true }).boundingBox();
    const tls = await page.getByRole('combobox', { name: 'TLS', exact: true }).boundingBox();
    for (const box of [sendButton, tls])
      expect(Math.abs((box?.y ?? 0) - (address?.y ?? -100))).toBeLessThan(8);
  });

  test('the Metadata tab counts the entries a call sends', async () => {
    const { page } = app;
    await addMetadata(page, 'x-grpc-test-echo-initial', 'from-the-metadata-tab');
    await requestSectionTab(page, 'Metadata')
      .filter({ hasText: /^Metadata 1$/ })
      .waitFor();
    await addMetadata(page, 'x-tenant', 'blue');
    await requestSectionTabs(page).getByRole('tab', { name: 'Metadata 2' }).waitFor();
    // A disabled row is not sent, so not counted.
    const panel = page.getByRole('tabpanel', { name: 'Metadata 2' });
    await panel.getByRole('checkbox', { name: 'Enabled' }).last().uncheck();
    await requestSectionTabs(page).getByRole('tab', { name: 'Metadata 1', selected: true }).waitFor();
  });

  test('metadata from the Metadata tab and a deadline from Settings reach the server', async () => {
    const { page } = app;
    await setDeadline(page, '10000');
    await setRequestJson(page, '{"responseSize": 4}');
    await send(page);
    await waitForStatus(page, 'OK');
    // grpc-go's interop server echoes x-grpc-test-echo-initial as a response header.
    const response = responseRegion(page);
    await response.getByRole('tab', { name: 'Headers & trailers' }).click();
    await response.getByText('from-the-metadata-tab').first().waitFor();

    // The deadline applies: a stream whose first message comes after 3 s ends DEADLINE_EXCEEDED at 300 ms.
    await openMethod(page, 'StreamingOutputCall', 'TestService/StreamingOutputCall');
    await setServerAddress(page, `127.0.0.1:${server.port}`);
    await setRequestJson(page, '{"responseParameters": [{"size": 1, "intervalUs": 3000000}]}');
    await setDeadline(page, '300');
    const started = Date.now();
    await send(page);
    await waitForStatus(page, 'DEADLINE_EXCEEDED');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  test('each tab remembers its section, also across a reload', async () => {
    const { page } = app;
    // StreamingOutputCall was left on Settings; UnaryCall on Message (setRequestJson chose it).
    const strip = page.getByRole('tablist', { name: 'Open requests' });
    await strip.getByRole('tab', { name: 'TestService/UnaryCall' }).click();
    await requestSection(page, 'Tests');
    await strip.getByRole('tab', { name: 'TestService/StreamingOutputCall' }).click();
    await requestSectionTabs(page).getByRole('tab', { name: 'Settings', selected: true }).waitFor();
    await strip.getByRole('tab', { name: 'TestService/UnaryCall' }).click();
    await requestSectionTabs(page).getByRole('tab', { name: 'Tests', selected: true }).waitFor();

    // The open tabs are saved a moment after a change: wait for that save, then reload.
    const saved = (): Promise<string> =>
      page.evaluate(
        () =>
          (
            globalThis as unknown as { localStorage: { getItem(key: string): string | null } }
          ).localStorage.getItem('protodesk.workspace.v1') ?? '',
      );
    await expect.poll(saved).toContain('"section":"tests"');
    await page.reload();
    await strip.getByRole('tab', { name: 'TestService/UnaryCall', selected: true }).waitFor();
    await requestSectionTabs(page).getByRole('tab', { name: 'Tests', selected: true }).waitFor();
  });

  test('screenshots of each section at 1280×720 and 1440×900, light and dark', async () => {
    const { page } = app;
    const tests = await requestSection(page, 'Tests');
    await tests.getByRole('combobox', { name: 'Expected status' }).selectOption('OK');
    await requestSectionTab(page, 'Tests')
      .filter({ hasText: /^Tests 1$/ })
      .waitFor();
    // With TLS chosen in the top row, Settings shows the server name and CA certificate fields.
    await page.getByRole('combobox', { name: 'TLS', exact: true }).selectOption({ label: 'TLS' });
    const theme = (): Promise<string | null> => page.locator('html').getAttribute('data-theme');
    for (const mode of ['light', 'dark'] as const) {
      if ((await theme()) !== mode) {
        await page.getByRole('button', { name: 'Toggle theme' }).click();
        await expect.poll(theme).toBe(mode);
      }
      for (const [width, height] of [
        [1280, 720],
        [1440, 900],
      ] as const) {
        await page.setViewportSize({ width, height });
        for (const name of sections) {
          await requestSection(page, name);
          await page.screenshot({
            path: screenshotPath(`request-sections-${width}-${mode}-${name.toLowerCase()}.png`),
          });
        }
      }
    }
  });

  test('axe-core finds no serious or critical problem in the request pane, in any section, light and dark', async () => {
    const { page } = app;
    // Evaluated, not added as a script tag: the app's CSP refuses those, rightly.
    await page.evaluate(
      await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'),
    );
    type Violation = { id: string; impact: string; nodes: { target: string[] }[] };
    type AxeContext = { include: string[][]; exclude: string[][] };
    type AxeHost = { axe: { run(context: AxeContext): Promise<{ violations: Violation[] }> } };
    const context = { include: [['section[aria-label="Request"]']], exclude: [] };
    const theme = (): Promise<string | null> => page.locator('html').getAttribute('data-theme');
    for (const mode of ['light', 'dark'] as const) {
      if ((await theme()) !== mode) {
        await page.getByRole('button', { name: 'Toggle theme' }).click();
        await expect.poll(theme).toBe(mode);
      }
      for (const name of sections) {
        await requestSection(page, name);
        // Colours mid-fade (the theme switch, the section underline) would fail contrast checks that pass once settled.
        await waitForTransitions(page);
        const { violations } = await page.evaluate(
          (within) => (globalThis as unknown as AxeHost).axe.run(within),
          context,
        );
        const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(
          serious.map(
            (v) => `${mode} ${name}: ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
          ),
        ).toEqual([]);
      }
    }
  });

  test('Send from another section still says why the JSON was refused', async () => {
    const { page } = app;
    await setRequestJson(page, '{"responseSize": 4,');
    const metadata = await requestSection(page, 'Metadata');
    await send(page);
    await page
      .getByRole('alert')
      .filter({ hasText: /Invalid JSON at line 1/ })
      .waitFor();
    expect(await metadata.isVisible()).toBe(true);
  });

  test('a bidi tab keeps protocol, address and TLS in one row; its call buttons join them from 1440 px, below them at 1280', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 1280, height: 720 });
    await openMethod(page, 'FullDuplexCall', 'TestService/FullDuplexCall');
    const top = async (name: string, role: 'button' | 'textbox' | 'combobox'): Promise<number> =>
      (await page.getByRole(role, { name, exact: true }).boundingBox())?.y ?? -1;
    const rows = async (): Promise<{ connection: number[]; buttons: number[] }> => ({
      connection: [
        await top('Protocol', 'combobox'),
        await top('Server address', 'textbox'),
        await top('TLS', 'combobox'),
      ],
      buttons: [
        await top('Send', 'button'),
        await top('End stream', 'button'),
        await top('Cancel', 'button'),
      ],
    });
    await page.screenshot({ path: screenshotPath('request-sections-1280-bidi.png') });
    // At 1280 the default split leaves no room for a usable address beside all six: the buttons move below, together.
    const narrow = await rows();
    for (const y of narrow.connection) expect(y).toBeCloseTo(narrow.connection[0] ?? -1, -1);
    for (const y of narrow.buttons) expect(y).toBeCloseTo(narrow.buttons[0] ?? -1, -1);
    expect(narrow.buttons[0]).toBeGreaterThan(narrow.connection[0] ?? Infinity);
    await page.setViewportSize({ width: 1440, height: 900 });
    const wide = await rows();
    for (const y of [...wide.connection, ...wide.buttons])
      expect(y).toBeCloseTo(wide.connection[0] ?? -1, -1);
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});
