import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { importProtos, methodItem, methodTree, openMethod } from './helpers/app';
import { protoFolder, protoRoot, screenshotPath } from './helpers/paths';
import { openApp, type AppSession } from './helpers/session';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical findings inside the element `selector` picks, as `rule: target` lines. */
async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  // Evaluated as page script: the app's CSP refuses an added <script> tag, rightly.
  await page.evaluate(axeSource);
  return page.evaluate(async (within) => {
    type Result = { id: string; impact: string; nodes: { target: string[] }[] };
    const { axe } = globalThis as unknown as {
      axe: { run(context: string): Promise<{ violations: Result[] }> };
    };
    const { violations } = await axe.run(within);
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  }, selector);
}

/** Whether an element has the keyboard focus (the e2e project has no DOM types). */
const focused = (locator: Locator): Promise<boolean> =>
  locator.evaluate(
    (el: { ownerDocument: { activeElement: unknown } }) => el === el.ownerDocument.activeElement,
  );

// Issue 16, proto documentation: comments on hover in the method tree, and a Docs view with links between types.
describe('proto documentation in the page', () => {
  let app: AppSession;

  beforeAll(async () => {
    app = await openApp();
    await importProtos(app.page, {
      mode: 'Proto files',
      path: join(protoFolder('docs'), 'library.proto'),
      importPaths: [protoRoot],
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  test("hovering a method shows its comment's first paragraph", async () => {
    const { page } = app;
    const search = methodItem(page, 'SearchBooks');
    await search.hover();
    const tip = search.getByTitle('Finds books by title or author.', { exact: false });
    expect(await tip.getAttribute('title')).toBe(
      'docs.library.Library.SearchBooks\n\nFinds books by title or author.',
    );
    // A method without a comment shows its full name only.
    expect(await methodTree(page).getByTitle('docs.library.Library.Ping', { exact: true }).count()).toBe(1);
  });

  test('Docs lists the method, its messages with fields and comments, and the enums', async () => {
    const { page } = app;
    await openMethod(page, 'SearchBooks', 'Library/SearchBooks');
    await page.getByRole('button', { name: 'Docs', exact: true }).click();
    const docs = page.getByRole('dialog', { name: 'Docs: SearchBooks' });
    await docs
      .getByText('Results come newest first; an empty query lists every book.', { exact: false })
      .waitFor();
    await docs.getByText('Read-only.').waitFor();
    const request = docs.getByRole('region', { name: 'message SearchRequest' });
    const fields = request.getByRole('list', { name: 'Fields of SearchRequest' }).getByRole('listitem');
    expect(await fields.count()).toBe(5);
    await expect
      .poll(() => fields.nth(1).innerText())
      .toMatch(/page_size\s+int32\s+= 2[\s\S]*JSON pageSize[\s\S]*At most 100; 0 means 20\./);
    await expect
      .poll(() => fields.nth(2).innerText())
      .toMatch(/genres\s+repeated Genre\s+= 3[\s\S]*Only books in these genres\./);
    const book = docs.getByRole('region', { name: 'message Book' });
    await book.getByText('map<string, int32>').waitFor();
    await book.getByText('google.protobuf.Timestamp').waitFor();
    const genre = docs.getByRole('region', { name: 'enum Genre' });
    await expect
      .poll(() => genre.getByRole('listitem').nth(1).innerText())
      .toMatch(/NOVEL\s+= 1\s+Fiction, long form\./);

    expect(await seriousViolations(page, '.pd-docs')).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.screenshot({ path: screenshotPath('docs-view.png') });
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
    await page.screenshot({ path: screenshotPath('docs-view-dark.png') });
    expect(await seriousViolations(page, '.pd-docs')).toEqual([]);
    await page.getByRole('button', { name: 'Toggle theme' }).click();
  });

  test('a type link goes to its section, Back returns, Escape closes', async () => {
    const { page } = app;
    const docs = page.getByRole('dialog', { name: 'Docs: SearchBooks' });
    const back = docs.getByRole('button', { name: 'Back' });
    expect(await back.isDisabled()).toBe(true);
    await docs
      .getByRole('region', { name: 'message SearchRequest' })
      .getByRole('link', { name: 'Location' })
      .click();
    const location = docs.getByRole('heading', { name: 'message Location' });
    await expect.poll(() => focused(location)).toBe(true);
    // Scrolled into view: the heading sits inside the panel's visible area.
    const [panel, heading] = await Promise.all([docs.boundingBox(), location.boundingBox()]);
    expect(heading!.y).toBeGreaterThanOrEqual(panel!.y);
    expect(heading!.y + heading!.height).toBeLessThanOrEqual(panel!.y + panel!.height);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: screenshotPath('docs-view-link.png') });
    await docs.getByRole('region', { name: 'message Location' }).getByRole('link', { name: 'Side' }).click();
    await expect.poll(() => focused(docs.getByRole('heading', { name: 'enum Side' }))).toBe(true);
    await back.click();
    await expect.poll(() => focused(location)).toBe(true);
    await back.click();
    await expect.poll(() => focused(docs.getByRole('heading', { name: 'Docs: SearchBooks' }))).toBe(true);
    expect(await back.isDisabled()).toBe(true);

    await page.keyboard.press('Escape');
    await docs.waitFor({ state: 'hidden' });
    await expect.poll(() => focused(page.getByRole('button', { name: 'Docs', exact: true }))).toBe(true);
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});
