import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { goTarget, protodeskRun } from './load-harness';

const empty = 'grpc.testing.TestService/EmptyCall';
const unary = 'grpc.testing.TestService/UnaryCall';

const go = goTarget('protodesk-load-usage-');

/** Runs `protodesk load` expecting a usage error: exit 2, one message on stderr, no report, no stack trace. */
async function usage(args: string[]): Promise<string> {
  const { code, out, err } = await protodeskRun(['load', ...args]);
  expect(code, err).toBe(2);
  expect(out).toBe('');
  expect(err).not.toMatch(/\n\s+at /);
  return err;
}

describe('protodesk load usage errors exit 2 and say what to do', () => {
  test('counts, durations and rates', async () => {
    expect(await usage([go.target, empty, '--plaintext', '-c', '0'])).toBe(
      'protodesk: The number of virtual users must be a whole number of 1 or more, not 0.\n' +
        '  Use a whole number from 1 to 10,000.\n',
    );
    expect(await usage([go.target, empty, '--plaintext', '-n', '-5'])).toBe(
      'protodesk: The number of calls in total must be a whole number of 1 or more, not -5.\n' +
        '  Use a whole number from 1 to 1,000,000,000.\n',
    );
    expect(await usage([go.target, empty, '--plaintext', '--duration', '5'])).toContain(
      'A bare number has no unit: write 5s for seconds or 5ms for milliseconds.',
    );
    expect(await usage([go.target, empty, '--plaintext', '--rate', '100'])).toBe(
      'protodesk: --rate needs --duration, how long to hold the rate: e.g. --rate 100 --duration 30s.\n',
    );
    expect(await usage([go.target, empty, '--plaintext', '--rate', 'fast', '--duration', '1s'])).toContain(
      '--rate must be a number, e.g. 50 or 0.5; got "fast".',
    );
    expect(await usage([go.target, empty, '--plaintext', '--ramp', '5s'])).toContain('give the rate too');
    expect(await usage([go.target, empty, '--plaintext', '--format', 'xml'])).toContain(
      'summary, json, csv, html',
    );
  });

  test('a threshold that does not parse is refused before anything is loaded', async () => {
    const err = await usage([go.target, empty, '--plaintext', '--assert', 'p99 <']);
    expect(err).toMatch(/^protodesk: .*p99 </);
    expect(err).toMatch(/p99 < 50ms|errors < 1%/);
  });

  test('unknown method, request JSON that does not fit, an unreadable data file', async () => {
    expect(await usage([go.target, 'grpc.testing.TestService/Nope', '--plaintext'])).toContain(
      'The service grpc.testing.TestService has no method "Nope". Methods: ',
    );
    expect(await usage([go.target, unary, '--plaintext', '-d', '{"responseSize": "big"}'])).toBe(
      'protodesk: The request (-d): responseSize: expected int32, got "big"\n',
    );
    expect(await usage([go.target, unary, '--plaintext', '-d', '{"responseSize": 1'])).toMatch(
      /^protodesk: The request \(-d\): Invalid JSON at line 1, column 19/,
    );
    expect(
      await usage([go.target, unary, '--plaintext', '--data-file', join(go.dir, 'absent.csv')]),
    ).toContain(join(go.dir, 'absent.csv'));
    expect(await usage([go.target, unary, '--plaintext', '-d', '@' + join(go.dir, 'absent.json')])).toContain(
      'cannot read the request file (no such file)',
    );
  });

  test('-d with several values, exports without -o, flags that do not go together', async () => {
    const two = join(go.dir, 'two.json');
    await writeFile(two, '{}\n{}\n');
    expect(await usage([go.target, unary, '--plaintext', '-d', `@${two}`])).toContain('holds 2 JSON values');
    expect(await usage([go.target, empty, '--plaintext', '--export', 'locust'])).toBe(
      'protodesk: --export locust writes a file: name it with -o, e.g. -o locustfile.py.\n',
    );
    expect(
      await usage([
        go.target,
        empty,
        '--plaintext',
        '--export',
        'ghz',
        '-o',
        join(go.dir, 'g.sh'),
        '--format',
        'json',
      ]),
    ).toContain('drop --format and --assert, or drop --export');
    expect(
      await usage([go.target, empty, '--plaintext', '-n', '10', '--rate', '5', '--duration', '1s']),
    ).toContain('Drop -n, or drop --rate.');
    expect(await usage([])).toContain('Name what to load-test');
    expect(await usage(['--workspace', go.dir, '--request', 'x', '--plaintext'])).toContain(
      '--workspace runs the saved request as it is saved: drop --plaintext',
    );
    expect(await usage([go.target, empty, '--env', 'ci'])).toContain('add --workspace DIR');
    expect(await usage([go.target, empty, '--plaintext', '-o', go.dir])).toContain(
      `-o ${go.dir} is a folder`,
    );
  });
});
