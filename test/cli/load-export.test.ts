import { access, mkdtemp, readFile } from 'node:fs/promises';
import { constants } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { peers } from '../helpers/peer-paths';
import { goTarget, protodeskRun, spawnRun } from './load-harness';

const unary = 'grpc.testing.TestService/UnaryCall';
const protos = new URL('../fixtures/protos/', import.meta.url).pathname;

const go = goTarget('protodesk-load-export-');

describe('protodesk load --export writes the test for another tool and runs nothing', () => {
  test('--export locust -o f.py: a locustfile with the target, method and body', async () => {
    const file = join(go.dir, 'f.py');
    const { code, err } = await protodeskRun([
      'load',
      go.target,
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
    expect(text).toContain(go.target);
    expect(text).toContain('"grpc.testing.TestService/UnaryCall"');
    expect(text).toContain('responseSize');
  });

  test('--export ghz -o cmd.sh with --proto: one script that carries the .protoset, which ghz runs from anywhere', async () => {
    const file = join(go.dir, 'ghz', 'cmd.sh');
    const { code, err } = await protodeskRun([
      'load',
      go.target,
      unary,
      '--plaintext',
      ...['--proto', join(protos, 'grpc/testing/test.proto'), '-I', protos],
      ...['-d', '{"responseSize": 3}', '-c', '7', '-n', '70'],
      ...['--export', 'ghz', '-o', file],
    ]);
    expect(code, err).toBe(0);
    expect(err).toBe(`Wrote ${file}\n`);
    await access(file, constants.X_OK);
    const script = await readFile(file, 'utf8');
    expect(script.startsWith('#!/bin/sh\n')).toBe(true);

    // Started in another, empty folder, with ghz on the PATH, as a person would run it: the script writes the schema
    // ghz reads there.
    const elsewhere = await mkdtemp(join(go.dir, 'elsewhere-'));
    const ghzFolder = dirname(peers.ghz);
    const ran = await spawnRun('/bin/sh', ['-c', 'cd "$1" && "$2"', 'sh', elsewhere, file], {
      PATH: `${ghzFolder}:${process.env.PATH ?? ''}`,
    });
    expect(ran.code, ran.err).toBe(0);
    expect(ran.out).toMatch(/Count:\s+70\b/);
    expect(ran.out).toMatch(/\[OK\]\s+70 responses/);
    await access(join(elsewhere, 'grpc.testing.TestService.protoset'));
  });
});
