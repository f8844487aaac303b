import { describe, expect, test } from 'vitest';
import { loadReportSummary } from '../../../../src/core/load/report/summary';
import { fixtureReport } from './fixture';

/** The lines of one section, from its heading to the next blank line. */
function section(text: string, heading: string): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith(heading));
  expect(start, `no "${heading}" section in:\n${text}`).toBeGreaterThanOrEqual(0);
  const end = lines.indexOf('', start);
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

describe('loadReportSummary', () => {
  test('says what ran and the run figures, ghz-like', () => {
    const report = fixtureReport();
    const text = loadReportSummary(report);
    expect(text.split('\n').slice(0, 2)).toEqual([
      'grpc.testing.TestService/UnaryCall → 127.0.0.1:50051',
      'open: 333 calls/s for 30 s; started 2026-11-26 06:00:00 UTC',
    ]);
    const summary = section(text, 'Summary:');
    expect(summary).toContain(`  Count:           ${report.count.toLocaleString('en-US')}`);
    expect(summary).toContain('  Total:           30.00 s');
    expect(summary.join('\n')).toMatch(/Requests\/sec: +3\d\d\n/);
    const errors = report.count - report.statusCounts.OK!;
    expect(summary.join('\n')).toContain(
      `Errors:          ${errors} (${((errors / report.count) * 100).toFixed(1)} %)`,
    );
    // A fixed-rate run: each percentile from the scheduled instant and from the start, each column named.
    expect(section(text, 'Latency distribution:')).toEqual([
      '         from schedule  from start',
      `  p50          ${report.latency.p50.toFixed(2)} ms  ${report.latencyFromStart.p50.toFixed(2)} ms`,
      expect.stringMatching(/^ {2}p75 {4} +\d.* ms {2}\d.* ms$/),
      expect.stringMatching(/^ {2}p90 {4} +\d.* ms {2}\d.* ms$/),
      expect.stringMatching(/^ {2}p95 {4} +\d.* ms {2}\d.* ms$/),
      expect.stringMatching(/^ {2}p99 {4} +\d.* ms {2}\d.* ms$/),
      expect.stringMatching(/^ {2}p99\.9 {2} +\d.* ms {2}\d.* ms$/),
      '  from schedule: each call timed from its scheduled instant, a wait to be sent included',
      '  from start: from when it was actually sent (as ghz times its calls)',
    ]);
    expect(summary.join('\n')).not.toContain('Messages/sec');
    expect(text).not.toContain('\u001b');
  });

  test('a closed-model run has one latency column; a stream its messages per second', () => {
    const report = {
      ...fixtureReport(),
      plan: { model: { kind: 'closed' as const, concurrency: 50, total: 10_000 } },
      messagesPerSecond: 28_800,
    };
    const text = loadReportSummary(report);
    expect(section(text, 'Latency distribution:')[0]).toBe(`  p50    ${report.latency.p50.toFixed(2)} ms`);
    expect(section(text, 'Summary:')).toContain('  Messages/sec:    28,800 (responses received)');
  });

  test('statuses and errors are counted, most frequent first', () => {
    const report = fixtureReport({ unavailable: 0.1 });
    const text = loadReportSummary(report);
    const ok = report.statusCounts.OK!.toLocaleString('en-US');
    const unavailable = report.statusCounts.UNAVAILABLE!.toLocaleString('en-US');
    expect(section(text, 'Status code distribution:')).toEqual([
      expect.stringMatching(new RegExp(`^ {2}\\[OK\\] +${ok} responses$`)),
      expect.stringMatching(new RegExp(`^ {2}\\[UNAVAILABLE\\] +${unavailable} responses$`)),
      expect.stringMatching(/^ {2}\[DEADLINE_EXCEEDED\] +\d+ responses$/),
    ]);
    expect(section(text, 'Error distribution:')[0]).toBe(
      `  [${unavailable}]  UNAVAILABLE: connection refused: the server has too many streams`,
    );
  });

  test('the histogram bars scale to the width, the longest filling the line, every bar with calls visible', () => {
    const report = fixtureReport();
    for (const width of [60, 80, 120]) {
      const bars = section(loadReportSummary(report, { width }), 'Response time histogram (ms):');
      expect(Math.max(...bars.map((line) => line.length))).toBe(width);
      for (const line of bars) expect(line).toMatch(/^ +[\d.,]+ \[[\d,]+\] +\|∎+$/);
      const counts = bars.map((line) => Number(/\[([\d,]+)\]/.exec(line)![1]!.replace(/,/g, '')));
      const lengths = bars.map((line) => line.split('|')[1]!.length);
      const most = counts.indexOf(Math.max(...counts));
      expect(lengths[most]).toBe(Math.max(...lengths));
      // A bar half as full as the tallest is about half as long.
      for (let i = 0; i < counts.length; i++) {
        expect(Math.abs(lengths[i]! / lengths[most]! - counts[i]! / counts[most]!)).toBeLessThan(0.06);
      }
    }
  });

  test('thresholds show ✔ or ✘ with the failure wording', () => {
    const report = fixtureReport();
    report.thresholds = [
      { threshold: 'p99 < 50ms', passed: true, actual: '16.2ms' },
      {
        threshold: 'errors < 1%',
        passed: false,
        actual: '2.1%',
        failure: 'errors were 2.1%, 1.1% over the limit of 1%',
      },
    ];
    expect(section(loadReportSummary(report), 'Thresholds: 1 of 2 failed')).toEqual([
      '  ✔ p99 < 50ms   passed (16.2ms)',
      '  ✘ errors < 1%  FAILED: errors were 2.1%, 1.1% over the limit of 1%',
    ]);
    report.thresholds = [report.thresholds[0]!];
    expect(loadReportSummary(report)).toContain('Thresholds: all passed\n  ✔ p99 < 50ms');
  });

  test('a stopped run says so, with its cancelled calls', () => {
    const report = fixtureReport({ seconds: 4 });
    report.stopped = true;
    report.statusCounts.CANCELLED = 12;
    expect(loadReportSummary(report)).toContain(
      'Stopped early: the run was stopped before its plan ended; the 12 calls still in flight count as CANCELLED.',
    );
    expect(loadReportSummary(fixtureReport({ seconds: 4 }))).not.toContain('Stopped early');
  });

  test("a server's control characters are shown, not sent to the terminal", () => {
    const report = fixtureReport({ message: 'bad\u001b[31mred\u001b[0m\nsecond line' });
    const line = section(loadReportSummary(report), 'Error distribution:')[0]!;
    expect(line).toMatch(/UNAVAILABLE: bad\\x1b\[31mred\\x1b\[0m\\nsecond line$/);
  });

  test('a run without calls still reads: no histogram, zeros', () => {
    const report = {
      ...fixtureReport({ seconds: 0, rate: 0 }),
      count: 0,
      statusCounts: {},
      errors: [],
      histogram: [],
    };
    const text = loadReportSummary(report);
    expect(text).toContain('  Count:           0\n');
    expect(text).not.toContain('Response time histogram');
    expect(text).not.toContain('Status code distribution');
  });
});
