// "Export" of the Load test view through the service: the environment fills the request as for a run, a data file's
// rows are embedded, and a secret never reaches the page: the Locust file reads it from an environment variable when it
// starts, which is proven by running the file with Locust against grpc-go.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import type { CallRequest } from '../../../src/shared/call';
import type { LoadPlan } from '../../../src/shared/load';
import { grpcGoTestdata } from '../../helpers/certs';
import { peers } from '../../helpers/peer-paths';
import { loadServiceFixture } from './load-harness';
import { failureOf } from './service-harness';

// A quote and a backslash: inside a request body the value must be escaped as JSON, in metadata it must not.
const secret = 'LOAD"SECRET\\4242';
const execFileAsync = promisify(execFile);

const fixture = loadServiceFixture('protodesk-load-export-', secret);

/** UnaryCall failing UNAVAILABLE with the reason and the secret as its message, the secret also in a header. */
const failing: CallRequest = {
  target: '{{host}}',
  tls: { mode: 'plaintext' },
  method: 'grpc.testing.TestService/UnaryCall',
  metadata: [{ key: 'authorization', value: 'Bearer {{token}}' }],
  requests: [JSON.stringify({ responseStatus: { code: 14, message: '{{reason}} {{token}}' } })],
  options: { deadlineMs: 5_000 },
};

const plan: LoadPlan = { model: { kind: 'closed', concurrency: 2, total: 10 } };

describe('a Locust export', () => {
  test('reads the secret from an environment variable: none in the file, and Locust sends it filled', async () => {
    const { service, sourceId } = await fixture.workspace();
    const text = await service.load.export({
      sourceId,
      request: failing,
      context: { environment: 'ci' },
      plan,
      kind: 'locust',
    });
    expect(text).not.toContain('SECRET');
    expect(text).toContain(
      '# Secrets of the Protodesk environment are read from environment variables: TOKEN.',
    );
    expect(text).toContain(`"Bearer " + _secret("TOKEN", False) + ""`);
    expect(text).toContain('because-plain " + _secret("TOKEN", True) + "\\"}}');
    expect(text).toContain(`TARGET = "127.0.0.1:${fixture.go.port}"`);

    const dir = await mkdtemp(join(fixture.scratch, 'locust-'));
    await writeFile(join(dir, 'locustfile.py'), text);
    // Without the variable it says which one to set, before any call.
    const missing = await execFileAsync(peers.python, ['locustfile.py'], { cwd: dir, env: {} }).then(
      () => 'ran',
      (error: { code: number; stderr: string }) => `${error.code}: ${error.stderr.trim()}`,
    );
    expect(missing).toBe(
      '1: Set the environment variable TOKEN (a secret of the Protodesk environment), then start again.',
    );

    // Locust ends with exit code 1 when calls failed (all of them do here).
    const run = await execFileAsync(
      peers.locust,
      ['-f', 'locustfile.py', '--headless', '-u=2', '-r=2', '--json-file=run', '--html=report.html'],
      {
        cwd: dir,
        env: { ...process.env, TOKEN: secret },
      },
    ).then(
      () => ({ code: 0, output: '' }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        output: error.stdout + error.stderr,
      }),
    );
    expect(run.code, run.output).toBe(1);
    const final = JSON.parse(await readFile(join(dir, 'run.json'), 'utf8')) as {
      num_requests: number;
      num_failures: number;
    }[];
    expect(final.map((row) => [row.num_requests, row.num_failures])).toEqual([[10, 10]]);
    // The server echoed the body's message: the secret arrived whole, quote and backslash included.
    // Its HTML report lists failures as JSON data.
    const report = await readFile(join(dir, 'report.html'), 'utf8');
    expect(report).toContain(`"error": ${JSON.stringify(`UNAVAILABLE: because-plain ${secret}`)}`);
  });

  test("embeds a data file's rows, filled over the environment", async () => {
    const { service, sourceId } = await fixture.workspace();
    const rows = join(fixture.scratch, 'reasons.csv');
    await writeFile(rows, 'reason\nfirst-row\nsecond-row\n');
    const text = await service.load.export({
      sourceId,
      request: failing,
      context: { environment: 'ci' },
      plan: { ...plan, dataFile: rows },
      kind: 'locust',
    });
    expect(text).toContain('first-row " + _secret');
    expect(text).toContain('second-row " + _secret');
    expect(text).not.toContain('because-plain');
  });

  test('a variable the environment does not define is named', async () => {
    const { service, sourceId } = await fixture.workspace();
    const request = { ...failing, target: '{{elsewhere}}' };
    const failure = await failureOf(
      service.load.export({ sourceId, request, context: { environment: 'ci' }, plan, kind: 'locust' }),
    );
    expect(failure.message).toContain('{{elsewhere}}');
  });
});

describe('a ghz export', () => {
  test('is a script that writes the schema ghz needs and runs it, secrets read from the environment', async () => {
    const { service, sourceId } = await fixture.workspace();
    const script = await service.load.export({
      sourceId,
      request: failing,
      context: { environment: 'ci' },
      plan,
      kind: 'ghz',
    });
    expect(script).not.toContain('SECRET');
    expect(script).toContain(
      '# Secrets of the Protodesk environment are read from environment variables: TOKEN.',
    );
    expect(script).toContain(`-m '{"authorization":"Bearer '"$(json_chars "$TOKEN")"'"}'`);
    expect(script).toContain("base64 -d > grpc.testing.TestService.protoset <<'PROTODESK_BASE64'");

    const dir = await mkdtemp(join(fixture.scratch, 'ghz-'));
    await writeFile(join(dir, 'ghz.sh'), script);
    const path = `${dirname(peers.ghz)}:${process.env.PATH ?? ''}`;
    const missing = await execFileAsync('sh', ['ghz.sh'], { cwd: dir, env: { PATH: path } }).then(
      () => 'ran',
      (error: { stderr: string }) => error.stderr,
    );
    expect(missing).toContain('TOKEN: Set the environment variable TOKEN');

    const { stdout } = await execFileAsync('sh', ['ghz.sh'], {
      cwd: dir,
      env: { PATH: path, TOKEN: secret },
    });
    expect(stdout).toMatch(/Count:\s+10\n/);
    expect(stdout).toContain('[Unavailable]   10 responses');
    // The server echoed the body's message: the secret arrived whole, quote and backslash included.
    expect(stdout).toContain(`desc = because-plain ${secret}`);
  });
});

test("a TLS profile's pasted certificate is refused: the export could only name a temporary copy", async () => {
  const { service, sourceId } = await fixture.workspace();
  const ca = await readFile(grpcGoTestdata().ca, 'utf8');
  await service.tls.saveProfile({
    name: 'pasted',
    profile: { mode: 'customCa', caPem: ca },
    baseVersion: null,
    overwrite: false,
  });
  for (const kind of ['locust', 'ghz'] as const) {
    const failure = await failureOf(
      service.load.export({
        sourceId,
        request: failing,
        context: { environment: 'ci', tlsProfile: 'pasted' },
        plan,
        kind,
      }),
    );
    expect(failure.message).toBe(
      'This TLS profile holds its certificate as pasted PEM text, and an export can only name certificate files.',
    );
    expect(failure.hint).toContain('Save the certificate to a file');
  }
});
