import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import {
  importByReflection,
  loadFigure,
  loadView,
  openMethod,
  setRequestJson,
  setServerAddress,
  showLoadTest,
  waitForTransitions,
} from './helpers/app';
import { axeViolations, describeViolations, serious } from './helpers/axe';
import { longest, longTaskRecorder, longTasksSince, pageNow } from './helpers/longtasks';
import { screenshotPath } from './helpers/paths';
import { openApp, type AppSession } from './helpers/session';

/** The little of a canvas the pixel count needs (the e2e project has no DOM types). */
interface CanvasLike {
  width: number;
  height: number;
  getContext(kind: '2d'): {
    getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> };
  };
}

/**
 * Pixels of a chart's canvas close to a theme colour: how much of a series uPlot has drawn (the axes and grid are
 * grey, the series lines and bars are the accent, ok, warn and danger colours).
 */
async function pixelsNear(chart: Locator, cssVariable: string): Promise<number> {
  return chart.locator('canvas').evaluate((canvas: CanvasLike, variable: string) => {
    const probe = (canvas as unknown as { ownerDocument: { documentElement: unknown } }).ownerDocument;
    const style = (
      globalThis as unknown as { getComputedStyle(e: unknown): { getPropertyValue(n: string): string } }
    )
      .getComputedStyle(probe.documentElement)
      .getPropertyValue(variable)
      .trim();
    const hex = /^#(..)(..)(..)$/.exec(style);
    if (!hex) throw new Error(`${variable} is not a #rrggbb colour: ${style}`);
    const [r, g, b] = hex.slice(1).map((part) => parseInt(part, 16)) as [number, number, number];
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    let near = 0;
    for (let i = 0; i < data.length; i += 4) {
      const alpha = data[i + 3] ?? 0;
      if (alpha < 128) continue;
      const distance =
        Math.abs((data[i] ?? 0) - r) + Math.abs((data[i + 1] ?? 0) - g) + Math.abs((data[i + 2] ?? 0) - b);
      if (distance < 60) near += 1;
    }
    return near;
  }, cssVariable);
}

/** A chart of the Load test view by its caption. */
const chart = (page: Page, caption: string): Locator => loadView(page).getByRole('figure', { name: caption });

/** The run's state badge text ("Running", "Stopped", "Finished", "Failed"). */
const runState = (page: Page): Locator => loadView(page).locator('.load-results-bar').getByRole('status');

/** Picks a model and fills its fields ({ Users: '4', Duration: '6' }). */
async function setModel(page: Page, model: string, fields: Record<string, string>): Promise<void> {
  const view = loadView(page);
  // The setup folds away while a run's results show.
  if (!(await view.getByRole('radio', { name: model }).isVisible()))
    await view.getByText('Setup', { exact: true }).click();
  await view.getByRole('radio', { name: model }).check();
  for (const [label, value] of Object.entries(fields))
    await view.getByRole('textbox', { name: label, exact: true }).fill(value);
}

/** Replaces the thresholds with these rows. */
async function setThresholds(page: Page, rows: string[]): Promise<void> {
  const view = loadView(page);
  if (!(await view.getByRole('group', { name: 'Thresholds' }).isVisible()))
    await view.getByText('Setup', { exact: true }).click();
  const group = view.getByRole('group', { name: 'Thresholds' });
  const remove = group.getByRole('button', { name: /^Remove threshold/ });
  while ((await remove.count()) > 0) await remove.first().click();
  for (const [index, row] of rows.entries()) {
    await group.getByRole('button', { name: 'Add threshold' }).click();
    await group.getByRole('textbox', { name: `Threshold ${index + 1}` }).fill(row);
  }
}

/** Starts a run and waits until it has ended; answers its state ("Finished", "Failed"). */
async function runToEnd(page: Page, timeout = 30_000): Promise<string> {
  // Each run shows its own results (a new state badge): the last run's must go first.
  const before = await runState(page)
    .elementHandle({ timeout: 100 })
    .catch(() => null);
  await loadView(page).getByRole('button', { name: 'Start' }).click();
  if (before) await page.waitForFunction((badge) => !badge.isConnected, before);
  await expect.poll(() => runState(page).innerText(), { timeout }).toMatch(/^(Finished|Stopped|Failed)$/);
  return (await runState(page).innerText()).trim();
}

/** Chooses where to save in the page's own path dialog (browser mode): the folder, then the file name. */
async function saveInPathDialog(page: Page, title: string, folder: string, name: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('navigation', { name: 'Folder' }).getByRole('button').first().waitFor();
  await dialog.getByRole('textbox', { name: 'Path', exact: true }).fill(folder);
  await dialog.getByRole('textbox', { name: 'Path', exact: true }).press('Enter');
  await expect
    .poll(() => dialog.getByRole('textbox', { name: 'Path', exact: true }).inputValue())
    .toBe(folder);
  await dialog.getByRole('textbox', { name: 'File name' }).fill(name);
  await dialog.getByRole('button', { name: 'Choose' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

// The Load test view against grpc-go: a live run with charts that update and Stop, thresholds, the HTML report,
// Compare with the previous run, readable errors, and axe in both themes.
describe('the Load test view against grpc-go', () => {
  let app: AppSession;
  let server: GoReflectServer;
  let folder: string;

  beforeAll(async () => {
    [app, server, folder] = await Promise.all([
      openApp({ colorScheme: 'light', initScripts: [longTaskRecorder] }),
      startGoReflect(),
      mkdtemp(join(tmpdir(), 'protodesk-load-view-')),
    ]);
    await app.page.setViewportSize({ width: 1440, height: 900 });
    await importByReflection(app.page, `127.0.0.1:${server.port}`);
    await openMethod(app.page, 'EmptyCall', 'TestService/EmptyCall');
    await setServerAddress(app.page, `127.0.0.1:${server.port}`);
  });
  afterAll(async () => {
    await Promise.all([app?.close(), server?.stop(), folder && rm(folder, { recursive: true, force: true })]);
  });

  test('users over time: the figures and charts update each second, and Stop ends the run', async () => {
    const { page } = app;
    await showLoadTest(page);
    await setModel(page, 'Users over time', { Users: '4', Duration: '6' });
    await expect.poll(() => loadView(page).getByText('for 6 s by 4 users').count()).toBe(1);
    await loadView(page).getByRole('button', { name: 'Start' }).click();
    await runState(page).getByText('Running').waitFor();

    // Two snapshots a second apart: the calls counted grow, and the calls/s line is drawn.
    await loadView(page).getByRole('group', { name: 'Key figures' }).waitFor();
    const calls = async (): Promise<number> => Number((await loadFigure(page, 'Calls')).replace(/,/g, ''));
    await expect.poll(calls, { timeout: 5000 }).toBeGreaterThan(0);
    const first = await calls();
    const since = await pageNow(page);
    await expect.poll(calls, { timeout: 5000 }).toBeGreaterThan(first);
    await expect
      .poll(() => pixelsNear(chart(page, 'Calls per second and errors'), '--accent-text'))
      .toBeGreaterThan(20);
    await expect.poll(() => pixelsNear(chart(page, 'Latency percentiles'), '--ok')).toBeGreaterThan(20);
    await expect.poll(() => pixelsNear(chart(page, 'Latency distribution'), '--accent')).toBeGreaterThan(20);
    // A few seconds in, for the picture (the run goes on for 6 s: Stop still ends it early).
    const elapsed = async (): Promise<number> =>
      Number((await loadFigure(page, 'Elapsed')).replace(/[^\d.]/g, ''));
    await expect.poll(elapsed, { timeout: 5000 }).toBeGreaterThanOrEqual(4);
    // The page stays responsive while snapshots arrive: each one updates the figures and charts in a short task.
    expect(longest(await longTasksSince(page, since))).toBeLessThan(100);
    await page.screenshot({ path: screenshotPath('load-view-running.png') });

    await loadView(page).getByRole('button', { name: 'Stop' }).click();
    await runState(page).getByText('Stopped').waitFor();
    // The calls in flight when Stop was pressed are cancelled, and counted so.
    const statuses = loadView(page).getByRole('table', { name: 'Calls by status' });
    await statuses.getByRole('cell', { name: 'OK', exact: true }).waitFor();
    await statuses.getByRole('cell', { name: 'CANCELLED', exact: true }).waitFor();
    expect(await elapsed()).toBeLessThan(6);
  });

  test('a threshold that fails shows ✘ with what was measured; one that passes shows ✔', async () => {
    const { page } = app;
    await setModel(page, 'Users over time', { Users: '2', Duration: '3' });
    await setThresholds(page, ['errors < 1%', 'rps > 10000000/s']);
    expect(await runToEnd(page)).toBe('Finished');
    const thresholds = loadView(page).getByRole('list', { name: 'Thresholds' });
    const passed = thresholds.getByRole('listitem').filter({ hasText: 'errors < 1%' });
    const failed = thresholds.getByRole('listitem').filter({ hasText: 'rps > 10000000/s' });
    await expect.poll(() => passed.innerText()).toMatch(/^✔\s*Passed:/);
    await expect.poll(() => failed.innerText()).toMatch(/^✘\s*Failed:/);
    // The engine's wording says by how much it missed.
    expect(await failed.innerText()).toMatch(
      /rps was [\d,.]+\/s, [\d,.]+\/s under the minimum of 10000000\/s/,
    );
    await loadView(page).getByText('1 of 2 failed').waitFor();
    await waitForTransitions(page);
    await page.screenshot({ path: screenshotPath('load-view-summary.png') });
  });

  test('Save report writes one HTML file with the run in it', async () => {
    const { page } = app;
    await loadView(page).getByRole('button', { name: 'Save report' }).click();
    await page.getByRole('menuitem', { name: 'HTML report…' }).click();
    await saveInPathDialog(page, 'Save report (HTML)', folder, 'run.html');
    const file = join(folder, 'run.html');
    await loadView(page).getByText(`Saved to ${file}`).waitFor();
    const html = await readFile(file, 'utf8');
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('EmptyCall');
  });

  test('Export writes the Locust file of this request', async () => {
    const { page } = app;
    await loadView(page).getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'Locust file…' }).click();
    await saveInPathDialog(page, 'Export as a Locust file', folder, 'locustfile.py');
    const file = join(folder, 'locustfile.py');
    await loadView(page).getByText(`Saved to ${file}`).waitFor();
    const python = await readFile(file, 'utf8');
    expect(python).toContain('from locust import User');
    expect(python).toContain('grpc.testing.TestService/EmptyCall');
    expect(python).toContain(`TARGET = "127.0.0.1:${server.port}"`);
  });

  test('Save report opens again in the report folder, with a file name of the method and the time filled in', async () => {
    const { page } = app;
    await loadView(page).getByRole('button', { name: 'Save report' }).click();
    await page.getByRole('menuitem', { name: 'JSON…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save report (JSON)' });
    await expect
      .poll(() => dialog.getByRole('textbox', { name: 'Path', exact: true }).inputValue())
      .toBe(folder);
    expect(await dialog.getByRole('textbox', { name: 'File name' }).inputValue()).toMatch(
      /^EmptyCall-\d{4}-\d{2}-\d{2}-\d{4}\.json$/,
    );
    await dialog.getByRole('button', { name: 'Choose' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await loadView(page)
      .getByText(/Saved to .*EmptyCall-.*\.json/)
      .waitFor();
  });

  test('Compare with previous run shows both runs side by side, the previous one faint in the charts', async () => {
    const { page } = app;
    await setThresholds(page, []);
    // The previous run is the 3-second one above: its calls, then 30 now.
    const before = await loadFigure(page, 'Calls');
    await setModel(page, 'Users × calls', { Users: '1', 'Calls per user': '30' });
    expect(await runToEnd(page)).toBe('Finished');
    await loadView(page).getByRole('button', { name: 'Compare with previous run' }).click();
    const table = loadView(page).getByRole('table', { name: 'Compare with previous run' });
    const callsRow = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Calls', exact: true }) });
    await expect.poll(() => callsRow.innerText()).toMatch(new RegExp(`^Calls\\s+${before}\\s+30\\s+−`));
    await table.getByRole('rowheader', { name: 'p99.9' }).waitFor();
    await chart(page, 'Latency percentiles').getByText('p50 (previous)').waitFor();
    await waitForTransitions(page);
    await page.screenshot({ path: screenshotPath('load-view-compare.png') });
    await chart(page, 'Calls per second and errors').screenshot({
      path: screenshotPath('load-view-compare-chart.png'),
    });
  });

  test('a bad threshold and a server that is down read as messages, not crashes', async () => {
    const { page } = app;
    await setThresholds(page, ['p99 <<< fast']);
    expect(await runToEnd(page)).toBe('Failed');
    const alert = loadView(page).getByRole('alert');
    await expect.poll(() => alert.innerText()).toContain('p99 <<< fast');

    await setThresholds(page, []);
    await setModel(page, 'Users × calls', { Users: '1', 'Calls per user': '3' });
    await setServerAddress(page, '127.0.0.1:1');
    const state = await runToEnd(page);
    await setServerAddress(page, `127.0.0.1:${server.port}`);
    expect(state).toBe('Finished');
    await loadView(page)
      .getByRole('table', { name: 'Errors' })
      .getByRole('cell', { name: 'UNAVAILABLE' })
      .waitFor();
  });

  test('axe finds no serious problem in the view, light and dark', async () => {
    const { page } = app;
    // Back to a finished run with a summary and charts.
    await setModel(page, 'Users over time', { Users: '4', Duration: '3' });
    await setThresholds(page, ['errors < 1%', 'p99 < 250ms']);
    // Compare stays on for the tab once chosen: off, for the summary alone.
    const compare = loadView(page).getByRole('button', { name: 'Compare with previous run' });
    if ((await compare.getAttribute('aria-pressed')) === 'true') await compare.click();
    expect(await runToEnd(page)).toBe('Finished');
    expect(describeViolations(serious(await axeViolations(page)))).toBe('');
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
    await waitForTransitions(page);
    expect(describeViolations(serious(await axeViolations(page)))).toBe('');
    await page.screenshot({ path: screenshotPath('load-view-summary-dark.png') });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.screenshot({ path: screenshotPath('load-view-summary-dark-1280x720.png') });
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await waitForTransitions(page);
    await page.screenshot({ path: screenshotPath('load-view-summary-1280x720.png') });

    // The form too: every model's fields, thresholds and the advanced settings, in both themes.
    const view = loadView(page);
    await view.getByText('Setup', { exact: true }).click();
    await view.getByText('Advanced', { exact: true }).click();
    await view.getByRole('radio', { name: 'Fixed rate' }).check();
    await view.getByRole('textbox', { name: 'Ramp', exact: true }).fill('x');
    await view.getByText('Enter a number of seconds, e.g. 30 or 1.5.').waitFor();
    expect(describeViolations(serious(await axeViolations(page)))).toBe('');
    await page.screenshot({ path: screenshotPath('load-view-setup.png') });
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await waitForTransitions(page);
    expect(describeViolations(serious(await axeViolations(page)))).toBe('');
    await page.screenshot({ path: screenshotPath('load-view-setup-dark.png') });
    await page.getByRole('button', { name: 'Toggle theme' }).click();
  });

  test('"Load test" in the command palette switches the tab back to its Load test view', async () => {
    const { page } = app;
    await page
      .getByRole('tablist', { name: 'Response pane views' })
      .getByRole('tab', { name: 'Response' })
      .click();
    await page.getByRole('region', { name: 'Response' }).waitFor();
    await page.keyboard.press('ControlOrMeta+K');
    await page
      .getByRole('dialog', { name: 'Go to method' })
      .getByRole('textbox', { name: 'Method' })
      .fill('Load test');
    await page.getByRole('option', { name: /^Load test/ }).click();
    await loadView(page).getByRole('group', { name: 'Key figures' }).waitFor();
  });

  test('a data file fills {{variables}} per call: the rows that ask grpc-go to fail, fail', async () => {
    const { page } = app;
    const file = join(folder, 'rows.csv');
    await writeFile(file, 'code,message\n0,\n0,\n0,\n14,refused by row 4\n');
    await openMethod(page, 'UnaryCall', 'TestService/UnaryCall');
    await setServerAddress(page, `127.0.0.1:${server.port}`);
    await setRequestJson(page, '{"responseStatus": {"code": "{{code}}", "message": "{{message}}"}}');
    const view = await showLoadTest(page);
    await setModel(page, 'Users × calls', { Users: '2', 'Calls per user': '20' });
    await view.getByText('Advanced', { exact: true }).click();
    await view.getByRole('button', { name: 'Browse…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose a data file (JSON Lines or CSV)' });
    await dialog.getByRole('navigation', { name: 'Folder' }).getByRole('button').first().waitFor();
    await dialog.getByRole('textbox', { name: 'Path', exact: true }).fill(file);
    await dialog.getByRole('button', { name: 'Choose' }).click();
    await expect.poll(() => view.getByRole('textbox', { name: 'Data file' }).inputValue()).toBe(file);

    expect(await runToEnd(page)).toBe('Finished');
    const statuses = view.getByRole('table', { name: 'Calls by status' });
    await expect
      .poll(() => statuses.getByRole('row').allInnerTexts())
      .toEqual(['Status\tCalls\tShare', 'OK\t30\t75%', 'UNAVAILABLE\t10\t25%']);
    const errors = view.getByRole('table', { name: 'Errors' });
    expect(await errors.getByRole('row').nth(1).innerText()).toBe('UNAVAILABLE\trefused by row 4\t10');
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});
