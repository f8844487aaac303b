import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import { methodItem, methodTree, openMethod } from './helpers/app';
import { openApp, type AppSession } from './helpers/session';

const token = 'e2e-secret';

// Importing from a server whose reflection needs `authorization: Bearer <token>` metadata: refused without it, the
// dialog stays open with the server's reason, and the retry with the metadata loads the services.
describe('import from server reflection with metadata', () => {
  let app: AppSession;
  let server: GoReflectServer;

  beforeAll(async () => {
    [app, server] = await Promise.all([openApp(), startGoReflect({ requireToken: token })]);
  });
  afterAll(async () => {
    await Promise.all([app?.close(), server?.stop()]);
  });

  const dialog = () => app.page.getByRole('dialog', { name: 'Import from server reflection' });

  test('without the token the server refuses, and the dialog says why', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Import from server reflection' }).click();
    await dialog().getByRole('textbox', { name: 'Server address' }).fill(`127.0.0.1:${server.port}`);
    await dialog().getByRole('combobox', { name: 'TLS', exact: true }).selectOption({ label: 'Plaintext' });
    await dialog().getByRole('button', { name: 'Import', exact: true }).click();
    await dialog()
      .getByRole('alert')
      .getByText(/missing authorization metadata/)
      .waitFor();
    expect(await methodItem(page, 'UnaryCall').count()).toBe(0);
  });

  test('with the token as metadata the retry loads the services, replacing the failed source', async () => {
    const { page } = app;
    await dialog().getByRole('button', { name: 'Add metadata' }).click();
    await dialog().getByRole('textbox', { name: 'Metadata key' }).fill('authorization');
    await dialog().getByRole('textbox', { name: 'Metadata value' }).fill(`Bearer ${token}`);
    await dialog().getByRole('button', { name: 'Import', exact: true }).click();
    await dialog().waitFor({ state: 'hidden' });
    await methodItem(page, 'UnaryCall').waitFor();
    await methodItem(page, 'FullDuplexCall').waitFor();
    const sources = methodTree(page).locator('[role="treeitem"][aria-level="1"]');
    expect(await sources.count()).toBe(1);
  });

  test('Docs lists the fields and says reflection carried no comments', async () => {
    const { page } = app;
    await openMethod(page, 'UnaryCall', 'TestService/UnaryCall');
    await page.getByRole('button', { name: 'Docs', exact: true }).click();
    const docs = page.getByRole('dialog', { name: 'Docs: UnaryCall' });
    await docs.getByText('No comments in this schema (reflection servers usually strip them).').waitFor();
    await docs.getByRole('region', { name: 'message SimpleRequest' }).getByText('response_size').waitFor();
    await page.keyboard.press('Escape');
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});
