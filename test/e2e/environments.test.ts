import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import {
  addMetadata,
  createEnvironment,
  importInteropProtos,
  openMethod,
  send,
  setRequestJson,
  setServerAddress,
  waitForStatus,
} from './helpers/app';
import { openApp, type AppSession } from './helpers/session';

/** A port nothing listens on: bound once by the OS, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Every file under a folder, recursively. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** The open workspace's folder, as the top bar's workspace name tells it (its title). */
async function workspaceFolder(page: Page): Promise<string> {
  const folder = await page.getByText('Default workspace', { exact: true }).getAttribute('title');
  if (!folder) throw new Error('the workspace name does not tell its folder');
  return folder;
}

// Issue 5 §2 from the page: environments fill {{variables}}; switching them changes where calls go; secrets stay out.
describe('environments and variables in the page', () => {
  let app: AppSession;
  let server: GoReflectServer;
  let workspace: string;
  const secrets = [`good-secret-${Date.now()}`, `bad-secret-${Date.now()}`];

  beforeAll(async () => {
    // The default workspace: each serve of the e2e suite has a fresh data folder of its own.
    [app, server] = await Promise.all([openApp(), startGoReflect()]);
    workspace = await workspaceFolder(app.page);
    await importInteropProtos(app.page);
    await openMethod(app.page, 'UnaryCall', 'TestService/UnaryCall');
  });
  afterAll(async () => {
    await Promise.all([app?.close(), server?.stop()]);
  });

  test('environments "good" and "bad" are created in the Environments dialog, a secret in each', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Environments', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Environments' });
    await createEnvironment(dialog, 'good', [
      { name: 'host', value: `127.0.0.1:${server.port}` },
      { name: 'token', value: secrets[0] ?? '', secret: true },
    ]);
    await createEnvironment(dialog, 'bad', [
      { name: 'host', value: `127.0.0.1:${await closedPort()}` },
      { name: 'token', value: secrets[1] ?? '', secret: true },
    ]);
    // Saved secrets show as empty password boxes saying "stored".
    const token = dialog
      .getByRole('region', { name: 'Environment bad' })
      .getByRole('row')
      .nth(2)
      .getByLabel('Value');
    expect(await token.inputValue()).toBe('');
    expect(await token.getAttribute('placeholder')).toBe('stored');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  test('Send goes to the selected environment’s host: OK with "good", UNAVAILABLE with "bad"', async () => {
    const { page } = app;
    await setServerAddress(page, '{{host}}');
    await setRequestJson(page, '{"responseSize": 4}');
    // The secret travels as metadata: the call fails unless {{token}} resolved.
    await addMetadata(page, 'x-token', '{{token}}');
    const environment = page.getByRole('combobox', { name: 'Environment' });
    await environment.selectOption('good');
    await send(page);
    await waitForStatus(page, 'OK');
    await environment.selectOption('bad');
    await send(page);
    await waitForStatus(page, 'UNAVAILABLE');
  });

  test('with "No environment" sending is blocked by a message naming the variable', async () => {
    const { page } = app;
    await page.getByRole('combobox', { name: 'Environment' }).selectOption({ label: 'No environment' });
    await send(page);
    await page
      .getByText(/Unresolved variables? .*\{\{host\}\}/)
      .first()
      .waitFor();
  });

  test('no secret value is in any file of the workspace folder', async () => {
    const files = await filesUnder(workspace);
    expect(files.map((file) => file.slice(workspace.length + 1)).sort()).toEqual(
      expect.arrayContaining(['environments/bad.json', 'environments/good.json']),
    );
    const good = JSON.parse(await readFile(join(workspace, 'environments', 'good.json'), 'utf8')) as {
      secrets: string[];
    };
    expect(good.secrets).toEqual(['token']);
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      for (const secret of secrets) expect(text, file).not.toContain(secret);
    }
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});
