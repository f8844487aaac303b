// `protodesk run` (the built executable) against a grpc-js server that echoes the secret it is sent in its status
// message, a header and a trailer: no report, no output and no file outside the secrets file holds the secret's value.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunReport } from '../../../src/core/service/run/run-report';
import { FileSecretStore, secretScope } from '../../../src/core/workspace/secrets';
import { filesUnder } from '../../helpers/files-under';
import { readJunitFile, validateJunitSchema } from '../../helpers/junit';
import { startSecretEchoServer, type SecretEchoServer } from '../../peers/js-secret-echo/server';

const bin = new URL('../../../bin/protodesk.js', import.meta.url).pathname;
const protos = new URL('../../fixtures/protos/', import.meta.url).pathname;

const secret = 'RUNSECRET-42';
const shortSecret = 'bad';

let server: SecretEchoServer;
let root: string;
let workspace: string;
let dataDir: string;

/** A saved UnaryCall to the echo server, sending the token and asking for `answer`. */
const echoRequest = (answer: string, extra: Record<string, unknown> = {}) => ({
  format: 1,
  method: 'grpc.testing.TestService/UnaryCall',
  target: '{{host}}',
  metadata: [
    { key: 'authorization', value: 'Bearer {{token}}' },
    { key: 'x-answer', value: answer },
  ],
  body: {},
  ...extra,
});

async function writeJson(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(value, null, 2)}\n`);
}

beforeAll(async () => {
  server = await startSecretEchoServer();
  root = await mkdtemp(join(tmpdir(), 'protodesk-run-secrets-'));
  workspace = join(root, 'workspace');
  dataDir = join(root, 'data');
  await writeJson(join(workspace, 'protodesk.json'), {
    format: 1,
    sources: [
      {
        kind: 'protoFiles',
        files: [relative(workspace, join(protos, 'grpc/testing/test.proto'))],
        importPaths: [relative(workspace, protos)],
      },
    ],
  });
  await writeJson(join(workspace, 'environments', 'ci.json'), {
    format: 1,
    variables: { host: `127.0.0.1:${server.port}` },
    secrets: ['token', 'short'],
  });
  const leak = join(workspace, 'collections', 'leak');
  // Captures of a body field, a header and a trailer that hold the secret; an assertion that quotes it.
  await writeJson(
    join(leak, '1 Echo.json'),
    echoRequest('ok', {
      captures: [
        { variable: 'echoed', from: 'body', path: '$.username' },
        { variable: 'header', from: 'header', name: 'x-echo-auth' },
        { variable: 'trailer', from: 'trailer', name: 'x-echo-auth' },
      ],
      assertions: { contains: { username: 'someone else' } },
    }),
  );
  // The server's error message holds the secret, alone and inside a longer word.
  await writeJson(join(leak, '2 Fail.json'), echoRequest('fail'));
  // A short secret is sent; the server's "bad token" must come out as it was said.
  await writeJson(join(leak, '3 Short.json'), {
    ...echoRequest('short'),
    metadata: [
      { key: 'x-key', value: '{{short}}' },
      { key: 'x-answer', value: 'short' },
    ],
  });
  // The secret filled into a number field: the error that says the request is wrong quotes what was filled in.
  await writeJson(join(leak, '4 Bad body.json'), echoRequest('ok', { body: { responseSize: '{{token}}' } }));
  const store = new FileSecretStore(join(dataDir, 'secrets.json'));
  await store.set(secretScope(workspace, 'ci'), 'token', secret);
  await store.set(secretScope(workspace, 'ci'), 'short', shortSecret);
});
afterAll(async () => {
  await server?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

/** The built `protodesk run <workspace> --env ci <args>`, with the data folder holding the secrets. */
function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [bin, 'run', workspace, '--env', 'ci', ...args],
      { env: { ...process.env, PROTODESK_DATA_DIR: dataDir } },
      (error, out, err) => resolve({ code: error ? Number(error.code) : 0, out, err }),
    );
  });
}

const redactedFailure = 'expected status OK, got INVALID_ARGUMENT (tok {{token}}; again {{token}}99)';
const shortFailure = 'expected status OK, got UNAUTHENTICATED (bad token)';

describe('protodesk run keeps secret values out of every report', () => {
  test('json: status message, captures and assertion messages show {{token}}; stdout and stderr hold no secret', async () => {
    const { code, out, err } = await run('--reporter', 'json');
    expect(code).toBe(1);
    expect(out + err).not.toContain(secret);
    const report = JSON.parse(out) as RunReport;
    const [echo, fail, short, badBody] = report.results;
    expect(echo?.captures).toEqual([
      { variable: 'echoed', value: '{{token}}' },
      { variable: 'header', value: 'Bearer {{token}}' },
      { variable: 'trailer', value: 'Bearer {{token}}' },
    ]);
    expect(echo?.assertions).toEqual([
      { assertion: 'status', passed: true, message: 'status is OK' },
      {
        assertion: 'contains',
        passed: false,
        message: '$.username: expected "someone else", got "{{token}}"',
      },
    ]);
    expect(fail?.status).toEqual({
      code: 3,
      name: 'INVALID_ARGUMENT',
      message: 'tok {{token}}; again {{token}}99',
    });
    expect(fail?.assertions[0]?.message).toBe(redactedFailure);
    // "bad" is shorter than 6 characters: not hidden, so "bad token" is not mangled into "{{short}} token".
    expect(short?.status?.message).toBe('bad token');
    expect(short?.assertions[0]?.message).toBe(shortFailure);
    expect(badBody?.error).toContain('{{token}}');
    expect(err).toContain(`✗ ${redactedFailure}`);
  });

  test('pretty: the progress and the report file hold {{token}}, never the value', async () => {
    const file = join(root, 'reports', 'pretty.txt');
    const { code, out, err } = await run('--output', file);
    expect(code).toBe(1);
    const written = await readFile(file, 'utf8');
    expect(written).toBe(out);
    expect(out + err + written).not.toContain(secret);
    expect(out).toContain(`    ✗ ${redactedFailure}\n`);
    expect(out).toContain(`    ✗ ${shortFailure}\n`);
  });

  test('junit: failure messages and text hold {{token}}; the file is valid JUnit', async () => {
    const file = join(root, 'reports', 'junit.xml');
    const { code, out, err } = await run('--reporter', 'junit', '--output', file);
    expect(code).toBe(1);
    expect(out).toBe('');
    const written = await readFile(file, 'utf8');
    expect(err + written).not.toContain(secret);
    await validateJunitSchema(file);
    const [suite] = (await readJunitFile(file)).suites;
    expect(suite?.cases.find((c) => c.name === '2 Fail')?.results).toEqual([
      { kind: 'Failure', type: 'status', message: redactedFailure, text: `status: ${redactedFailure}` },
    ]);
    expect(suite?.cases.find((c) => c.name === '4 Bad body')?.results[0]?.message).toContain('{{token}}');
  });

  test('junit on stdout, and a secret given with --var (CI) is hidden the same way', async () => {
    const given = 'GIVEN-SECRET-7';
    const { code, out, err } = await run('--reporter', 'junit', '--var', `token=${given}`);
    expect(code).toBe(1);
    expect(out + err).not.toContain(given);
    expect(out).toContain('tok {{token}}; again {{token}}99');
  });

  test('after all those runs, only the secrets file holds the value: not the workspace, reports or data folder', async () => {
    await run('--reporter', 'json', '--output', join(root, 'reports', 'report.json'));
    const files = await filesUnder(root);
    expect(files.map((file) => file.path)).toEqual(
      expect.arrayContaining([
        join('data', 'secrets.json'),
        join('reports', 'report.json'),
        join('reports', 'junit.xml'),
      ]),
    );
    const holding = files.filter((file) => file.text.includes(secret)).map((file) => file.path);
    expect(holding).toEqual([join('data', 'secrets.json')]);
  });
});
