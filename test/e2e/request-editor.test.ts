import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  importInteropProtos,
  openMethod,
  requestEditorText,
  selectAllRequestJson,
  waitForMonaco,
} from './helpers/app';
import { openApp, type AppSession } from './helpers/session';

/** grpc.testing.SimpleRequest's fields, by JSON name. */
const fieldNames =
  'responseType|responseSize|payload|fillUsername|fillOauthScope|responseCompressed|responseStatus|expectCompressed|fillServerId|fillGrpclbRouteType|orcaPerQueryReport';
/** One of them as a JSON key. */
const simpleRequestField = new RegExp(`"(${fieldNames})"`);

// The request editor is Monaco with the method's JSON Schema: the sample fills it, completion offers the fields.
describe('the request editor', () => {
  let app: AppSession;

  beforeAll(async () => {
    app = await openApp();
    await importInteropProtos(app.page);
    await openMethod(app.page, 'UnaryCall', 'TestService/UnaryCall');
  });
  afterAll(async () => {
    await app?.close();
  });

  test('Monaco replaces the plain textarea with the minimal sample; "Fill every field" fills it', async () => {
    await waitForMonaco(app.page);
    await expect.poll(async () => (await requestEditorText(app.page)).replace(/\s+/g, '')).toBe('{}');
    await app.page.getByRole('button', { name: 'Fill every field' }).click();
    await expect.poll(() => requestEditorText(app.page)).toMatch(simpleRequestField);
  });

  test('completion (Ctrl+Space, Enter) inserts a SimpleRequest field', async () => {
    const { page } = app;
    await selectAllRequestJson(page);
    // Deleted first: typing over a selection would surround it with the brackets (Monaco's autoSurround).
    await page.keyboard.press('Delete');
    await page.keyboard.type('{"');
    expect(await requestEditorText(page)).not.toMatch(simpleRequestField);
    await page.keyboard.press('Control+Space');
    // The suggestion list's options (the TLS select's options are options too, but not these).
    await page
      .getByRole('option', { name: new RegExp(fieldNames) })
      .first()
      .waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => requestEditorText(page)).toMatch(simpleRequestField);
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});
