import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { constants } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import { protodeskRun } from './load-harness';

const unary = 'grpc.testing.TestService/UnaryCall';

let server: GoReflectServer;
let target: string;
let dir: string;
beforeAll(async () => {
  server = await startGoReflect();
  target = `127.0.0.1:${server.port}`;
  dir = await mkdtemp(join(tmpdir(), 'protodesk-load-export-'));
});
afterAll(async () => {
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('protodesk load --export writes the test for another tool and runs nothing', () => {
  test('--export locust -o f.py: a locustfile with the target, method and body', async () => {
    const file = join(dir, 'f.py');
    const { code, err } = await protodeskRun([
      'load',
      target,
      unary,
      '--plaintext',
      '-d',
      '{"responseSize": 3}',
      '--rate',
      '50',
      '--duration',
      '2s',
      '--export',
      'locust',
      '-o',
      file,
    ]);
    expect(code, err).toBe(0);
    expect(err).toBe(`Wrote ${file}\n`);
    const text = await readFile(file, 'utf8');
    expect(text).toContain('import grpc');
    expect(text).toContain(target);
    expect(text).toContain('"grpc.testing.TestService/UnaryCall"');
    expect(text).toContain('responseSize');
  });

  test('--export ghz -o cmd.sh: an executable ghz command line and the files it names', async () => {
    const file = join(dir, 'cmd.sh');
    const { code, err } = await protodeskRun([
      'load',
      target,
      unary,
      '--plaintext',
      '-d',
      '{"responseSize": 3}',
      '-c',
      '7',
      '-n',
      '70',
      '--export',
      'ghz',
      '-o',
      file,
    ]);
    expect(code, err).toBe(0);
    const written = err
      .replace(/^Wrote /, '')
      .trim()
      .split(', ');
    expect(written[0]).toBe(file);
    for (const path of written) await access(path, constants.R_OK);
    await access(file, constants.X_OK);
    const command = await readFile(file, 'utf8');
    expect(command).toContain('ghz');
    expect(command).toContain('grpc.testing.TestService/UnaryCall');
    expect(command).toMatch(/-c\s*=?\s*7\b|--concurrency[ =]7\b/);
    expect(command).toMatch(/-n\s*=?\s*70\b|--total[ =]70\b/);
  });
});
