import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunReport } from '../../../src/core/service/run/run-report';
import { FileSecretStore, secretScope } from '../../../src/core/workspace/secrets';
import { readJunitFile, validateJunitSchema } from '../../helpers/junit';
import { startGoReflect, type GoReflectServer } from '../../peers/go-reflect/server';
import { cli } from '../call-harness';

const workspace = new URL('../../fixtures/workspaces/interop', import.meta.url).pathname;
const bin = new URL('../../../bin/protodesk.js', import.meta.url).pathname;

let server: GoReflectServer;
let dataDir: string;
let host: string;
beforeAll(async () => {
  server = await startGoReflect();
  host = `127.0.0.1:${server.port}`;
  dataDir = await mkdtemp(join(tmpdir(), 'protodesk-run-'));
  // The command reads secrets from the data folder's secrets file.
  process.env.PROTODESK_DATA_DIR = dataDir;
});
afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** `protodesk run <fixture workspace> --var host=<the interop server> <args>` */
const run = (...args: string[]) => cli(['run', workspace, '--var', `host=${host}`, ...args]);

const assertionFailure = '$.payload.body: expected "<not & this>", got "AAA="';
const missingMethod = 'No schema source has grpc.testing.TestService/NoSuchCall.';

describe('protodesk run against the grpc-go interop server', () => {
  test('a passing collection: one line per request in natural order, a summary, exit 0', async () => {
    const { code, out, err } = await run('--collection', 'smoke', '--env', 'local');
    expect(err).toBe('');
    const lines = out.trim().split('\n');
    expect(lines.slice(0, 4).map((line) => line.replace(/\d+ ms$/, 'N ms'))).toEqual([
      '✓ smoke/1 Empty call  grpc.testing.TestService/EmptyCall  OK  N ms',
      '✓ smoke/2 Unary with payload  grpc.testing.TestService/UnaryCall  OK  N ms',
      '✓ smoke/10 Chained  grpc.testing.TestService/UnaryCall  NOT_FOUND  N ms',
      '✓ smoke/streams/Server stream  grpc.testing.TestService/StreamingOutputCall  OK  N ms',
    ]);
    expect(lines.at(-1)).toMatch(/^4 requests: 4 passed, 0 failed; 7 assertions: 0 failed; \d+\.\d\d s$/);
    expect(code).toBe(0);
  });

  test('json: captures feed later requests (a header into metadata, a body field into the body); progress on stderr', async () => {
    const { code, out, err } = await run('--collection', 'smoke', '--env', 'local', '--reporter', 'json');
    expect(code).toBe(0);
    expect(err).toContain('✓ smoke/10 Chained');
    const report = JSON.parse(out) as RunReport;
    expect(report.passed).toBe(true);
    const chained = report.results.find((result) => result.name === '10 Chained');
    expect(chained).toMatchObject({
      path: 'collections/smoke/10 Chained.json',
      method: 'grpc.testing.TestService/UnaryCall',
      status: { code: 5, name: 'NOT_FOUND', message: 'no payload AAAAAA==' },
      captures: [{ variable: 'echoedAgain', value: 'hello again' }],
      assertions: [{ assertion: 'status', passed: true, message: 'status is NOT_FOUND' }],
      passed: true,
    });
  });

  test('--env picks the environment; its secret comes from the secrets file in the data folder', async () => {
    await new FileSecretStore(join(dataDir, 'secrets.json')).set(
      secretScope(workspace, 'staging'),
      'greeting',
      'bonjour',
    );
    const { code, out } = await run('--collection', 'smoke', '--env', 'staging', '--reporter', 'json');
    expect(code).toBe(0);
    const report = JSON.parse(out) as RunReport;
    // The secret reached the server (it echoed it back) and the report shows where, not what.
    expect(report.results.find((result) => result.name === '10 Chained')?.captures).toEqual([
      { variable: 'echoedAgain', value: '{{greeting}} again' },
    ]);
    expect(out).not.toContain('bonjour');
    await new FileSecretStore(join(dataDir, 'secrets.json')).delete(
      secretScope(workspace, 'staging'),
      'greeting',
    );
  });

  test("--var gives a secret in CI, where the desktop app's keychain-encrypted secrets file cannot be read", async () => {
    const appData = join(dataDir, 'desktop');
    // What the desktop app writes: values encrypted by a cipher the command line does not have.
    const reversed = {
      encrypt: (text: string) => Buffer.from([...text].reverse().join('')),
      decrypt: (data: Buffer) => [...data.toString()].reverse().join(''),
    };
    await new FileSecretStore(join(appData, 'secrets.json'), reversed).set(
      secretScope(workspace, 'staging'),
      'greeting',
      'hej',
    );
    process.env.PROTODESK_DATA_DIR = appData;
    try {
      const refused = await run('--collection', 'smoke', '--env', 'staging');
      expect(refused.code).toBe(1);
      expect(refused.err).toContain(
        "is encrypted with the desktop app's keychain, which is not available here.",
      );
      const given = await run(
        '--collection',
        'smoke',
        '--env',
        'staging',
        '--var',
        'greeting=salut',
        '--reporter',
        'json',
      );
      expect(given.code).toBe(0);
      const report = JSON.parse(given.out) as RunReport;
      expect(report.results.find((result) => result.name === '10 Chained')?.captures).toEqual([
        { variable: 'echoedAgain', value: 'salut again' },
      ]);
    } finally {
      process.env.PROTODESK_DATA_DIR = dataDir;
    }
  });

  test('a request that cannot run (unresolved variable) fails with a clear error, and the run goes on', async () => {
    const { code, out } = await run('--collection', 'smoke');
    expect(code).toBe(1);
    expect(out).toContain('✓ smoke/1 Empty call');
    expect(out).toContain('✗ smoke/2 Unary with payload  grpc.testing.TestService/UnaryCall  not run  ');
    expect(out).toContain(
      '    error: Unresolved variable {{greeting}}: pick an environment that defines it.',
    );
    expect(out).toContain('✓ smoke/streams/Server stream');
    expect(out).toContain('4 requests: 2 passed, 2 failed (2 could not run)');
  });

  test('a failing run exits 1 and names the failed assertion and the request that could not run (pretty)', async () => {
    const { code, out } = await run('--env', 'local');
    expect(code).toBe(1);
    expect(out).toContain(`✗ wrong/Expects another payload  grpc.testing.TestService/UnaryCall  OK  `);
    expect(out).toContain(`\n    ✗ ${assertionFailure}\n`);
    expect(out).toContain(`✗ wrong/Missing method  grpc.testing.TestService/NoSuchCall  not run  `);
    expect(out).toContain(`    error: ${missingMethod}`);
    expect(out).toMatch(/6 requests: 4 passed, 2 failed \(1 could not run\); 9 assertions: 1 failed;/);
  });

  test('json: the failing run is reported with passed false and the assertion message', async () => {
    const { code, out } = await run('--env', 'local', '--collection', 'wrong', '--reporter', 'json');
    expect(code).toBe(1);
    const report = JSON.parse(out) as RunReport;
    expect(report.passed).toBe(false);
    expect(report.results.map((result) => [result.name, result.passed])).toEqual([
      ['Expects another payload', false],
      ['Missing method', false],
    ]);
    expect(report.results[0]?.assertions).toContainEqual({
      assertion: 'contains',
      passed: false,
      message: assertionFailure,
    });
    expect(report.results[1]?.error).toContain(missingMethod);
  });

  test('junit --output: a file the JUnit schema and junitparser accept, one suite per collection, failure and error', async () => {
    const file = join(dataDir, 'reports', 'protodesk.xml');
    const { code, out, err } = await run('--env', 'local', '--reporter', 'junit', '--output', file);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toContain('✗ wrong/Expects another payload');
    await validateJunitSchema(file);
    const junit = await readJunitFile(file);
    expect(junit).toMatchObject({ tests: 6, failures: 1, errors: 1 });
    expect(
      junit.suites.map(({ name, tests, failures, errors }) => ({ name, tests, failures, errors })),
    ).toEqual([
      { name: 'smoke', tests: 4, failures: 0, errors: 0 },
      { name: 'wrong', tests: 2, failures: 1, errors: 1 },
    ]);
    const [smoke, wrong] = junit.suites;
    expect(smoke?.cases.map((c) => [c.classname, c.name, c.results])).toEqual([
      ['smoke', '1 Empty call', []],
      ['smoke', '2 Unary with payload', []],
      ['smoke', '10 Chained', []],
      ['smoke.streams', 'Server stream', []],
    ]);
    expect(wrong?.cases[0]?.results).toEqual([
      { kind: 'Failure', type: 'contains', message: assertionFailure, text: `contains: ${assertionFailure}` },
    ]);
    expect(wrong?.cases[1]?.results).toMatchObject([{ kind: 'Error', type: 'RequestNotRun' }]);
    expect(wrong?.cases[1]?.results[0]?.message).toContain(missingMethod);
  });

  test('pretty --output: the progress on stdout, the same report in the file', async () => {
    const file = join(dataDir, 'pretty.txt');
    const { code, out } = await run('--env', 'local', '--collection', 'smoke', '--output', file);
    expect(code).toBe(0);
    expect(await readFile(file, 'utf8')).toBe(out);
  });
});

describe('protodesk run usage errors exit 2 and say what exists', () => {
  test('no such workspace folder', async () => {
    const missing = join(tmpdir(), 'no-such-protodesk-workspace');
    expect(await cli(['run', missing])).toEqual({
      code: 2,
      out: '',
      err: `protodesk: There is no workspace folder ${missing}.\n`,
    });
  });

  test('a folder without protodesk.json is not a workspace (and is left untouched)', async () => {
    const folder = join(dataDir, 'plain-folder');
    await mkdir(folder);
    const { code, err } = await cli(['run', folder]);
    expect(code).toBe(2);
    expect(err).toBe(`protodesk: ${folder} is not a Protodesk workspace: it has no protodesk.json.\n`);
    expect(await readFile(join(folder, 'protodesk.json')).catch(() => 'absent')).toBe('absent');
  });

  test('no such collection', async () => {
    const { code, err } = await cli(['run', workspace, '--collection', 'nope']);
    expect(code).toBe(2);
    expect(err).toBe(
      `protodesk: The workspace ${workspace} has no collection "nope". Collections: "smoke", "wrong".\n`,
    );
  });

  test('no such environment', async () => {
    const { code, err } = await cli(['run', workspace, '--env', 'prod']);
    expect(code).toBe(2);
    expect(err).toBe(
      `protodesk: The workspace ${workspace} has no environment "prod". Environments: "local", "staging".\n`,
    );
  });

  test('a bad reporter or --var', async () => {
    expect((await cli(['run', workspace, '--reporter', 'xml'])).code).toBe(2);
    expect(await cli(['run', workspace, '--var', 'novalue'])).toMatchObject({
      code: 2,
      err: 'protodesk: --var takes name=value, got "novalue".\n',
    });
  });
});

test('the built protodesk executable runs a workspace and writes JUnit', async () => {
  const file = join(dataDir, 'bin-report.xml');
  const result = await promisify(execFile)(
    process.execPath,
    [
      bin,
      'run',
      workspace,
      '--collection',
      'smoke',
      '--env',
      'local',
      '--var',
      `host=${host}`,
      '--reporter',
      'junit',
      '--output',
      file,
    ],
    { env: { ...process.env, PROTODESK_DATA_DIR: dataDir } },
  );
  expect(result.stderr).toContain('4 requests: 4 passed, 0 failed');
  await validateJunitSchema(file);
  expect(await readJunitFile(file)).toMatchObject({ tests: 4, failures: 0, errors: 0 });
});
