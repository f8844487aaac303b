import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { importInteropFolder, methodItem, openMethod, requestEditor } from './helpers/app';
import { openApp, type AppSession } from './helpers/session';

// A user imports grpc's interop protos as a folder (their imports are relative to test/fixtures/protos, given as an
// import path), finds a method with the filter, and opens it.
describe('import a proto folder and find a method', () => {
  let app: AppSession;

  beforeAll(async () => {
    app = await openApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  test('the tree lists TestService methods with kind badges after importing the folder', async () => {
    const { page } = app;
    await importInteropFolder(page);
    const badges: Record<string, string> = {
      UnaryCall: 'unary',
      StreamingInputCall: 'client stream',
      StreamingOutputCall: 'server stream',
      FullDuplexCall: 'bidi',
    };
    for (const [method, badge] of Object.entries(badges)) {
      expect(await methodItem(page, method).innerText()).toContain(badge);
    }
  });

  test('the filter narrows the tree to matching methods', async () => {
    const { page } = app;
    const filter = page.getByRole('textbox', { name: 'Filter methods' });
    await filter.fill('Unary');
    await methodItem(page, 'FullDuplexCall').waitFor({ state: 'detached' });
    await methodItem(page, 'UnaryCall').waitFor();
    expect(await methodItem(page, 'EmptyCall').count()).toBe(0);
    await filter.fill('');
    await methodItem(page, 'FullDuplexCall').waitFor();
  });

  test('double-clicking UnaryCall opens the tab TestService/UnaryCall with its request editor', async () => {
    const { page } = app;
    await openMethod(page, 'UnaryCall', 'TestService/UnaryCall');
    await requestEditor(page).waitFor();
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});
