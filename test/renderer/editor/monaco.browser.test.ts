// The real editor in real Chromium: the bundle built like the app's, served under the app's CSP.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildPage, csp } from './page/build-page';
import { launchChromium } from '../../e2e/helpers/chromium';
import { serveStatic } from './page/serve-static';

let browser: Browser;
let page: Page;
let stop: () => Promise<void>;
let outdir: string;
const consoleLines: string[] = [];
const workerUrls: string[] = [];

beforeAll(async () => {
  outdir = await mkdtemp(join(tmpdir(), 'protodesk-editor-page-'));
  await buildPage(outdir);
  const server = await serveStatic(outdir, csp);
  stop = server.stop;
  browser = await launchChromium();
  page = await browser.newPage();
  page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => consoleLines.push(`pageerror: ${error.message}`));
  page.on('worker', (worker) => workerUrls.push(worker.url()));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  await page.goto(server.url);
  await page.locator('.monaco-editor').first().waitFor();
});

afterAll(async () => {
  await browser?.close();
  await stop?.();
  if (outdir) await rm(outdir, { recursive: true, force: true });
});

const request = (): ReturnType<Page['getByRole']> => page.getByRole('textbox', { name: 'Request JSON' });
const value = async (): Promise<string> =>
  (await page.locator('output[aria-label="Value"]').textContent()) ?? '';

const sample = '{\n  "mood": "HAPPY"\n}';
const requestView = (): ReturnType<Page['locator']> => page.locator('.monaco-editor').first();
/**
 * Rests the mouse on the middle of the first `target` (by coordinates: Monaco's text layer lies above squiggles) and
 * returns the hover's text once it shows ('' while there is no such target or hover yet: the caller polls).
 */
async function hoverTextOver(target: ReturnType<Page['locator']>): Promise<string> {
  await page.mouse.move(0, 0);
  const box = await target.first().boundingBox();
  if (!box) return '';
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const hover = page.locator('.monaco-hover:not(.hidden)');
  await hover
    .first()
    .waitFor({ timeout: 2_000 })
    .catch(() => undefined);
  const text = (await hover.allInnerTexts()).join('\n');
  await page.mouse.move(0, 0);
  return text;
}

/** Puts the caret just after the `{` of the request's first line. */
async function caretInsideBraces(): Promise<void> {
  await request().focus();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('ArrowRight');
}

describe('JsonEditor in Chromium', () => {
  test('Monaco replaces the fallback and its text box carries the accessible name', async () => {
    await expect(request().getAttribute('class')).resolves.toMatch(
      /inputarea|ime-text-area|native-edit-context/,
    );
    // Monaco's own CSS arrived (it is bundled into app.css): its overflow guard clips.
    const overflow = await page
      .locator('.monaco-editor .overflow-guard')
      .first()
      .evaluate((el) => getComputedStyle(el).overflow);
    expect(overflow).toBe('hidden');
  });

  test('typing inside {} offers the schema fields and Enter accepts one', async () => {
    await caretInsideBraces();
    await page.keyboard.type('na');
    const suggestion = page.locator('.suggest-widget.visible .monaco-list-row', { hasText: 'name' });
    await suggestion.first().waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(value).toContain('"name"');
  });

  test('fast typing keeps every keystroke, in order, while the controlled value catches up', async () => {
    await page.getByRole('button', { name: 'Reset to sample' }).click();
    await expect.poll(value).toBe(sample);
    await request().focus();
    await page.keyboard.press('Control+End');
    const typed = ' 1234567890 abcdefghij 1234567890 klmnopqrst';
    await page.keyboard.type(typed);
    await expect.poll(value).toBe(sample + typed);
  });

  test('hovering a field shows its description', async () => {
    await page.getByRole('button', { name: 'Reset to sample' }).click();
    const mood = requestView().locator('.view-line span span', { hasText: '"mood"' });
    await expect.poll(() => hoverTextOver(mood), { timeout: 10_000 }).toContain('How the greeting sounds.');
  });

  test('the schema flags an unknown field', async () => {
    await page.getByRole('button', { name: 'Load unknown field' }).click();
    const warning = requestView().locator('.squiggly-warning');
    await expect
      .poll(() => hoverTextOver(warning), { timeout: 10_000 })
      .toContain('Property bogus is not allowed.');
  });

  test('an outside value change reaches Monaco and can be undone', async () => {
    await page.getByRole('button', { name: 'Load unknown field' }).click();
    await page.getByRole('button', { name: 'Reset to sample' }).click();
    await expect.poll(() => requestView().locator('.view-lines').innerText()).toContain('"HAPPY"');
    await request().focus();
    await page.keyboard.press('Control+z');
    await expect.poll(value).toBe('{"bogus": 1}');
  });

  test('Ctrl+Enter runs, and focusEditor brings the keyboard back', async () => {
    await request().focus();
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => page.locator('output[aria-label="Runs"]').textContent()).toBe('1');
    await page.getByRole('button', { name: 'Focus request' }).click();
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => page.locator('output[aria-label="Runs"]').textContent()).toBe('2');
  });

  test('the theme prop switches Monaco between light and dark', async () => {
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await expect.poll(() => requestView().getAttribute('class')).toContain('vs-dark');
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await expect.poll(() => requestView().getAttribute('class')).not.toContain('vs-dark');
  });

  test('the problem prop shows an error marker with its message, and clearing it removes the marker', async () => {
    await page.getByRole('button', { name: 'Reset to sample' }).click();
    const errors = requestView().locator('.squiggly-error');
    await expect.poll(() => errors.count()).toBe(0);
    await page.getByRole('button', { name: 'Toggle problem' }).click();
    await expect
      .poll(() => hoverTextOver(errors), { timeout: 10_000 })
      .toContain('HAPPY is not a mood today');
    await page.getByRole('button', { name: 'Toggle problem' }).click();
    await expect.poll(() => errors.count()).toBe(0);
  });

  test('the read-only editor follows the value and refuses typing', async () => {
    await page.getByRole('button', { name: 'Reset to sample' }).click();
    const response = page.locator('.monaco-editor').nth(1);
    await expect.poll(() => response.locator('.view-lines').innerText()).toContain('"mood"');
    await page.getByRole('textbox', { name: 'Response JSON' }).focus();
    await page.keyboard.type('xyz');
    expect(await value()).toBe(sample);
  });

  test('workers start from their own files, with no CSP violation or worker fallback', () => {
    expect(workerUrls.some((url) => url.endsWith('/workers/json.worker.js'))).toBe(true);
    expect(workerUrls.some((url) => url.endsWith('/workers/editor.worker.js'))).toBe(true);
    const bad = consoleLines.filter((line) =>
      /CSP violation|Could not create web worker|pageerror|Refused to/.test(line),
    );
    expect(bad).toEqual([]);
  });
});
