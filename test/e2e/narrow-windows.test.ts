import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import { startPyServer, type PyServer } from '../peers/py-grpc/server';
import { importByReflection, methodItem, methodTree, openMethod } from './helpers/app';
import { expectTopBarFits, focused, lineCount, truncated } from './helpers/layout';
import { screenshotPath } from './helpers/paths';
import { openApp, type AppSession } from './helpers/session';

// Issue 29, narrow windows: at 1024×700 and 1280×720 the top bar fits (its dialog buttons move under More when
// they would not), Send stays one line, long names in the sidebar lose their middle with the full name kept, and two
// reflection sources on one host show their port and service count; the two reflection services show their package.
describe.each([
  [1024, 700],
  [1280, 720],
] as const)('a %i×%i window', (width, height) => {
  let app: AppSession;
  let go: GoReflectServer;
  let python: PyServer;

  beforeAll(async () => {
    [app, go, python] = await Promise.all([
      openApp(),
      startGoReflect(),
      startPyServer({ schema: 'pyservice' }),
    ]);
    await app.page.setViewportSize({ width, height });
    await importByReflection(app.page, `127.0.0.1:${go.port}`);
    await importByReflection(app.page, `127.0.0.1:${python.port}`);
    await openMethod(app.page, 'UnaryCall', 'TestService/UnaryCall');
  });
  afterAll(async () => {
    await Promise.all([app?.close(), go?.stop(), python?.stop()]);
  });

  test('nothing in the top bar overlaps, and all of it is inside the window', async () => {
    await expectTopBarFits(app.page, width);
    await app.page.screenshot({ path: screenshotPath(`narrow-${width}.png`) });
  });

  test('nor at the widths around where the dialog buttons move under More', async () => {
    for (const between of [width - 1, width + 1, 1239, 1240, 1241, 1242, 1300]) {
      await app.page.setViewportSize({ width: between, height });
      await expectTopBarFits(app.page, between);
    }
    await app.page.setViewportSize({ width, height });
  });

  test('the dialogs of the bar are buttons when they fit, else items of the More menu, which works by keyboard', async () => {
    const { page } = app;
    const more = page.getByRole('button', { name: 'More' });
    if (width >= 1280) {
      await page.getByRole('button', { name: 'TLS profiles' }).waitFor();
      expect(await more.count()).toBe(0);
      return;
    }
    expect(await page.getByRole('button', { name: 'TLS profiles' }).count()).toBe(0);
    expect(await more.getAttribute('aria-haspopup')).toBe('menu');
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'More' });
    await menu.waitFor();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual([
      'Environments',
      'TLS profiles',
      'Paste grpcurl command',
    ]);
    await page.screenshot({ path: screenshotPath('narrow-1024-more.png') });
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await focused(more)).toBe(true);

    await page.keyboard.press('Enter');
    await expect.poll(() => focused(menu.getByRole('menuitem', { name: 'Environments' }))).toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focused(menu.getByRole('menuitem', { name: 'TLS profiles' }))).toBe(true);
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'TLS profiles' });
    await panel.waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
  });

  test('Send stays one line high, for a unary call and for a bidi stream', async () => {
    const { page } = app;
    const send = page.getByRole('button', { name: 'Send', exact: true });
    expect(await lineCount(send)).toBe(1);
    await methodItem(page, 'ServerReflectionInfo').first().dblclick();
    await page.getByRole('button', { name: 'End stream' }).waitFor();
    expect(await lineCount(send)).toBe(1);
    const cancel = page.getByRole('button', { name: 'Cancel', exact: true });
    expect((await send.boundingBox())?.height).toBe((await cancel.boundingBox())?.height);
  });

  test('two reflection sources on one host show their address in full and their service count', async () => {
    const tree = methodTree(app.page);
    const captions: string[] = [];
    for (const port of [go.port, python.port]) {
      const source = tree.getByRole('treeitem', { name: `127.0.0.1:${port}` });
      await source.waitFor();
      expect(await truncated(source.locator('.pd-tree-label'))).toBe(false);
      const caption = (await source.locator('.pd-tree-caption').first().innerText()).trim();
      expect(caption).toMatch(/^reflection · \d+ services?$/);
      expect(await source.getAttribute('aria-label')).toContain(caption);
      captions.push(caption);
    }
    // grpc-go serves the interop services and Python its own few: the counts differ as well as the ports.
    expect(captions[0]).not.toBe(captions[1]);
  });

  test('the v1 and v1alpha reflection services are named with their package', async () => {
    const tree = methodTree(app.page);
    for (const version of ['v1', 'v1alpha']) {
      const services = tree.getByRole('treeitem', {
        name: `ServerReflection grpc.reflection.${version}`,
        exact: true,
      });
      expect(await services.count()).toBe(2);
      // The package's end (its version) is what shows when the package is cut.
      expect(await services.first().locator('.pd-tree-package .pd-middle-tail').innerText()).toBe(
        `.${version}`,
      );
      expect(await services.first().locator('.pd-tree-package .pd-middle-tail').isVisible()).toBe(true);
    }
  });

  test('a name too long for the sidebar loses its middle, and keeps its full name for hover and screen readers', async () => {
    const item = methodItem(app.page, 'StreamingOutputCall').first();
    await item.waitFor();
    expect(await item.locator('.pd-tree-row').getAttribute('title')).toContain(
      'grpc.testing.TestService.StreamingOutputCall',
    );
    expect(await item.locator('.pd-middle-tail').innerText()).toBe('Call');
    if (width === 1024) expect(await truncated(item.locator('.pd-tree-label'))).toBe(true);
    await app.page.screenshot({ path: screenshotPath(`narrow-${width}-sidebar.png`) });
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});
