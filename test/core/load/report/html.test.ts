import { describe, expect, test } from 'vitest';
import { loadReportHtml } from '../../../../src/core/load/report/html';
import { fixtureReport } from './fixture';

describe('loadReportHtml', () => {
  test('a 10-minute run compared with another stays well under 1 MB', () => {
    const html = loadReportHtml(
      fixtureReport({ seconds: 600, rate: 50 }),
      fixtureReport({ seconds: 600, rate: 50, seed: 2 }),
    );
    expect(Buffer.byteLength(html)).toBeLessThan(250_000);
    // 600 points in each of this run's and the previous run's five lines.
    expect(html.match(/<path class="line/g)).toHaveLength(10);
  });

  test("method and target are text, also in the title and the charts' labels", () => {
    const report = { ...fixtureReport({ seconds: 3 }), method: 'pkg.S/M"><b>x</b>', target: "evil'host:1" };
    const html = loadReportHtml(report);
    expect(html).toContain(
      '<title>Load test: pkg.S/M&quot;&gt;&lt;b&gt;x&lt;/b&gt; → evil&#39;host:1</title>',
    );
    expect(html).not.toContain('<b>');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    );
  });

  test('the time charts leave out a last second the run covered less than half of', () => {
    const points = (extraMs: number): number => {
      const html = loadReportHtml(fixtureReport({ seconds: 10, extraMs }));
      const path = /<path class="line s-calls" d="([^"]*)"/.exec(html)![1]!;
      return path.split(/[ML]/).length - 1;
    };
    expect(points(0)).toBe(10);
    expect(points(200)).toBe(10);
    expect(points(600)).toBe(11);
  });

  test('a run stopped before any call ended still draws its three (empty) charts and says so', () => {
    const empty = {
      ...fixtureReport({ seconds: 1 }),
      count: 0,
      rps: 0,
      statusCounts: {},
      errors: [],
      histogram: [],
    };
    const html = loadReportHtml({ ...empty, timeline: [], stopped: true });
    expect(html.match(/<svg /g)).toHaveLength(3);
    expect(html).toContain('aria-label="Latency histogram: no calls."');
    expect(html).toContain('<p>No call failed.</p>');
  });

  test('a stopped run and dropped calls are said at the top', () => {
    const report = { ...fixtureReport({ seconds: 3 }), stopped: true, dropped: 1200 };
    const html = loadReportHtml(report);
    expect(html).toContain('<span class="badge fail">stopped early</span></h1>');
    expect(html).toContain('1,200 scheduled calls were not started: too many were in flight.');
  });
});
