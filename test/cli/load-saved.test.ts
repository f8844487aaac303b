import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { LoadReport } from '../../src/shared/load';
import { goTarget, protodeskRun } from './load-harness';

const protos = new URL('../fixtures/protos/', import.meta.url).pathname;

const go = goTarget('protodesk-load-ws-');

/** Writes `value` as a workspace file at `path` (folders made as needed). */
async function workspaceFile(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(join(go.dir, path)), { recursive: true });
  await writeFile(join(go.dir, path), `${JSON.stringify(value, null, 2)}\n`);
}

/** A saved request of grpc-go's TestService whose target is `{{host}}`. */
const savedRequest = (method: string, fields: { metadata?: unknown[]; body: unknown }) => ({
  format: 1,
  method: `grpc.testing.TestService/${method}`,
  target: '{{host}}',
  metadata: [],
  ...fields,
});

// The workspace is the scratch folder: two saved requests, and an environment with `host` and the secret `token`.
beforeAll(async () => {
  await workspaceFile('protodesk.json', {
    format: 1,
    sources: [
      { kind: 'protoFiles', files: [join(protos, 'grpc/testing/test.proto')], importPaths: [protos] },
    ],
  });
  await workspaceFile(
    'collections/load/Unary.json',
    savedRequest('UnaryCall', { body: { responseSize: 2 } }),
  );
  await workspaceFile(
    'collections/load/Authorized.json',
    // Fails UNAVAILABLE with the token in its message: the server echoes it.
    savedRequest('UnaryCall', {
      metadata: [{ key: 'authorization', value: 'Bearer {{token}}' }],
      body: { responseStatus: { code: 14, message: 'denied {{token}}' } },
    }),
  );
  await workspaceFile('environments/local.json', {
    format: 1,
    variables: { host: go.target },
    secrets: ['token'],
  });
});

/** `protodesk load --workspace <temp go.dir> <args>`, its data folder in the go.dir (no secrets there). */
const load = (...args: string[]) =>
  protodeskRun(['load', '--workspace', go.dir, ...args], { PROTODESK_DATA_DIR: join(go.dir, '.data') });

describe('protodesk load --workspace runs a saved request', () => {
  test('its {{host}} from the environment, as `run` prints its name', async () => {
    const { code, out, err } = await load(
      '--request',
      'load/Unary',
      '--env',
      'local',
      '-n',
      '60',
      '-c',
      '6',
      '--format',
      'json',
    );
    expect(err).toContain('Load test of grpc.testing.TestService/UnaryCall');
    expect(code).toBe(0);
    const report = JSON.parse(out) as LoadReport;
    expect(report.count).toBe(60);
    expect(report.statusCounts).toEqual({ OK: 60 });
    expect(report.target).toBe(go.target);
    expect(report.method).toBe('grpc.testing.TestService/UnaryCall');
  });

  test('by its path in the workspace, with --var over the environment', async () => {
    const { code, out } = await load(
      '--request',
      'collections/load/Unary.json',
      '--var',
      `host=${go.target}`,
      '-n',
      '20',
      '-c',
      '2',
      '--format',
      'json',
    );
    expect(code).toBe(0);
    expect((JSON.parse(out) as LoadReport).statusCounts).toEqual({ OK: 20 });
  });

  test("--export locust: the saved request with its variables filled, and its source's schema", async () => {
    const file = join(go.dir, 'out', 'locustfile.py');
    const { code, err } = await load(
      '--request',
      'load/Unary',
      '--env',
      'local',
      '--export',
      'locust',
      '-o',
      file,
    );
    expect(code, err).toBe(0);
    const text = await readFile(file, 'utf8');
    expect(text).toContain(`TARGET = "${go.target}"`);
    expect(text).toContain('METHOD = "grpc.testing.TestService/UnaryCall"');
    expect(text).not.toContain('{{host}}');
  });

  test('the report hides a secret of the environment that the server echoed', async () => {
    const secret = 'echoed-secret-4242';
    const args = ['--request', 'load/Authorized', '--env', 'local', '--var', `token=${secret}`];
    const { code, out, err } = await load(...args, '-n', '4', '-c', '2', '--format', 'json');
    expect(code, err).toBe(0);
    const report = JSON.parse(out) as LoadReport;
    expect(report.statusCounts).toEqual({ UNAVAILABLE: 4 });
    expect(report.errors.map((error) => error.message).join('\n')).toContain('denied');
    expect(out).not.toContain(secret);
  });

  test('--export keeps a secret of the environment out of the file: it reads an environment variable', async () => {
    const secret = 'saved-request-secret-4242';
    for (const [kind, reference] of [
      ['locust', '"Bearer " + _secret("TOKEN", False) + ""'],
      ['ghz', `"authorization":"Bearer '"$(json_chars "$TOKEN")"'"`],
    ] as const) {
      const file = join(go.dir, 'out', `authorized-${kind}`);
      const args = ['--request', 'load/Authorized', '--env', 'local', '--var', `token=${secret}`];
      const { code, err } = await load(...args, '--export', kind, '-o', file);
      expect(code, err).toBe(0);
      const text = await readFile(file, 'utf8');
      expect(text, kind).not.toContain(secret);
      expect(text, kind).toContain(reference);
    }
  });

  test('a missing variable, request or environment is a usage error that says what there is', async () => {
    const unresolved = await load('--request', 'load/Unary', '-n', '5');
    expect(unresolved.code).toBe(2);
    expect(unresolved.err).toContain('Unresolved variable {{host}}');
    const request = await load('--request', 'load/Nope', '--env', 'local');
    expect(request.code).toBe(2);
    expect(request.err).toContain(
      'has no saved request "load/Nope". Saved requests: "load/Authorized", "load/Unary".',
    );
    const environment = await load('--request', 'load/Unary', '--env', 'prod');
    expect(environment.code).toBe(2);
    expect(environment.err).toContain('has no environment "prod". Environments: "local".');
    const folder = await protodeskRun([
      'load',
      '--workspace',
      join(go.dir, 'nope'),
      '--request',
      'load/Unary',
    ]);
    expect(folder.code).toBe(2);
    expect(folder.err).toContain('There is no workspace folder');
  });
});
