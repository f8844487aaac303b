import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadReportHtml } from '../../../../src/core/load/report/html';
import { axeViolations, describeViolations } from '../../../e2e/helpers/axe';
import { launchChromium } from '../../../e2e/helpers/chromium';
import { screenshotPath } from '../../../e2e/helpers/paths';
import { fixtureReport } from './fixture';

const hostile =
  '<script>window.hacked = 1</script><img src="http://127.0.0.1:9/x.png" onerror="window.hacked = 2">';

/** What the page did besides showing itself: requests for anything but its own file, errors, console complaints. */
interface Opened {
  page: Page;
  requests: string[];
  problems: string[];
}

// The HTML report as a person opens it: a file on disk in Chromium, no server, no network, light and dark themes.
describe('the HTML load report in Chromium', () => {
  let browser: Browser;
  let folder: string;

  beforeAll(async () => {
    [browser, folder] = await Promise.all([
      launchChromium(),
      mkdtemp(join(tmpdir(), 'protodesk-load-report-')),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  async function open(name: string, html: string, colorScheme: 'light' | 'dark' = 'light'): Promise<Opened> {
    const file = join(folder, name);
    await writeFile(file, html);
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 }, colorScheme });
    const url = pathToFileURL(file).href;
    const requests: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => {
      if (request.url() !== url) requests.push(request.url());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    await page.goto(url, { waitUntil: 'load' });
    return { page, requests, problems };
  }

  /** Each chart's drawing box and what is drawn in it. */
  async function charts(
    page: Page,
  ): Promise<{ label: string; width: number; height: number; lines: number; bars: number }[]> {
    const svgs = page.locator('figure.chart svg[role="img"]');
    const found = [];
    for (let i = 0; i < (await svgs.count()); i++) {
      const svg = svgs.nth(i);
      const box = await svg.boundingBox();
      found.push({
        label: (await svg.getAttribute('aria-label')) ?? '',
        width: box?.width ?? 0,
        height: box?.height ?? 0,
        lines: await svg.locator('path.line').count(),
        bars: await svg.locator('rect.bar').count(),
      });
    }
    return found;
  }

  test("renders its three charts, loading and running nothing: the seeds' 667 calls/s run with 16 % UNAVAILABLE", async () => {
    const report = fixtureReport({ rate: 667, seconds: 15, unavailable: 0.16 });
    const errors = `${(((report.count - report.statusCounts.OK!) / report.count) * 100).toFixed(1)}%`;
    report.thresholds = [
      { threshold: 'p99 < 50ms', passed: true, actual: `${report.latency.p99.toFixed(1)}ms` },
      {
        threshold: 'errors < 1%',
        passed: false,
        actual: errors,
        failure: `errors were ${errors}, over the limit of 1%`,
      },
    ];
    const { page, requests, problems } = await open('report.html', loadReportHtml(report));

    const drawn = await charts(page);
    expect(drawn).toHaveLength(3);
    for (const chart of drawn) {
      expect(chart.width).toBeGreaterThan(300);
      expect(chart.height).toBeGreaterThan(100);
    }
    expect(drawn[0]).toMatchObject({ lines: 2 });
    expect(drawn[0]!.label).toMatch(/^Calls per second over 15\.00 s: from \d+ to \d+, 6\d\d on average/);
    expect(drawn[1]).toMatchObject({ lines: 3 });
    expect(drawn[2]!.bars).toBeGreaterThan(5);
    expect(drawn[2]!.label).toContain(`Latency histogram of ${report.count.toLocaleString('en-US')} calls`);
    expect(await page.getByRole('heading', { name: 'Thresholds 1 of 2 failed' }).count()).toBe(1);
    expect(requests).toEqual([]);
    expect(problems).toEqual([]);
    await page.screenshot({ path: screenshotPath('load-report.png'), fullPage: true });
    await page.close();
  });

  test('a hostile error message from a server shows as text: nothing in it runs or loads', async () => {
    const { page, requests, problems } = await open(
      'hostile.html',
      loadReportHtml(fixtureReport({ seconds: 5, unavailable: 0.1, message: hostile })),
    );
    expect(await page.locator('td.message').first().textContent()).toBe(hostile);
    expect(await page.evaluate(() => (globalThis as unknown as { hacked?: number }).hacked)).toBeUndefined();
    expect(await page.locator('script, img').count()).toBe(0);
    expect(requests).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('compared with a previous run: figures and latencies side by side, its lines drawn faintly', async () => {
    const previous = fixtureReport({ seed: 5, baseMs: 3, unavailable: 0, seconds: 28 });
    const report = fixtureReport({ unavailable: 0.08 });
    const { page, requests, problems } = await open('compare.html', loadReportHtml(report, previous), 'dark');

    const drawn = await charts(page);
    expect(drawn.map((chart) => chart.lines)).toEqual([4, 6, 0]);
    expect(await page.locator('path.line.faint').count()).toBe(5);
    const header = await page.locator('table').nth(1).locator('thead th').allTextContents();
    expect(header).toEqual(['latency', 'this run', 'previous run', 'difference']);
    expect(await page.locator('.figures li').first().innerText()).toMatch(/previous [\d,]+/);
    // The dark theme applies: a dark page background, light text.
    const background = await page
      .locator('body')
      .evaluate(
        (body) =>
          (
            globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }
          ).getComputedStyle(body).backgroundColor,
      );
    expect(background).toBe('rgb(13, 17, 23)');
    expect(requests).toEqual([]);
    expect(problems).toEqual([]);
    await page.screenshot({ path: screenshotPath('load-report-compare.png'), fullPage: true });
    await page.close();
  });

  test('meets WCAG A and AA in the light and the dark theme (axe), compared with a previous run', async () => {
    const html = loadReportHtml(
      fixtureReport({ unavailable: 0.08 }),
      fixtureReport({ seed: 5, unavailable: 0 }),
    );
    for (const scheme of ['light', 'dark'] as const) {
      const { page } = await open(`axe-${scheme}.html`, html, scheme);
      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await page.close();
    }
  });
});
