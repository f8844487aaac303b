import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { LoadReport } from '../../src/shared/load';
import { bin, goTarget, protodesk, protodeskRun, spawnRun } from './load-harness';

const unary = 'grpc.testing.TestService/UnaryCall';
const empty = 'grpc.testing.TestService/EmptyCall';

const go = goTarget('protodesk-load-');

/** `protodesk load <target> <method> --plaintext <args>` */
const load = (method: string, ...args: string[]) =>
  protodeskRun(['load', go.target, method, '--plaintext', ...args]);

describe('protodesk load against grpc-go', () => {
  test('-n 300 -c 10 --format json: one LoadReport object, every call counted', async () => {
    const { code, out, err } = await load(empty, '-n', '300', '-c', '10', '--format', 'json');
    expect(err).toContain('Load test of grpc.testing.TestService/EmptyCall');
    expect(code).toBe(0);
    const report = JSON.parse(out) as LoadReport;
    expect(report.count).toBe(300);
    expect(report.statusCounts).toEqual({ OK: 300 });
    expect(report.rps).toBeGreaterThan(0);
    expect(report.stopped).toBe(false);
    expect(report.method).toBe(empty);
    expect(report.plan.model).toEqual({ kind: 'closed', concurrency: 10, total: 300 });
    const { min, mean, p50, p90, p95, p99, max } = report.latency;
    expect(0 < min && min <= p50 && p50 <= p90 && p90 <= p95 && p95 <= p99 && p99 <= max).toBe(true);
    expect(mean).toBeGreaterThanOrEqual(min);
    expect(report.histogram.reduce((sum, bar) => sum + bar.count, 0)).toBe(300);
    expect(report.timeline.reduce((sum, point) => sum + point.calls, 0)).toBe(300);
  });

  test('--rate 100 --duration 2s: the open model sends rate × duration calls, -c capping those in flight', async () => {
    const { code, out } = await load(
      empty,
      '--rate',
      '100',
      '--duration',
      '2s',
      '-c',
      '20',
      '--format',
      'json',
      '-q',
    );
    expect(code).toBe(0);
    const report = JSON.parse(out) as LoadReport;
    expect(report.plan.model).toEqual({ kind: 'open', rate: 100, durationMs: 2000, maxInFlight: 20 });
    expect(report.count).toBe(200);
    expect(report.statusCounts).toEqual({ OK: 200 });
    expect(report.dropped).toBe(0);
    expect(Math.abs(report.rps - 100)).toBeLessThanOrEqual(5);
  });

  test('a schema that does not load exits 1, as for call', async () => {
    const { code, out, err } = await load(empty, '--protoset', join(go.dir, 'absent.binpb'));
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toBe(
      `protodesk: The descriptor set ${join(go.dir, 'absent.binpb')} does not exist.\n  Check the path (relative paths start at the current folder).\n`,
    );
  });

  test('asserts that hold exit 0; a failing one exits 1 and says which and by how much', async () => {
    const passing = await load(
      empty,
      '-n',
      '100',
      '-c',
      '5',
      '-q',
      '--assert',
      'p99 < 10s',
      '--assert',
      'errors < 1%',
    );
    expect(passing.err).toBe('');
    expect(passing.code).toBe(0);
    expect(passing.out).not.toBe('');

    const failing = await load(
      empty,
      '-n',
      '100',
      '-c',
      '5',
      '-q',
      '--assert',
      'errors < 1%',
      '--assert',
      'rps > 1000000',
    );
    expect(failing.code).toBe(1);
    const lines = failing.err.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^protodesk: --assert 'rps > 1000000' failed: .*\d/);
  });

  test('a data file that makes a quarter of the calls fail: exact status counts, and errors < 1% fails', async () => {
    const rows = join(go.dir, 'statuses.csv');
    await writeFile(rows, 'code\n0\n0\n14\n0\n');
    // Variables fill string literals; protobuf JSON takes an int32 written as a string.
    const body = '{"responseSize": 1, "responseStatus": {"code": "{{code}}", "message": "planned failure"}}';
    const { code, out, err } = await load(
      unary,
      '-d',
      body,
      '--data-file',
      rows,
      '-n',
      '200',
      '-c',
      '8',
      '--format',
      'json',
      '--assert',
      'errors < 1%',
    );
    const report = JSON.parse(out) as LoadReport;
    expect(report.statusCounts).toEqual({ OK: 150, UNAVAILABLE: 50 });
    expect(report.errors).toEqual([{ status: 'UNAVAILABLE', message: 'planned failure', count: 50 }]);
    expect(report.thresholds).toEqual([expect.objectContaining({ threshold: 'errors < 1%', passed: false })]);
    expect(err).toMatch(/protodesk: --assert 'errors < 1%' failed: .*25/);
    expect(code).toBe(1);
  });

  test('--format csv and html -o write files; the HTML needs no network', async () => {
    const csv = join(go.dir, 'report.csv');
    const html = join(go.dir, 'reports', 'report.html');
    const csvRun = await load(empty, '-n', '50', '-c', '5', '--format', 'csv', '-o', csv);
    expect(csvRun.code).toBe(0);
    expect(csvRun.out).toBe('');
    const csvText = await readFile(csv, 'utf8');
    expect(csvText.split('\n').length).toBeGreaterThan(2);
    expect(csvText).toContain('50');

    const htmlRun = await load(empty, '-n', '50', '-c', '5', '--format', 'html', '-o', html);
    expect(htmlRun.code).toBe(0);
    const page = await readFile(html, 'utf8');
    expect(page).toMatch(/^<!doctype html>/i);
    expect(page).toContain(empty);
    expect(page).not.toMatch(/(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i);
    expect(page).not.toMatch(/url\(\s*["']?(?:https?:)?\/\//i);
  });

  test('the default summary prints the ghz-like text on stdout', async () => {
    const { code, out } = await load(empty, '-n', '40', '-c', '4', '-q');
    expect(code).toBe(0);
    expect(out).toContain('40');
    expect(out).toMatch(/p99/i);
  });

  test('on a terminal the progress line is rewritten in place, then erased before the summary', async () => {
    // script(1) runs the command on a pseudo-terminal, as a person's shell does; its output is that terminal's.
    const command = [
      process.execPath,
      bin,
      'load',
      go.target,
      empty,
      '--plaintext',
      '-c',
      '2',
      '--duration',
      '2s',
    ]
      .map((arg) => `'${arg}'`)
      .join(' ');
    const { code, out } = await spawnRun('script', ['-qefc', `stty cols 100; ${command}`, '/dev/null']);
    expect(code).toBe(0);
    // eslint-disable-next-line no-control-regex -- the terminal's erase-line sequence is what is tested
    expect(out).toMatch(/\r\d+\.\ds {2}[\d,]+ calls {2}[\d,]+\/s {2}p99 [\d.,]+ ms {2}errors 0 %\x1b\[K/);
    expect(out).toContain('\r\x1b[K');
    expect(out.slice(out.lastIndexOf('\x1b[K'))).toContain('p99');
  });

  test('Ctrl-C stops the run: in-flight calls cancelled, the report printed marked stopped, exit 130', async () => {
    const run = protodesk([
      'load',
      go.target,
      empty,
      '--plaintext',
      '-c',
      '4',
      '--duration',
      '30s',
      '--format',
      'json',
    ]);
    await run.until(() => run.err.includes('Ctrl-C stops it'));
    run.interrupt();
    expect(await run.exit).toBe(130);
    const report = JSON.parse(run.out) as LoadReport;
    expect(report.stopped).toBe(true);
    expect(report.elapsedMs).toBeLessThan(30_000);
    expect(report.inFlight).toBe(0);
    expect(run.err).toContain('protodesk: stopped by Ctrl-C after');
    expect(run.err).not.toMatch(/\n\s+at /);
  });
});
