import { readFile, rm } from 'node:fs/promises';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cases, type BadInputCase } from '../fixtures/bad-inputs/cases';
import { importProtos, openMethod, send, setRequestJson, setServerAddress } from '../e2e/helpers/app';
import { openApp, type AppSession } from '../e2e/helpers/session';
import { makeTestPki, type TestPki } from '../helpers/certs';
import { deadPort } from '../helpers/misbehaving-server';
import { caseFolder, diskState, expectedOf, tlsFiles, type CaseFolder } from './case-folder';

// The page's subset of the corpus through the real UI in browser mode (one page session, cases in sequence): a broken
// .proto folder and a garbage descriptor set in the "Import protos" dialog, bad request JSON typed and sent, bad TLS
// files picked in the TLS panel. The page shows the service's message (the table's), and each case's folder is unchanged.
describe('the bad-input corpus in the page', () => {
  let app: AppSession;
  let pki: TestPki;
  let target: string;
  const folders: string[] = [];
  const pageCases = (group: BadInputCase['group']) =>
    cases.filter((c) => c.page && c.group === group).map((c) => [c.name, c] as const);

  beforeAll(async () => {
    [app, pki, target] = await Promise.all([
      openApp(),
      makeTestPki(),
      deadPort().then((port) => `127.0.0.1:${port}`),
    ]);
  });
  afterAll(async () => {
    await Promise.all([app?.close(), pki?.remove()]);
    await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  /** Lays out the case, runs `act` in the page, and checks the case's folder is byte for byte (and mtime) unchanged. */
  async function run(testCase: BadInputCase, act: (folder: CaseFolder) => Promise<void>): Promise<void> {
    const folder = await caseFolder(testCase, pki);
    folders.push(folder.dir);
    const before = await diskState(folder.dir);
    await act(folder);
    expect(await diskState(folder.dir)).toEqual(before);
  }

  /** An expected text's pattern, unanchored: it is part of what a region shows. */
  const within = (pattern: RegExp): RegExp => new RegExp(pattern.source.slice(1, -1), 's');

  /**
   * The shown text holds the case's location, message and hint (in that order), and never its decoy. A request's
   * location is not in the text: the page marks it in the editor, where the person is typing.
   */
  function expectShown(text: string, testCase: BadInputCase, folder: CaseFolder): void {
    const { location, message, hint } = expectedOf(testCase, folder);
    const shown = testCase.group === 'request' ? [message, hint] : [location, message, hint];
    const parts = shown.flatMap((p) => (p ? [within(p).source] : []));
    expect(text).toMatch(new RegExp(parts.join('\\s*'), 's'));
    if (testCase.decoy) expect(text).not.toContain(testCase.decoy);
  }

  /** Imports through the "Import protos" dialog, returns what its alert says, and cancels. */
  async function failedImport(mode: 'Proto folder' | 'Descriptor set', path: string): Promise<string> {
    const { page } = app;
    await page.getByRole('button', { name: 'Import protos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import protos' });
    await dialog.getByRole('radio', { name: mode }).check();
    await dialog.getByRole('textbox', { name: 'Path', exact: true }).fill(path);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    const text = await alert.innerText();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    return text;
  }

  test.each(pageCases('proto'))('importing a proto folder: %s', async (_name, testCase) => {
    await run(testCase, async (folder) => {
      expectShown(await failedImport('Proto folder', folder.dir), testCase, folder);
    });
  });

  test.each(pageCases('descriptorSet'))('importing a descriptor set: %s', async (_name, testCase) => {
    await run(testCase, async (folder) => {
      expectShown(await failedImport('Descriptor set', folder.file), testCase, folder);
    });
  });

  let schemaImported = false;
  test.each(pageCases('request'))('a request, typed and sent: %s', async (_name, testCase) => {
    const { page } = app;
    await run(testCase, async (folder) => {
      if (!schemaImported) {
        await importProtos(page, { mode: 'Proto files', path: folder.schema });
        await openMethod(page, 'Say', 'EchoService/Say');
        await setServerAddress(page, target);
        schemaImported = true;
      }
      await setRequestJson(page, await readFile(folder.file, 'utf8'));
      await send(page);
      const alert = page.getByRole('alert').filter({ hasText: within(expectedOf(testCase, folder).message) });
      await alert.first().waitFor();
      expectShown(await alert.first().innerText(), testCase, folder);
    });
  });

  let editor: Locator | undefined;
  test.each(pageCases('tls'))('a TLS profile checked in the TLS panel: %s', async (_name, testCase) => {
    const { page } = app;
    if (!editor) {
      await page.getByRole('button', { name: 'TLS profiles' }).click();
      const panel = page.getByRole('dialog', { name: 'TLS profiles' });
      await panel.getByRole('textbox', { name: 'Profile name' }).fill('corpus');
      await panel.getByRole('button', { name: 'New profile' }).click();
      editor = panel.getByRole('region', { name: 'TLS profile corpus' });
      await editor.getByRole('combobox', { name: 'Mode' }).selectOption({ label: 'Mutual TLS' });
    }
    const fields = editor;
    await run(testCase, async (folder) => {
      const files = tlsFiles(testCase, folder);
      await fields.getByRole('textbox', { name: 'CA certificate' }).fill(files.ca);
      await fields.getByRole('textbox', { name: 'Client certificate' }).fill(files.cert);
      await fields.getByRole('textbox', { name: 'Client key' }).fill(files.key);
      const details = fields.getByRole('region', { name: 'Certificate details' });
      await details.getByText(within(expectedOf(testCase, folder).message)).waitFor();
      expectShown(await details.innerText(), testCase, folder);
    });
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});
