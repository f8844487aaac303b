import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import {
  createEnvironment,
  importInteropProtos,
  openMethod,
  requestEditor,
  requestEditorText,
  requestSection,
  send,
  setRequestJson,
  setServerAddress,
  waitForStatus,
} from './helpers/app';
import { screenshotPath } from './helpers/paths';
import { openApp, type AppSession } from './helpers/session';

const require = createRequire(import.meta.url);

/** The part of axe-core's API used here (the e2e project has no DOM types). */
interface AxeRunner {
  run(context: { include: string[][] }): Promise<{
    passes: unknown[];
    violations: { id: string; impact?: string | null; nodes: unknown[] }[];
  }>;
}

/** The popover listing the variables of a field, named after the field. */
const variablesOf = (page: Page, field: string): Locator =>
  page.getByRole('dialog', { name: `Variables in ${field}` });

/** The Monaco editor holding the request editor. */
const monacoEditor = (page: Page): Locator =>
  page
    .locator('.monaco-editor')
    .filter({ has: requestEditor(page) })
    .first();

/** Monaco's hover, once it shows `text`. */
const editorHover = (page: Page, text: string): Locator =>
  page.locator('.monaco-hover:visible').filter({ hasText: text }).first();

/** Moves the mouse away from everything, so hovers close. */
async function moveAway(page: Page): Promise<void> {
  await page.mouse.move(1, 700);
}

/**
 * Hovers the editor's `{{name}}` token until Monaco's hover shows `text`: a hover that arrived while the editor was
 * still laying out the new text is dropped by Monaco, so the pointer leaves and comes back, as a person's would.
 */
async function hoverEditorToken(page: Page, name: string, text: string): Promise<Locator> {
  const token = monacoEditor(page).locator('.pd-variable-token', { hasText: name }).first();
  const hover = editorHover(page, text);
  await vi.waitFor(
    async () => {
      await moveAway(page);
      await token.hover();
      await hover.waitFor({ timeout: 3_000 });
    },
    { timeout: 15_000 },
  );
  return hover;
}

/** Leaves no variables popover open (pointer away, Escape), as a person does before turning to something else. */
async function closeVariables(page: Page): Promise<void> {
  await moveAway(page);
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('dialog', { name: /^Variables in / }).count()).toBe(0);
}

// Issue 16: {{variables}} are highlighted in the address, metadata and editor; hover tells the value and where it comes
// from; secrets stay masked until the person clicks Reveal; unknown ones are underlined and explained before sending.
describe('variables made visible', () => {
  let app: AppSession;
  let server: GoReflectServer;
  const secret = `s3cret-${Date.now()}`;

  beforeAll(async () => {
    [app, server] = await Promise.all([openApp(), startGoReflect()]);
    const { page } = app;
    await page.setViewportSize({ width: 1280, height: 720 });
    await importInteropProtos(page);
    await openMethod(page, 'UnaryCall', 'TestService/UnaryCall');
    await page.getByRole('button', { name: 'Environments', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Environments' });
    await createEnvironment(dialog, 'dev', [
      { name: 'host', value: '127.0.0.1' },
      { name: 'port', value: String(server.port) },
      { name: 'body', value: 'aGk=' },
      { name: 'token', value: secret, secret: true },
    ]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('combobox', { name: 'Environment' }).selectOption('dev');
  });
  afterAll(async () => {
    await Promise.all([app?.close(), server?.stop()]);
  });

  test('the address highlights each variable, and hovering it shows their values and environment', async () => {
    const { page } = app;
    await setServerAddress(page, '{{host}}:{{port}}');
    const address = page.getByRole('textbox', { name: 'Server address' });
    await expect
      .poll(() => address.locator('xpath=..').locator('.pd-variable-token').allTextContents())
      .toEqual(['{{host}}', '{{port}}']);
    await moveAway(page);
    await address.blur();
    await variablesOf(page, 'Server address').waitFor({ state: 'hidden' });
    await address.hover();
    const popover = variablesOf(page, 'Server address');
    await popover.getByText("from environment 'dev'").first().waitFor();
    const lines = await popover.getByRole('listitem').allInnerTexts();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\{\{host\}\}\s*=?\s*127\.0\.0\.1\s*from environment 'dev'$/);
    expect(lines[1]).toMatch(
      new RegExp(`^\\{\\{port\\}\\}\\s*=?\\s*${server.port}\\s*from environment 'dev'$`),
    );
    await closeVariables(page);
  });

  test('a secret in a metadata value is masked until Reveal, which asks for it; Hide masks it again', async () => {
    const { page } = app;
    await requestSection(page, 'Metadata');
    await page.getByRole('button', { name: 'Add metadata' }).click();
    await page.getByRole('textbox', { name: 'Metadata key' }).last().fill('authorization');
    const value = page.getByRole('textbox', { name: 'Metadata value' }).last();
    await value.fill('Bearer {{token}}');
    // Typing keeps the popover closed; pointing at the field shows it.
    await expect.poll(() => variablesOf(page, 'Metadata value').count()).toBe(0);
    await value.hover();
    const popover = variablesOf(page, 'Metadata value');
    await popover.getByText("secret of environment 'dev'").waitFor();
    await popover.getByText('••••••').waitFor();
    // Nothing in the page holds the secret before the click.
    expect(await page.content()).not.toContain(secret);
    await popover.getByRole('button', { name: 'Reveal token' }).click();
    await popover.getByText(secret).waitFor();
    await page.screenshot({ path: screenshotPath('variables-light.png') });
    // From the keyboard: Tab goes from the field into the popover, to the button.
    await value.focus();
    await page.keyboard.press('Tab');
    await expect
      .poll(() =>
        popover
          .getByRole('button', { name: 'Hide token' })
          .evaluate((node) => node === node.ownerDocument.activeElement),
      )
      .toBe(true);
    await page.keyboard.press('Enter');
    await popover.getByText('••••••').waitFor();
    expect(await page.content()).not.toContain(secret);
    await closeVariables(page);
  });

  test('an unknown variable is underlined and explained before anything is sent', async () => {
    const { page } = app;
    await requestSection(page, 'Metadata');
    await page.getByRole('button', { name: 'Add metadata' }).click();
    await page.getByRole('textbox', { name: 'Metadata key' }).last().fill('x-trace');
    const value = page.getByRole('textbox', { name: 'Metadata value' }).last();
    await value.fill('{{tokn}}');
    await value.hover();
    const message = "Unknown variable {{tokn}} — not in environment 'dev'. Did you mean {{token}}?";
    await variablesOf(page, 'Metadata value').getByText(message).waitFor();
    expect(await value.locator('xpath=..').locator('.pd-variable-unknown').allTextContents()).toEqual([
      '{{tokn}}',
    ]);
    // The warning is also the textbox's description, for screen readers.
    const describedBy = (await value.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe(message);
    await page.getByRole('button', { name: 'Remove metadata' }).last().click();
    await closeVariables(page);
  });

  test('the editor highlights variables in strings; hover shows the value, unknown ones carry a warning', async () => {
    const { page } = app;
    // One field per line, so each variable is in view however narrow the editor is.
    await setRequestJson(
      page,
      '{\n  "responseSize": 1,\n  "payload": {"body": "{{body}}"},\n  "responseStatus": {"message": "{{bdy}}"}\n}',
    );
    const known = await hoverEditorToken(page, '{{body}}', "from environment 'dev'");
    expect(await known.innerText()).toContain('aGk=');
    await hoverEditorToken(
      page,
      '{{bdy}}',
      "Unknown variable {{bdy}} — not in environment 'dev'. Did you mean {{body}}?",
    );
    await page.screenshot({ path: screenshotPath('variables-editor-warning.png') });
    await moveAway(page);
  });

  test('a secret in the editor is masked in its hover until the Reveal link is clicked', async () => {
    const { page } = app;
    await setRequestJson(page, '{"responseSize": 1, "responseStatus": {"message": "{{token}}"}}');
    const hover = await hoverEditorToken(page, '{{token}}', 'secret — click to reveal');
    expect(await page.content()).not.toContain(secret);
    await hover.getByRole('link', { name: 'Reveal' }).click();
    await editorHover(page, secret).waitFor();
    await page.screenshot({ path: screenshotPath('variables-editor-revealed.png') });
    // Shown again by the click, not by the mouse: Escape closes it.
    await page.keyboard.press('Escape');
    await editorHover(page, secret).waitFor({ state: 'hidden' });
    await moveAway(page);
  });

  test('typing {{ in a string value offers the environment’s variable names', async () => {
    const { page } = app;
    await setRequestJson(page, '{"responseStatus": {"message": "x"}}');
    await expect.poll(() => requestEditorText(page)).toBe('{"responseStatus": {"message": "x"}}');
    // The caret after `x`: the end of the text, then back over `"}}`.
    await page.keyboard.press('ControlOrMeta+End');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.type('{{to');
    await monacoEditor(page).getByRole('option', { name: /token/ }).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => requestEditorText(page)).toBe('{"responseStatus": {"message": "x{{token}}"}}');
  });

  test('Send fills every variable: the call reaches the server the address names', async () => {
    const { page } = app;
    await setRequestJson(page, '{"responseSize": 1, "payload": {"body": "{{body}}"}}');
    await send(page);
    await waitForStatus(page, 'OK');
  });

  test('in the dark theme the highlight and the hover read as well', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
    const address = page.getByRole('textbox', { name: 'Server address' });
    await address.hover();
    await variablesOf(page, 'Server address').getByText("from environment 'dev'").first().waitFor();
    await page.screenshot({ path: screenshotPath('variables-dark.png') });
    await page.getByRole('button', { name: 'Toggle theme' }).click();
  });

  test('axe finds no serious or critical problem in the highlighted fields and their popover', async () => {
    const { page } = app;
    const address = page.getByRole('textbox', { name: 'Server address' });
    await address.focus();
    await variablesOf(page, 'Server address').waitFor();
    await page.evaluate(await readFile(require.resolve('axe-core/axe.min.js'), 'utf8'));
    const { passed, violations } = await page.evaluate(async () => {
      const axe = (globalThis as unknown as { axe: AxeRunner }).axe;
      const result = await axe.run({ include: [['.pd-variable-field'], ['.pd-variable-popover']] });
      return {
        passed: result.passes.length,
        violations: result.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => `${violation.id}: ${violation.nodes.length}`),
      };
    });
    expect(passed).toBeGreaterThan(5); // the rules did run on the field and the popover
    expect(violations).toEqual([]);
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});
