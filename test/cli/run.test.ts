import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli } from '../../src/cli/run';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';

const protos = new URL('../fixtures/protos/', import.meta.url).pathname;
const interop = ['--proto', join(protos, 'grpc/testing/test.proto'), '-I', protos];

/** Runs the command line in-process and captures what it prints. */
async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(args, { out: (t) => void (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

describe('protodesk list', () => {
  test('lists the services of .proto files', async () => {
    const result = await cli('list', ...interop);
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out.split('\n')).toEqual(
      expect.arrayContaining(['grpc.testing.TestService', 'grpc.testing.UnimplementedService']),
    );
  });

  test('lists one service’s methods, with kinds and types in --long', async () => {
    const result = await cli('list', 'grpc.testing.TestService', '--long', ...interop);
    expect(result.code).toBe(0);
    expect(result.out).toContain(
      'grpc.testing.TestService.FullDuplexCall\tbidi\tgrpc.testing.StreamingOutputCallRequest -> grpc.testing.StreamingOutputCallResponse',
    );
    expect(result.out).toContain('grpc.testing.TestService.StreamingInputCall\tclient_stream\t');
    expect(result.out).toContain('grpc.testing.TestService.UnaryCall\tunary\t');
  });

  test('names the services there are when the asked one is absent', async () => {
    const result = await cli('list', 'grpc.testing.Nope', ...interop);
    expect(result.code).toBe(2);
    expect(result.err).toContain(
      'There is no service "grpc.testing.Nope". Services: grpc.testing.TestService',
    );
  });

  test('says how to give a schema when none is given', async () => {
    const result = await cli('list');
    expect(result.code).toBe(2);
    expect(result.err).toBe(
      'protodesk: No schema given: pass a server address to use server reflection, or --proto FILE / --protoset FILE.\n',
    );
  });

  test('reports a broken proto with file:line:column and exits 1', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cli-'));
    await writeFile(join(dir, 'broken.proto'), 'syntax = "proto3";\nmessage A {\n  int32 x = 1\n}\n');
    const result = await cli('list', '--proto', join(dir, 'broken.proto'), '-I', dir);
    expect(result.code).toBe(1);
    // The path as on disk, so the terminal (or an editor) can open it.
    const start = `protodesk: ${join(dir, 'broken.proto')}:4:1: `;
    expect(result.err.slice(0, start.length)).toBe(start);
  });

  test('reports a missing file and exits 1', async () => {
    const result = await cli('list', '--protoset', '/nonexistent/set.binpb');
    expect(result.code).toBe(1);
    expect(result.err).toContain('/nonexistent/set.binpb does not exist');
  });
});

describe('protodesk describe and protoset', () => {
  test('describes a method as proto text', async () => {
    const result = await cli('describe', 'grpc.testing.TestService.UnaryCall', ...interop);
    expect(result.code).toBe(0);
    expect(result.out).toContain(
      'rpc UnaryCall ( .grpc.testing.SimpleRequest ) returns ( .grpc.testing.SimpleResponse )',
    );
  });

  test('writes a descriptor set that loads back to the same services', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'cli-')), 'interop.binpb');
    const written = await cli('protoset', '-o', out, ...interop);
    expect(written.code).toBe(0);
    expect((await readFile(out)).length).toBeGreaterThan(1000);
    const fromFiles = await cli('list', ...interop);
    const fromSet = await cli('list', '--protoset', out);
    expect(fromSet.out).toBe(fromFiles.out);
  });
});

describe('protodesk against a grpc-go server with reflection', () => {
  let server: GoReflectServer;
  beforeAll(async () => {
    server = await startGoReflect({ requireToken: 'cli-token' });
  });
  afterAll(() => server?.stop());

  test('lists services through reflection with grpcurl-style flags and -H metadata', async () => {
    const result = await cli(
      'list',
      `127.0.0.1:${server.port}`,
      '-plaintext',
      '-H',
      'authorization: Bearer cli-token',
    );
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out.split('\n')).toEqual(
      expect.arrayContaining([
        'grpc.testing.TestService',
        'grpc.reflection.v1.ServerReflection',
        'grpc.health.v1.Health',
      ]),
    );
  });

  test('says metadata may be missing when the server refuses reflection', async () => {
    const result = await cli('list', `127.0.0.1:${server.port}`, '--plaintext');
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/UNAUTHENTICATED|metadata/i);
  });

  test('describes a message fetched by reflection', async () => {
    const result = await cli(
      'describe',
      `127.0.0.1:${server.port}`,
      'grpc.testing.SimpleRequest',
      '--plaintext',
      '-H',
      'authorization: Bearer cli-token',
    );
    expect(result.code).toBe(0);
    expect(result.out).toContain('message SimpleRequest {');
  });
});
