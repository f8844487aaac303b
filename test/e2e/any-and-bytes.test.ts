import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startPyServer, type PyServer } from '../peers/py-grpc/server';
import {
  importByReflection,
  openMethod,
  requestEditor,
  requestEditorText,
  responseRegion,
  send,
  setRequestJson,
  setServerAddress,
  waitForMonaco,
  waitForStatus,
} from './helpers/app';
import { screenshotPath } from './helpers/paths';
import { openApp, type AppSession } from './helpers/session';

/** The page's clipboard, as far as reading the copied response needs it (the e2e project has no DOM types). */
type ClipboardHost = { navigator: { clipboard: { readText(): Promise<string> } } };

const describeRequestUrl = 'type.googleapis.com/protodesk.pyservice.v1.DescribeRequest';

/** An option of Monaco's suggestion list (the TLS select's options are options too, but never these names). */
const suggestion = (page: Page, name: RegExp) => page.getByRole('option', { name }).first();

/** The request editor's rendered lines. */
const requestEditorLines = (page: Page) =>
  page
    .locator('.monaco-editor')
    .filter({ has: requestEditor(page) })
    .first()
    .locator('.view-lines');

/** Chooses a file in the page's own path dialog (browser mode), once it lists its first folder. */
async function chooseInPathDialog(page: Page, title: string, file: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  // Typing before the first folder is listed would be overwritten by the listing.
  await dialog.getByRole('navigation', { name: 'Folder' }).getByRole('button').first().waitFor();
  await dialog.getByRole('textbox', { name: 'Path', exact: true }).fill(file);
  await dialog.getByRole('button', { name: 'Choose' }).click();
}

/** Pastes the request and waits until the editor shows it (the paste lands after the key press resolves). */
async function pasteRequest(page: Page, json: string, shown: string): Promise<void> {
  await setRequestJson(page, json);
  await expect.poll(() => requestEditorText(page)).toContain(shown);
}

/** Puts the cursor at the end of a line of the request editor (1-based), as a user clicking there would. */
async function cursorAtEndOfLine(page: Page, line: number): Promise<void> {
  await page.keyboard.press('ControlOrMeta+Home');
  for (let i = 1; i < line; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
}

/** The response's JSON, through "Copy response" and the clipboard (the view shows only what fits). */
async function copiedResponse(page: Page): Promise<unknown> {
  await responseRegion(page).getByRole('button', { name: 'Copy response' }).click();
  await responseRegion(page).getByRole('status').filter({ hasText: 'Copied' }).waitFor();
  return JSON.parse(
    await page.evaluate(() => (globalThis as unknown as ClipboardHost).navigator.clipboard.readText()),
  );
}

// google.protobuf.Any and bytes fields in the request editor, sent to a real Python grpcio server whose Echo answers
// with the request as Python's protobuf decoded it.
describe('building an Any and inserting a file into a bytes field', () => {
  let app: AppSession;
  let server: PyServer;
  let folder: string;

  beforeAll(async () => {
    [app, server, folder] = await Promise.all([
      openApp(),
      startPyServer({ schema: 'pyservice' }),
      mkdtemp(join(tmpdir(), 'protodesk-bytes-')),
    ]);
    const { page } = app;
    await importByReflection(page, `127.0.0.1:${server.port}`);
    // The size the README's screenshots are taken at.
    await page.setViewportSize({ width: 1280, height: 720 });
    await openMethod(page, 'Echo', 'KitchenService/Echo');
    await waitForMonaco(page);
    await setServerAddress(page, `127.0.0.1:${server.port}`);
  });
  afterAll(async () => {
    await Promise.all([app?.close(), server?.stop(), folder && rm(folder, { recursive: true, force: true })]);
  });

  test('completion offers "@type", then the schema’s types (own package first), then the chosen type’s fields', async () => {
    const { page } = app;
    await pasteRequest(page, '{\n  "anyValue": {\n    \n  }\n}', '"anyValue"');
    await cursorAtEndOfLine(page, 3);
    await page.keyboard.press('Control+Space');
    await suggestion(page, /^@type/).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => requestEditorText(page)).toContain('"@type": ');

    // Inside the value: every message type of the loaded schema, the method's own package first.
    await page.keyboard.press('Control+Space');
    const firstType = page.getByRole('option', { name: /^[\w.]+\.[A-Z]\w*/ }).first();
    await firstType.waitFor();
    expect(await firstType.getAttribute('aria-label')).toMatch(/^protodesk\.pyservice\.v1\.[A-Z]/);
    await page.keyboard.type('DescribeReq');
    await suggestion(page, /DescribeRequest/).waitFor();
    await page.screenshot({ path: screenshotPath('any-completion-types.png') });
    await page.keyboard.press('Enter');
    await expect.poll(() => requestEditorText(page)).toContain(`"@type": "${describeRequestUrl}"`);

    // The chosen type's fields come next, once the editor has the schema for it.
    await page.keyboard.press('End');
    await page.keyboard.type(',');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => {
        await page.keyboard.press('Escape');
        await page.keyboard.press('Control+Space');
        return suggestion(page, /^subjectLine/)
          .waitFor({ timeout: 1_000 })
          .then(
            () => true,
            () => false,
          );
      })
      .toBe(true);
    await expect(suggestion(page, /^knownOnly/).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: screenshotPath('any-completion.png') });
    await page.keyboard.type('subj');
    await page.keyboard.press('Enter');
    await page.keyboard.type('popcorn');
    await expect.poll(() => requestEditorText(page)).toContain('"subjectLine": "popcorn"');

    await send(page);
    await waitForStatus(page, 'OK');
    expect(await copiedResponse(page)).toEqual({
      anyValue: { '@type': describeRequestUrl, subjectLine: 'popcorn' },
    });
  });

  test('a field the chosen type lacks is marked before sending', async () => {
    const { page } = app;
    await pasteRequest(
      page,
      `{"anyValue": {"@type": "${describeRequestUrl}", "subjectLin": "typo"}}`,
      'subjectLin',
    );
    // Hovering the misspelt key shows the problem, as soon as the editor has the packed type's schema.
    const key = requestEditorLines(page).getByText('"subjectLin"');
    await expect
      .poll(async () => {
        await page.mouse.move(0, 0);
        await key.hover();
        return page
          .getByText(/^"subjectLin" is not a field of DescribeRequest\. Its fields: subjectLine,/)
          .first()
          .waitFor({ timeout: 1_000 })
          .then(
            () => true,
            () => false,
          );
      })
      .toBe(true);
  });

  test('in the dark theme, Ctrl+Space in an empty @type value lists the types', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await pasteRequest(page, '{\n  "anyValue": {\n    "@type": ""\n  }\n}', '"@type": ""');
    await cursorAtEndOfLine(page, 3);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Control+Space');
    await page
      .getByRole('option', { name: /^protodesk\.pyservice\.v1\./ })
      .first()
      .waitFor();
    await page.screenshot({ path: screenshotPath('any-completion-dark.png') });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Toggle theme' }).click();
  });

  test('Insert file as base64 puts a real file into a bytes field; the server echoes the same bytes', async () => {
    const { page } = app;
    const file = join(folder, 'report.bin');
    const bytes = randomBytes(1_234_567);
    await writeFile(file, bytes);
    await pasteRequest(page, '{\n  "bytesValue": ""\n}', '"bytesValue": ""');
    await cursorAtEndOfLine(page, 2);
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('button', { name: 'Insert file as base64' }).click();
    await chooseInPathDialog(page, 'Insert a file as base64', file);
    await page.getByRole('status').filter({ hasText: 'Inserted report.bin, 1.2 MB as base64' }).waitFor();
    await page.screenshot({ path: screenshotPath('bytes-inserted.png') });

    await send(page);
    await waitForStatus(page, 'OK');
    expect(await copiedResponse(page)).toEqual({ bytesValue: bytes.toString('base64') });
  });

  test('a file over 10 MiB is refused with the limit and what to do; the request is left as it was', async () => {
    const { page } = app;
    const file = join(folder, 'disk.img');
    await writeFile(file, '');
    await truncate(file, 11 * 1024 * 1024);
    await pasteRequest(page, '{\n  "bytesValue": "AQID"\n}', '"bytesValue": "AQID"');
    await cursorAtEndOfLine(page, 2);
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('button', { name: 'Insert file as base64' }).click();
    await chooseInPathDialog(page, 'Insert a file as base64', file);
    const refusal = page.getByRole('alert').filter({ hasText: 'disk.img is 11.0 MiB' });
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('up to 10 MiB');
    expect(await refusal.innerText()).toContain('Choose a smaller file');
    expect(await requestEditorText(page)).toContain('"bytesValue": "AQID"');
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});
