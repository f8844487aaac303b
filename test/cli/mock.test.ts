// `protodesk mock` as a user runs it: the built executable, grpcurl and grpc-js as its clients.
import { Client, credentials, Metadata } from '@grpc/grpc-js';
import { fromBinary, fromJson, toBinary, toJson } from '@bufbuild/protobuf';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { loadSchema } from '../../src/core/schema/load';
import type { MockLogEntry } from '../../src/shared/mock';
import { grpcurl, killLeftovers, startMockCli, zooFlags, zooProtos, zooStubs } from './mock-harness';

let scratch: string;
beforeAll(async () => void (scratch = await mkdtemp(join(tmpdir(), 'protodesk-mock-cli-'))));
afterAll(() => rm(scratch, { recursive: true, force: true }));
afterEach(killLeftovers);

const firstLinePattern =
  /^Mock serving 4 methods of 1 service on (127\.0\.0\.1:\d+) \(gRPC, gRPC-Web, Connect\)$/;

test('the first line names the address, the protocols and the methods; grpcurl discovers and calls; SIGTERM exits 0', async () => {
  const mock = startMockCli([...zooFlags, '--stubs', zooStubs]);
  const line = await mock.firstLine;
  expect(line).toMatch(firstLinePattern);
  const address = firstLinePattern.exec(line)![1]!;
  const list = await grpcurl(['-plaintext', address, 'list']);
  expect(list.stdout.split('\n')).toEqual(expect.arrayContaining(['zoo.v1.Zoo', 'grpc.health.v1.Health']));
  const got = await grpcurl([
    '-plaintext',
    '-H',
    'x-tenant: a',
    '-d',
    '{"id": "7"}',
    address,
    'zoo.v1.Zoo/GetAnimal',
  ]);
  expect(got.code, got.stderr).toBe(0);
  expect(JSON.parse(got.stdout)).toEqual({ id: '7', name: 'Tiger 7 for a' });
  const missing = await grpcurl(['-plaintext', '-d', '{"id": "404"}', address, 'zoo.v1.Zoo/GetAnimal']);
  expect(missing.code).toBe(64 + 5);
  expect(missing.stderr).toContain('no animal 404');
  mock.child.kill('SIGTERM');
  expect(await mock.exit).toMatchObject({ code: 0, signal: null, stderr: '' });
});

test('SIGTERM lets a stream in flight finish, then exits 0', async () => {
  const stubs = join(scratch, 'slow');
  await mkdir(join(stubs, 'zoo.v1.Zoo'), { recursive: true });
  await writeFile(
    join(stubs, 'zoo.v1.Zoo', 'ListAnimals.json'),
    JSON.stringify({
      format: 1,
      method: 'zoo.v1.Zoo/ListAnimals',
      rules: [
        {
          respond: {
            stream: [{ body: { name: 'a' } }, { body: { name: 'b' } }, { body: { name: 'c' } }],
            interval: '150ms',
          },
        },
      ],
    }),
  );
  const mock = startMockCli([...zooFlags, '--stubs', stubs]);
  const address = await mock.address();
  const schema = await loadSchema({
    kind: 'protoFiles',
    files: ['zoo/v1/zoo.proto'],
    importPaths: [zooProtos],
  });
  const method = schema.method('zoo.v1.Zoo/ListAnimals')!;
  const client = new Client(address, credentials.createInsecure());
  const names: unknown[] = [];
  const status = await new Promise<number>((resolve) => {
    const call = client.makeServerStreamRequest(
      '/zoo.v1.Zoo/ListAnimals',
      (json: object) => Buffer.from(toBinary(method.input, fromJson(method.input, json as never))),
      (bytes: Buffer) => toJson(method.output, fromBinary(method.output, bytes)),
      {},
      new Metadata(),
    );
    call.on('data', (animal: { name: string }) => {
      names.push(animal.name);
      // The first message says the call is in flight: stop the mock now.
      if (names.length === 1) mock.child.kill('SIGTERM');
    });
    call.on('error', () => undefined);
    call.on('status', (end: { code: number }) => resolve(end.code));
  });
  client.close();
  expect({ status, names }).toEqual({ status: 0, names: ['a', 'b', 'c'] });
  expect(await mock.exit).toMatchObject({ code: 0, signal: null });
});

test('--log writes one JSON line per call with authorization redacted; -v prints a line per call', async () => {
  const log = join(scratch, 'calls.jsonl');
  const mock = startMockCli([...zooFlags, '--stubs', zooStubs, '--log', log, '-v']);
  const address = await mock.address();
  const got = await grpcurl([
    '-plaintext',
    '-H',
    'authorization: Bearer s3cret-token',
    '-H',
    'x-tenant: a',
    '-d',
    '{"id": "7"}',
    address,
    'zoo.v1.Zoo/GetAnimal',
  ]);
  expect(got.code, got.stderr).toBe(0);
  await mock.stderrHas('zoo.v1.Zoo/GetAnimal OK');
  mock.child.kill('SIGTERM');
  const { code, stderr } = await mock.exit;
  expect(code).toBe(0);
  expect(stderr).toMatch(
    /^\d{4}-\d\d-\d\dT[\d:.]+Z grpc zoo\.v1\.Zoo\/GetAnimal OK [\d.]+ms, rule 1 of zoo\.v1\.Zoo\/GetAnimal\.json\n$/,
  );
  const text = await readFile(log, 'utf8');
  expect(text).not.toContain('s3cret');
  const entries = text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as MockLogEntry);
  expect(entries).toEqual([
    expect.objectContaining({
      method: 'zoo.v1.Zoo/GetAnimal',
      protocol: 'grpc',
      requests: [{ id: '7' }],
      responses: [{ id: '7', name: 'Tiger 7 for a' }],
      answer: { kind: 'rule', file: join('zoo.v1.Zoo', 'GetAnimal.json'), index: 0 },
      status: { code: 'OK', message: '' },
    }),
  ]);
  expect(entries[0]!.metadata).toMatchObject({ authorization: ['[redacted]'], 'x-tenant': ['a'] });
});

test('a bad stub is reported as file:line:column with a hint, and again when it changes; the others keep serving', async () => {
  const stubs = join(scratch, 'bad');
  const file = join(stubs, 'zoo.v1.Zoo', 'GetAnimal.json');
  await mkdir(join(stubs, 'zoo.v1.Zoo'), { recursive: true });
  await writeFile(
    file,
    '{\n  "format": 1,\n  "method": "zoo.v1.Zoo/GetAnimal",\n  "rules": [{ "respond": { "body": { "nmae": "x" } } }]\n}\n',
  );
  const mock = startMockCli([...zooFlags, '--stubs', stubs]);
  const address = await mock.address();
  await mock.stderrHas(`protodesk: ${file}:4:`);
  expect(mock.stderr()).toMatch(/"nmae"[^\n]*\n {2}\S/);
  // The method without a usable rule gets the fallback (a sample), the mock keeps serving.
  const got = await grpcurl(['-plaintext', '-d', '{"id": "1"}', address, 'zoo.v1.Zoo/GetAnimal']);
  expect(got.code, got.stderr).toBe(0);
  await writeFile(
    file,
    '{\n  "format": 1,\n  "method": "zoo.v1.Zoo/GetAnimal",\n  "rules": [{ "respond": { "body": { "name": "x" } } }]\n}\n',
  );
  await mock.stderrHas('the stubs have no problems now');
  const fixed = await grpcurl(['-plaintext', '-d', '{"id": "1"}', address, 'zoo.v1.Zoo/GetAnimal']);
  expect(JSON.parse(fixed.stdout)).toEqual({ name: 'x' });
  mock.child.kill('SIGINT');
  expect((await mock.exit).code).toBe(0);
});
