import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deadPort, startSilentTcpServer, type FaultyServer } from '../helpers/misbehaving-server';
import {
  importInteropProtos,
  methodTree,
  openMethod,
  responseRegion,
  send,
  setRequestJson,
  setServerAddress,
  waitForStatus,
} from './helpers/app';
import { screenshotPath } from './helpers/paths';
import { openApp, type AppSession } from './helpers/session';

// Bad inputs a careful user tries in the page. Each ends with a message that says what is wrong and what to do, and
// leaves the files on disk as they were: a broken .proto, invalid request JSON, a dead server, a socket that accepts
// but never speaks HTTP/2 (called, and asked for reflection), and Cancel after a failed import.
describe('bad inputs in the page', () => {
  let app: AppSession;
  let silent: FaultyServer;
  let scratch: string;
  const brokenProto = 'syntax = "proto3";\n\nmessage Broken {\n  string name = ;\n}\n';

  /** The default workspace's manifest, byte for byte ('' while it does not exist). */
  const manifest = (): Promise<string> =>
    readFile(join(app.dataDir, 'workspace', 'protodesk.json'), 'utf8').catch(() => '');

  beforeAll(async () => {
    [app, silent, scratch] = await Promise.all([
      openApp(),
      startSilentTcpServer(),
      mkdtemp(join(tmpdir(), 'protodesk-e2e-bad-')),
    ]);
    await mkdir(join(scratch, 'broken'));
    await writeFile(join(scratch, 'broken', 'broken.proto'), brokenProto);
    // Once the workspace's name shows, the engine has opened it: from then on protodesk.json is what it will be.
    await app.page.getByText('Default workspace', { exact: true }).waitFor();
  });
  afterAll(async () => {
    await Promise.all([app?.close(), silent?.close()]);
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  /** Fills the "Import protos" dialog for a proto folder, presses Import and returns the dialog once it shows an alert. */
  async function failedFolderImport(page: Page, folder: string): Promise<Locator> {
    await page.getByRole('button', { name: 'Import protos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import protos' });
    await dialog.getByRole('radio', { name: 'Proto folder' }).check();
    await dialog.getByRole('textbox', { name: 'Path', exact: true }).fill(folder);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByRole('alert').waitFor();
    return dialog;
  }

  test('a broken .proto: the dialog names file:line:column; Cancel removes it and protodesk.json is unchanged', async () => {
    const { page } = app;
    const before = await manifest();
    const dialog = await failedFolderImport(page, join(scratch, 'broken'));
    const alert = dialog.getByRole('alert');
    expect(await alert.innerText()).toContain('Could not load broken');
    await alert.getByText('broken.proto:4:17').waitFor();
    await page.screenshot({ path: screenshotPath('bad-inputs-broken-proto.png') });

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('No schemas yet').waitFor();
    expect(await methodTree(page).getByRole('treeitem', { name: 'broken' }).count()).toBe(0);
    expect(await manifest()).toBe(before);
    expect(await readFile(join(scratch, 'broken', 'broken.proto'), 'utf8')).toBe(brokenProto);
  });

  test('invalid JSON in the request editor: Send says where it is wrong and sends nothing', async () => {
    const { page } = app;
    await importInteropProtos(page);
    await openMethod(page, 'UnaryCall', 'TestService/UnaryCall');
    await setServerAddress(page, silent.target);
    await setRequestJson(page, '{"responseSize": 4,');
    await send(page);
    await page
      .getByRole('alert')
      .getByText(
        'Invalid JSON at line 1, column 20: expected a property name in double quotes, got end of input',
      )
      .waitFor();
    await page.screenshot({ path: screenshotPath('bad-inputs-invalid-json.png') });
    // No call started: the response side still invites a first Send, and the server never saw a connection.
    await responseRegion(page).getByText('Send a request to see what UnaryCall answers.').waitFor();
    expect(silent.accepted()).toBe(0);
  });

  test('a dead server: UNAVAILABLE, connection refused with a hint, and 0 sent', async () => {
    const { page } = app;
    const port = await deadPort();
    await setServerAddress(page, `127.0.0.1:${port}`);
    await setRequestJson(page, '{"responseSize": 4}');
    await send(page);
    await waitForStatus(page, 'UNAVAILABLE');
    const region = responseRegion(page);
    await region
      .getByText(`Cannot reach 127.0.0.1:${port}: connection refused — is the server running?`)
      .waitFor();
    await region.getByText('Check the host and port.').waitFor();
    expect(await region.innerText()).toMatch(/(^|\D)0 sent/);
    await page.screenshot({ path: screenshotPath('bad-inputs-dead-server.png') });
  });

  test('a socket that never speaks HTTP/2: Connecting… counts the seconds, Cancel stops it, 0 sent', async () => {
    const { page } = app;
    await setServerAddress(page, silent.target);
    await setRequestJson(page, '{"responseSize": 4}');
    await send(page);
    const region = responseRegion(page);
    await region.getByRole('status').getByText('Connecting…').waitFor();
    await region.getByText('Connecting to the server…').waitFor();
    await region.getByText('2 s', { exact: true }).waitFor({ timeout: 5_000 });
    // The request side (next to Cancel) agrees: connecting, not yet waiting for a response.
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /^Connecting…$/ })
        .count(),
    ).toBe(2);
    const cancel = page.getByRole('button', { name: 'Cancel', exact: true });
    expect(await cancel.isEnabled()).toBe(true);
    await page.screenshot({ path: screenshotPath('bad-inputs-connecting.png') });
    await cancel.click();
    await waitForStatus(page, 'CANCELLED');
    expect(await region.innerText()).toMatch(/(^|\D)0 sent/);
    expect(await region.getByText('Connecting…').count()).toBe(0);
  });

  test('left alone, that call ends after 20 s saying the server accepted the connection but never spoke HTTP/2', async () => {
    const { page } = app;
    await send(page);
    await waitForStatus(page, 'UNAVAILABLE', 30_000);
    const region = responseRegion(page);
    await region
      .getByText(
        `Could not connect to ${silent.target} within 20 s: the server accepted the connection but never spoke HTTP/2.`,
      )
      .waitFor();
    await region
      .getByText(
        `Is it a gRPC server, and is this its port? If it needs TLS, switch TLS on (or write grpcs://${silent.target}).`,
      )
      .waitFor();
    expect(await region.innerText()).toMatch(/(^|\D)0 sent/);
    await page.screenshot({ path: screenshotPath('bad-inputs-connect-timeout.png') });
  });

  test('reflection from that socket: the dialog says what is there, and Cancel leaves protodesk.json as it was', async () => {
    const { page } = app;
    const before = await manifest();
    expect(before).toContain('test.proto');
    await page.getByRole('button', { name: 'Import from server reflection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import from server reflection' });
    await dialog.getByRole('textbox', { name: 'Server address' }).fill(silent.target);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor({ timeout: 20_000 });
    const text = await alert.innerText();
    expect(text).toContain(
      `Could not connect to ${silent.target} within 10 s: the server accepted the connection but never spoke HTTP/2.`,
    );
    expect(text).toContain('Is it a gRPC server, and is this its port? If it needs TLS, switch TLS on');
    expect(text).not.toContain('raise the timeout');
    await page.screenshot({ path: screenshotPath('bad-inputs-reflection-timeout.png') });

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => methodTree(page).getByRole('treeitem', { name: silent.target }).count()).toBe(0);
    expect(await manifest()).toBe(before);
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});
