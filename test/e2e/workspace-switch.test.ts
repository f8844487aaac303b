// Issue 29 §1 from the page: opening another workspace asks what to do with the schemas and TLS profiles loaded,
// brings or leaves them and says so; a tab missing either shows the one-click fix; a reload shows the last response.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { grpcGoTestdata } from '../helpers/certs';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import { axeViolations, describeViolations, serious } from './helpers/axe';
import {
  importInteropProtos,
  openMethod,
  responseRegion,
  send,
  setRequestJson,
  setServerAddress,
  waitForStatus,
} from './helpers/app';
import { screenshotPath } from './helpers/paths';
import { openApp, type AppSession } from './helpers/session';

const switchDialog = (page: Page) => page.getByRole('dialog', { name: 'Switch workspace' });
const tlsChoice = (page: Page) => page.getByRole('combobox', { name: 'TLS', exact: true });
const bringSource = (page: Page) =>
  page.getByRole('button', { name: /^Bring test\.proto into this workspace$/ });
const bringProfile = (page: Page) => page.getByRole('button', { name: 'Bring testca into this workspace' });

/** Every file under a folder with its text, to show nothing in it changed. */
async function contents(folder: string): Promise<Record<string, string>> {
  const names = (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
  const texts = await Promise.all(names.map((name) => readFile(name, 'utf8')));
  return Object.fromEntries(names.map((name, i) => [name, texts[i] ?? '']).sort());
}

describe('switching workspace with schemas, a TLS profile and a tab', () => {
  let app: AppSession;
  let server: GoReflectServer;
  let scratch: string;
  const certs = grpcGoTestdata();

  /** Picks `folder` in "Open workspace…"; the "Switch workspace" dialog is then up. */
  const chooseWorkspace = async (folder: string): Promise<void> => {
    const { page } = app;
    await page.getByRole('button', { name: 'Open workspace…' }).click();
    const chooser = page.getByRole('dialog', { name: 'Open a folder as the workspace' });
    const path = chooser.getByRole('textbox', { name: 'Path' });
    // The dialog fills the field with the folder it lists first; typing before that would be overwritten.
    await expect.poll(() => path.inputValue()).not.toBe('');
    await path.fill(folder);
    await chooser.getByRole('button', { name: 'Choose' }).click();
    await chooser.waitFor({ state: 'hidden' });
    await switchDialog(page).waitFor();
  };
  const workspaceName = () => app.page.locator('.pd-workspace-name');
  const sendOk = async (): Promise<void> => {
    await send(app.page);
    await waitForStatus(app.page, 'OK');
  };

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'protodesk-e2e-switch-'));
    [app, server] = await Promise.all([openApp(), startGoReflect({ cert: certs.cert, key: certs.key })]);
    const { page } = app;
    // A TLS profile in the default workspace, as the TLS panel would save it.
    await mkdir(join(app.dataDir, 'workspace', 'tls'), { recursive: true });
    const profile = { format: 1, mode: 'customCa', caFiles: [certs.ca], serverName: 'foo.test.google.fr' };
    await writeFile(
      join(app.dataDir, 'workspace', 'tls', 'testca.json'),
      `${JSON.stringify(profile, null, 2)}\n`,
    );
    await importInteropProtos(page);
    await openMethod(page, 'UnaryCall', 'TestService/UnaryCall');
    await setServerAddress(page, `127.0.0.1:${server.port}`);
    await setRequestJson(page, '{"responseSize": 4}');
    await tlsChoice(page).locator('option', { hasText: 'testca' }).waitFor({ state: 'attached' });
    await tlsChoice(page).selectOption({ label: 'testca' });
    await sendOk();
  });
  afterAll(async () => {
    await Promise.all([app?.close(), server?.stop()]);
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  test('opening an empty folder asks first, naming the schema, the TLS profile and the tab; Cancel opens nothing', async () => {
    const { page } = app;
    await chooseWorkspace(join(scratch, 'untouched'));
    const dialog = switchDialog(page);
    const text = await dialog.innerText();
    expect(text).toContain('Schema: test.proto');
    expect(text).toContain('TLS profile: testca');
    expect(text).toContain('1 open tab');
    await dialog.getByRole('button', { name: 'Bring them into untouched' }).waitFor();
    await dialog.getByRole('button', { name: 'Keep schemas for this session' }).waitFor();
    const found = serious(await axeViolations(page));
    expect(found, describeViolations(found)).toEqual([]);
    await page.screenshot({ path: screenshotPath('workspace-switch.png') });
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await workspaceName().innerText()).toBe('Default workspace');
    await expect(readdir(join(scratch, 'untouched'))).rejects.toThrow();
  });

  test('leaving them: the notice says what stayed behind, and the tab’s banner brings each back in one click', async () => {
    const { page } = app;
    const defaultBefore = await contents(join(app.dataDir, 'workspace'));
    const folder = join(scratch, 'left');
    await chooseWorkspace(folder);
    await switchDialog(page).getByRole('button', { name: 'Leave them in Default workspace' }).click();
    await expect.poll(() => workspaceName().innerText()).toBe('left');

    const notice = page.getByRole('status', { name: 'Opened left' });
    await expect.poll(() => notice.innerText()).toContain('Schemas left in Default workspace: test.proto.');
    expect(await notice.innerText()).toContain('TLS profiles left in Default workspace: testca.');
    const banner = page.getByRole('region', { name: 'Request' }).getByRole('alert');
    await bringSource(page).waitFor();
    await bringProfile(page).waitFor();
    await page.getByRole('button', { name: 'Use no TLS profile' }).waitFor();
    expect(await banner.first().innerText()).toContain('The schema test.proto was left in Default workspace');
    await page.screenshot({ path: screenshotPath('workspace-switch-missing.png') });
    for (const colorScheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme });
      const themed = serious(await axeViolations(page));
      expect(themed, `${colorScheme}: ${describeViolations(themed)}`).toEqual([]);
    }

    await bringSource(page).click();
    await bringSource(page).waitFor({ state: 'hidden' });
    await bringProfile(page).click();
    await bringProfile(page).waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.getByRole('status', { name: 'Brought into left from Default workspace' }).count())
      .toBe(1);
    await sendOk();

    const manifest = JSON.parse(await readFile(join(folder, 'protodesk.json'), 'utf8')) as {
      sources: unknown[];
    };
    expect(manifest.sources).toHaveLength(1);
    expect(JSON.parse(await readFile(join(folder, 'tls', 'testca.json'), 'utf8'))).toMatchObject({
      mode: 'customCa',
      caFiles: [certs.ca],
    });
    expect(await contents(join(app.dataDir, 'workspace'))).toEqual(defaultBefore);
  });

  test('bringing them: both are copied in, the notice lists each, and the tab keeps working', async () => {
    const { page } = app;
    const leftBefore = await contents(join(scratch, 'left'));
    const folder = join(scratch, 'brought');
    await chooseWorkspace(folder);
    await switchDialog(page).getByRole('button', { name: 'Bring them into brought' }).click();

    const notice = page.getByRole('status', { name: 'Brought into brought from left' });
    await expect
      .poll(() => notice.innerText())
      .toContain("Schema test.proto: added to brought's protodesk.json.");
    expect(await notice.innerText()).toContain('TLS profile testca: copied to tls/testca.json.');
    expect(await notice.innerText()).toContain('Nothing in left was changed.');
    await page.screenshot({ path: screenshotPath('workspace-switch-notice.png') });
    expect(await bringSource(page).count()).toBe(0);
    await sendOk();
    expect(await readdir(join(folder, 'tls'))).toEqual(['testca.json']);
    expect(await contents(join(scratch, 'left'))).toEqual(leftBefore);
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'hidden' });
  });

  test('a reload restores the tab with its last response, from History', async () => {
    const { page } = app;
    await page.reload();
    await page.getByRole('tab', { name: 'TestService/UnaryCall', selected: true }).waitFor();
    const response = responseRegion(page);
    await response.getByText(/^From history/).waitFor();
    await response
      .getByText(/AAAAAA==/)
      .first()
      .waitFor();
    await waitForStatus(page, 'OK');
    await page.screenshot({ path: screenshotPath('workspace-reload-response.png') });
  });

  test('keeping the schemas for the session: the tab keeps its schema, and its TLS profile offers the fixes', async () => {
    const { page } = app;
    const folder = join(scratch, 'kept');
    await chooseWorkspace(folder);
    await switchDialog(page).getByRole('button', { name: 'Keep schemas for this session' }).click();
    const notice = page.getByRole('status', { name: 'Opened kept' });
    await expect
      .poll(() => notice.innerText())
      .toContain('Kept loaded until Protodesk closes, saved in neither workspace: test.proto.');
    expect(await bringSource(page).count()).toBe(0);
    await page.getByRole('button', { name: 'Use no TLS profile' }).click();
    await bringProfile(page).waitFor({ state: 'hidden' });
    // The server speaks TLS: with the tab's own plaintext setting the call now fails, as it should.
    await send(page);
    await waitForStatus(page, 'UNAVAILABLE');
    const manifest = JSON.parse(await readFile(join(folder, 'protodesk.json'), 'utf8')) as {
      sources: unknown[];
    };
    expect(manifest.sources).toEqual([]);
    expect(basename(folder)).toBe('kept');
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});
