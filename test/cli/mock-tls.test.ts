// `protodesk mock` over TLS and mutual TLS with grpcurl, and record mode in front of a TLS upstream.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { grpcGoTestdata, makeTestPki, type TestPki } from '../helpers/certs';
import { startGoReflect } from '../peers/go-reflect/server';
import { interopProtoFlags } from './call-harness';
import { grpcurl, killLeftovers, startMockCli, zooFlags, zooStubs } from './mock-harness';

let pki: TestPki;
beforeAll(async () => void (pki = await makeTestPki()));
afterAll(() => pki?.remove());
afterEach(killLeftovers);

test('mutual TLS: the first line says so, a client with a certificate the CA signed is answered, one without is refused', async () => {
  const mock = startMockCli([
    ...zooFlags,
    '--stubs',
    zooStubs,
    '--tls-cert',
    pki.server.cert,
    '--tls-key',
    pki.server.key,
    '--client-ca',
    pki.ca,
  ]);
  expect(await mock.firstLine).toMatch(/ on 127\.0\.0\.1:\d+ \(gRPC, gRPC-Web, Connect; mTLS\)$/);
  const address = await mock.address();
  const call = (...flags: string[]) =>
    grpcurl([
      ...flags,
      '-cacert',
      pki.ca,
      '-H',
      'x-tenant: a',
      '-d',
      '{"id": "7"}',
      address,
      'zoo.v1.Zoo/GetAnimal',
    ]);
  const answered = await call('-cert', pki.client.cert, '-key', pki.client.key);
  expect(answered.code, answered.stderr).toBe(0);
  expect(JSON.parse(answered.stdout)).toEqual({ id: '7', name: 'Tiger 7 for a' });
  const refused = await call();
  expect(refused.code).not.toBe(0);
  mock.child.kill('SIGTERM');
  expect((await mock.exit).code).toBe(0);
});

test('record mode reaches a TLS upstream with --cacert and --servername', async () => {
  const testdata = grpcGoTestdata();
  const upstream = await startGoReflect({ cert: testdata.cert, key: testdata.key });
  const stubs = await mkdtemp(join(tmpdir(), 'protodesk-mock-tls-'));
  try {
    const mock = startMockCli([
      ...interopProtoFlags,
      '--record',
      '--upstream',
      `127.0.0.1:${upstream.port}`,
      '--cacert',
      testdata.ca,
      '--servername',
      'foo.test.google.fr',
      '--stubs',
      stubs,
    ]);
    const address = await mock.address();
    const result = await grpcurl([
      '-plaintext',
      '-d',
      '{"responseSize": 2}',
      address,
      'grpc.testing.TestService/UnaryCall',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ payload: { body: 'AAA=' } });
    mock.child.kill('SIGTERM');
    expect((await mock.exit).code).toBe(0);
    expect(await readdir(join(stubs, 'grpc.testing.TestService'))).toEqual(['UnaryCall.json']);
  } finally {
    await upstream.stop();
    await rm(stubs, { recursive: true, force: true });
  }
});
