import { describe, expect, test } from 'vitest';
import { csvRecord, loadReportCsv } from '../../../../src/core/load/report/csv';
import { fixtureReport } from './fixture';

describe('loadReportCsv', () => {
  test('one header row, then one row per second of the timeline, CRLF-terminated', () => {
    const report = fixtureReport();
    const csv = loadReportCsv(report);
    expect(csv.endsWith('\r\n')).toBe(true);
    const rows = csv.slice(0, -2).split('\r\n');
    expect(rows[0]).toBe('second,calls,errors,rps,p50_ms,p90_ms,p99_ms');
    expect(rows).toHaveLength(1 + report.timeline.length);
    const third = report.timeline[2]!;
    expect(rows[3]).toBe(
      [third.second, third.calls, third.errors, third.calls, third.p50, third.p90, third.p99].join(','),
    );
  });

  test("the last, partial second's rate is its calls over the part of a second it covered", () => {
    const report = fixtureReport({ seconds: 5, extraMs: 250 });
    const last = report.timeline[report.timeline.length - 1]!;
    const fields = loadReportCsv(report).trimEnd().split('\r\n').pop()!.split(',');
    expect(fields.slice(0, 2)).toEqual(['6', String(last.calls)]);
    expect(Number(fields[3])).toBeCloseTo(last.calls / 0.25, 1);
  });

  test('fields are quoted as RFC 4180 says, only where needed', () => {
    expect(csvRecord(['plain', 12.5, 'a,b', 'say "hi"', 'two\nlines'])).toBe(
      'plain,12.5,"a,b","say ""hi""","two\nlines"\r\n',
    );
  });
});
