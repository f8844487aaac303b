import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import {
  importInteropProtos,
  openMethod,
  reopenFromHistory,
  requestEditorText,
  responseRegion,
  send,
  setRequestJson,
  setServerAddress,
  statusBadge,
  waitForReceived,
} from './helpers/app';
import { screenshotPath } from './helpers/paths';
import { openApp, type AppSession } from './helpers/session';

const require = createRequire(import.meta.url);

// The response pane against grpc-go: the status badge, the timer that becomes the duration without moving the body,
// a client stream's response in the main view, and history that keeps every message a client stream sent.
describe('the response pane and history of a client stream', () => {
  let app: AppSession;
  let server: GoReflectServer;
  // Three messages of 3, 6 and 9 bytes: StreamingInputCall answers with their total size.
  const bodies = ['AAAA', 'AAAAAAAA', 'AAAAAAAAAAAA'];
  const message = (i: number): string => JSON.stringify({ payload: { body: bodies[i] } });

  beforeAll(async () => {
    [app, server] = await Promise.all([openApp({ colorScheme: 'light' }), startGoReflect()]);
    await app.page.setViewportSize({ width: 1280, height: 720 });
    await importInteropProtos(app.page);
  });
  afterAll(async () => {
    await Promise.all([app?.close(), server?.stop()]);
  });

  const region = (page: Page) => responseRegion(page);
  const bodyTop = async (page: Page): Promise<number> =>
    (await region(page).getByRole('tabpanel').boundingBox())?.y ?? Number.NaN;
  // The e2e project has no DOM types: the page's getComputedStyle, as far as this test needs it.
  const colourOf = (element: unknown): string =>
    (globalThis as unknown as { getComputedStyle(e: unknown): { color: string } }).getComputedStyle(element)
      .color;
  const toggleTheme = (page: Page) => page.getByRole('button', { name: 'Toggle theme' }).click();

  test('a client stream: the timer ticks while it runs, then the duration; the body does not move; the response shows', async () => {
    const { page } = app;
    await openMethod(page, 'StreamingInputCall', 'TestService/StreamingInputCall');
    await setServerAddress(page, `127.0.0.1:${server.port}`);
    await setRequestJson(page, message(0));
    await send(page);
    await region(page)
      .getByText(/^1 sent/)
      .waitFor();
    await region(page)
      .getByTitle('Running for')
      .getByText('1 s', { exact: true })
      .waitFor({ timeout: 5_000 });
    await region(page).getByText('The response arrives once the stream ends (End stream).').waitFor();
    const runningTop = await bodyTop(page);
    await page.screenshot({ path: screenshotPath('response-running-light.png') });
    await toggleTheme(page);
    await page.screenshot({ path: screenshotPath('response-running-dark.png') });
    await toggleTheme(page);

    for (const i of [1, 2]) {
      await setRequestJson(page, message(i));
      await send(page);
      await region(page)
        .getByText(new RegExp(`^${i + 1} sent`))
        .waitFor();
    }
    await page.getByRole('button', { name: 'End stream' }).click();
    await statusBadge(page, 'OK', 0).waitFor();
    expect(await region(page).getByTitle('Total time of the call').innerText()).toMatch(/^[\d,.]+ ms$/);
    expect(await region(page).getByTitle('Running for').count()).toBe(0);
    expect(await bodyTop(page)).toBe(runningTop);

    // The response is in the main view without selecting it, and can be copied.
    // (Monaco's text box has no size of its own: the visible text is what the user sees.)
    await region(page).getByText('"aggregatedPayloadSize": 18').waitFor();
    const copy = region(page).getByRole('button', { name: 'Copy response' });
    expect(await copy.isEnabled()).toBe(true);
    await copy.click();
    await region(page).getByRole('status').filter({ hasText: 'Copied to the clipboard' }).waitFor();
    await page.screenshot({ path: screenshotPath('response-finished-light.png') });
    await toggleTheme(page);
    await page.screenshot({ path: screenshotPath('response-finished-dark.png') });
    await toggleTheme(page);
  });

  test('reopened from history, the tab has all 3 messages and shows the old response until Send', async () => {
    const { page } = app;
    await reopenFromHistory(page, /StreamingInputCall/);
    const messages = page.getByRole('group', { name: 'Messages from history' });
    const choice = messages.getByRole('combobox', { name: 'Message in the editor' });
    await choice.waitFor();
    expect(await choice.locator('option').allInnerTexts()).toEqual([
      'Message 1 of 3',
      'Message 2 of 3',
      'Message 3 of 3',
    ]);
    await expect.poll(() => requestEditorText(page)).toContain(`"body": "${bodies[0]}"`);
    await choice.selectOption({ label: 'Message 3 of 3' });
    await expect.poll(() => requestEditorText(page)).toContain(`"body": "${bodies[2]}"`);

    // The old response: its status, the messages both ways, and the mark saying where it comes from.
    await statusBadge(page, 'OK', 0).waitFor();
    await region(page)
      .getByText(/^From history /)
      .waitFor();
    await region(page).getByText('"aggregatedPayloadSize": 18').waitFor();
    const rows = region(page).getByRole('grid', { name: 'Messages' }).getByRole('row');
    await expect.poll(() => rows.filter({ hasText: 'sent' }).count()).toBe(3);
    await page.screenshot({ path: screenshotPath('response-from-history-light.png') });

    // Send starts the stream with all three again; the mark goes.
    await send(page);
    await region(page)
      .getByText(/^3 sent/)
      .waitFor();
    expect(
      await region(page)
        .getByText(/^From history /)
        .count(),
    ).toBe(0);
    await page.getByRole('button', { name: 'End stream' }).click();
    await statusBadge(page, 'OK', 0).waitFor();
    await waitForReceived(page, 1);
    await region(page).getByText('"aggregatedPayloadSize": 18').waitFor();
  });

  test('an error shows its name and code in a badge of another colour than OK', async () => {
    const { page } = app;
    await openMethod(page, 'UnaryCall', 'TestService/UnaryCall');
    await setServerAddress(page, `127.0.0.1:${server.port}`);
    await setRequestJson(page, '{}');
    await send(page);
    const ok = statusBadge(page, 'OK', 0);
    await ok.waitFor();
    expect(await ok.innerText()).toMatch(/^OK\s*0$/);
    const okColour = await ok.evaluate(colourOf);

    await setRequestJson(page, '{"responseStatus": {"code": 5, "message": "no such user"}}');
    await send(page);
    const notFound = statusBadge(page, 'NOT_FOUND', 5);
    await notFound.waitFor();
    expect(await notFound.innerText()).toMatch(/^NOT_FOUND\s*5$/);
    await region(page).getByText('no such user').waitFor();
    expect(await notFound.evaluate(colourOf)).not.toBe(okColour);
    await page.screenshot({ path: screenshotPath('response-error-light.png') });
  });

  test('axe finds no serious or critical problem in the response region, light and dark', async () => {
    const { page } = app;
    // Evaluated as text: the app's CSP refuses an injected script tag, rightly.
    await page.evaluate(await readFile(require.resolve('axe-core/axe.min.js'), 'utf8'));
    const problems = (): Promise<string[]> =>
      page.evaluate(async () => {
        type Result = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
        const axe = (globalThis as unknown as { axe: { run(context: unknown): Promise<Result> } }).axe;
        const context = { include: [['[role="region"][aria-label="Response"]']] };
        const { violations } = await axe.run(context);
        return violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      });
    expect(await problems()).toEqual([]);
    await toggleTheme(page);
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
    expect(await problems()).toEqual([]);
    await toggleTheme(page);
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});
