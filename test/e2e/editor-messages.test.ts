import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startPyServer, type PyServer } from '../peers/py-grpc/server';
import {
  importByReflection,
  openMethod,
  requestEditorText,
  selectAllRequestJson,
  setRequestJson,
  waitForMonaco,
} from './helpers/app';
import { screenshotPath } from './helpers/paths';
import { openApp, type AppSession } from './helpers/session';

/** Monaco's "next problem" view (F8): its title ("1 of 2 problems") and the message the cursor jumped to. */
const problemView = (page: Page) =>
  page.locator('.zone-widget').filter({ has: page.locator('.marker-widget') });
/** What the view reads out for the problem: "Warning: <message> at <line>:<column>." */
const problemSpoken = (page: Page) =>
  problemView(page).locator('[aria-live="assertive"]').first().getAttribute('aria-label');

/**
 * Pastes `json` and returns what F8 (Go to Next Problem) shows for its first problem, once the editor has checked
 * the pasted text ('' while it has not: the caller polls).
 */
async function firstProblem(page: Page, json: string, shown: string): Promise<string> {
  if (!(await requestEditorText(page)).includes(shown)) await setRequestJson(page, json);
  await page.keyboard.press('Escape');
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('F8');
  return problemView(page)
    .first()
    .innerText({ timeout: 1_000 })
    .catch(() => '');
}

/** An option of the suggestion list. */
const suggestion = (page: Page, name: RegExp) => page.getByRole('option', { name }).first();

// Against a Python grpcio server by reflection, the request editor says what is wrong in the schema's terms: the
// field, its proto type, what it takes and what it got; and completing a field goes straight to its values.
describe('the request editor speaks the schema', () => {
  let app: AppSession;
  let server: PyServer;

  beforeAll(async () => {
    [app, server] = await Promise.all([openApp(), startPyServer({ schema: 'pyservice' })]);
    const { page } = app;
    await page.setViewportSize({ width: 1280, height: 720 });
    await importByReflection(page, `127.0.0.1:${server.port}`);
    await openMethod(page, 'Echo', 'KitchenService/Echo');
    await waitForMonaco(page);
  });
  afterAll(async () => {
    await Promise.all([app?.close(), server?.stop()]);
  });

  test.each([
    ['{"int32Value": "four"}', 'int32Value: int32 expects a number, got "four"'],
    ['{"int32Value": 3000000000}', 'int32Value: int32 holds -2147483648 to 2147483647, got 3000000000'],
    [
      '{"int64Value": "12x"}',
      'int64Value: int64 expects a number or a decimal string such as "-42", got "12x"',
    ],
    [
      '{"bytesValue": "a*b"}',
      'bytesValue: bytes expects base64 text (standard or URL-safe), e.g. "aGk=", got "a*b"',
    ],
    ['{"boolValue": "yes"}', 'boolValue: bool expects true or false, got "yes"'],
    [
      '{"doubleValue": "lots"}',
      'doubleValue: double expects a number, "NaN", "Infinity" or "-Infinity", got "lots"',
    ],
    [
      '{"spice": "HOTT"}',
      'spice: Spice expects one of SPICE_UNSPECIFIED, SPICE_MILD, SPICE_HOT, or its number, got "HOTT"',
    ],
    [
      '{"durationValue": "5m"}',
      'durationValue: Duration expects seconds ending in "s", such as "1.5s", got "5m"',
    ],
    ['{"inner": 3}', 'inner: Inner expects an object { }, got 3'],
    ['{"repeatedInt32": 3}', 'repeatedInt32: repeated int32 expects a list [ ], got 3'],
    ['{"inerr": {}}', '"inerr" is not a field of Kitchen. Its fields: int32Value, int64Value'],
  ])('%s is marked: %s', async (json, message) => {
    await expect
      .poll(() => firstProblem(app.page, json, json.slice(1, -1)), { timeout: 15_000 })
      .toContain(message);
    expect(await problemView(app.page).innerText()).not.toMatch(/pattern|\^|Incorrect type|Value is/);
  });

  test('a {{variable}} stays valid where a number or base64 goes; the one real problem is the only one', async () => {
    const json =
      '{"boolValue": 1, "int32Value": "{{legs}}", "bytesValue": "{{photo}}", "spice": "{{spice}}"}';
    await expect
      .poll(() => firstProblem(app.page, json, '{{legs}}'), { timeout: 15_000 })
      .toContain('boolValue: bool expects true or false, got 1');
    // The rest are the three variables' own warnings (no environment defines them), not schema problems.
    expect(await problemView(app.page).innerText()).toMatch(/\b1 of 4 problems/);
    for (let i = 0; i < 3; i++) {
      await app.page.keyboard.press('F8');
      await expect.poll(() => problemView(app.page).innerText()).toMatch(`${i + 2} of 4`);
      expect(await problemView(app.page).innerText()).toMatch(/Unknown variable/);
    }
  });

  test('two members of a oneof: only the second is marked, saying which oneof', async () => {
    const { page } = app;
    const json = '{\n  "choiceText": "a",\n  "inner": {},\n  "choiceNumber": "1"\n}';
    await expect
      .poll(() => firstProblem(page, json, '"choiceNumber"'), { timeout: 15_000 })
      .toContain('"choiceText" and "choiceNumber" are both in oneof "choice"; set only one.');
    expect(await problemView(page).innerText()).toMatch(/\b1 of 1 problem/);
    // At the key "choiceNumber" (line 4, column 3), not the whole object.
    expect(await problemSpoken(page)).toMatch(/ at 4:3\.\s*$/);
    await page.screenshot({ path: screenshotPath('editor-oneof-message.png') });
    await page.keyboard.press('Escape');
    await expect
      .poll(() => firstProblem(page, '{"int32Value": "four"}', '"four"'), { timeout: 15_000 })
      .toContain('int32Value: int32 expects a number, got "four"');
    await page.screenshot({ path: screenshotPath('editor-validation-message.png') });
    await page.keyboard.press('Escape');
  });

  test('completing an enum field inserts "spice": and opens its values', async () => {
    const { page } = app;
    await selectAllRequestJson(page);
    await page.keyboard.press('Delete');
    await page.keyboard.type('{"spi');
    await suggestion(page, /^spice/).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => requestEditorText(page)).toContain('"spice": ');
    await suggestion(page, /SPICE_MILD/).waitFor();
    await expect(suggestion(page, /SPICE_HOT/).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: screenshotPath('editor-value-list.png') });
    await page.keyboard.type('MILD');
    await page.keyboard.press('Enter');
    await expect.poll(() => requestEditorText(page)).toContain('"spice": "SPICE_MILD"');
  });

  test.each([
    ['boolV', /^boolValue/, /^true/],
    ['inne', /^inner(?!s)/, /^\{\}/],
    ['repeatedInt3', /^repeatedInt32/, /^\[\]/],
  ])('completing %s inserts the key and opens the value list', async (typed, field, value) => {
    const { page } = app;
    await selectAllRequestJson(page);
    await page.keyboard.press('Delete');
    await page.keyboard.type(`{"${typed}`);
    await suggestion(page, field).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => requestEditorText(page)).toMatch(/": $|": \}/m);
    await suggestion(page, value).waitFor();
    await page.keyboard.press('Escape');
  });

  test('inside an Any, completing "@type" opens the list of type URLs', async () => {
    const { page } = app;
    await setRequestJson(page, '{"anyValue": {}}');
    await expect.poll(() => requestEditorText(page)).toContain('"anyValue": {}');
    await page.keyboard.press('ControlOrMeta+Home');
    await page.keyboard.press('End');
    // Inside the Any's braces.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.type('"@');
    await suggestion(page, /^@type/).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => requestEditorText(page)).toContain('"@type": ');
    await suggestion(page, /^protodesk\.pyservice\.v1\.[A-Z]/).waitFor();
    await page.keyboard.press('Escape');
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});
