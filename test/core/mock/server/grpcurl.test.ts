import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockServer } from '../../../../src/core/mock/server/mock-server';
import { loadSchema } from '../../../../src/core/schema/load';
import { makeTestPki, type TestPki } from '../../../helpers/certs';
import { runWithGrpcurl } from '../../../helpers/grpcurl';
import { fixtureProtos, startEchoMock } from './echo-mock';
import { readFile } from 'node:fs/promises';

// grpcurl discovers the mock by reflection only (no proto files), as a user pointing it at a mock would.
describe('grpcurl against the mock (plaintext)', () => {
  let server: MockServer;
  let address: string;
  beforeAll(async () => ({ server, address } = await startEchoMock()));
  afterAll(() => server.close(0));

  test('lists the schema services and the mock’s own reflection and health services', async () => {
    const { code, stdout } = await runWithGrpcurl(`grpcurl -plaintext ${address} list`);
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toEqual([
      'grpc.health.v1.Health',
      'grpc.reflection.v1.ServerReflection',
      'grpc.reflection.v1alpha.ServerReflection',
      'grpc.testing.LoadBalancerStatsService',
      'grpc.testing.ReconnectService',
      'grpc.testing.TestService',
      'grpc.testing.UnimplementedService',
      'grpc.testing.XdsUpdateClientConfigureService',
      'grpc.testing.XdsUpdateHealthService',
    ]);
  });

  test('describes a service and a message from the served descriptors, comments included', async () => {
    const service = await runWithGrpcurl(`grpcurl -plaintext ${address} describe grpc.testing.TestService`);
    expect(service.stdout).toContain(
      'rpc StreamingOutputCall ( .grpc.testing.StreamingOutputCallRequest ) returns ( stream .grpc.testing.StreamingOutputCallResponse );',
    );
    expect(service.stdout).toContain('// One request followed by one response.');
    const message = await runWithGrpcurl(`grpcurl -plaintext ${address} describe grpc.testing.SimpleRequest`);
    expect(message.stdout).toContain('.grpc.testing.Payload payload = 3;');
    const health = await runWithGrpcurl(`grpcurl -plaintext ${address} describe grpc.health.v1.Health.Watch`);
    expect(health.stdout).toContain('returns ( stream .grpc.health.v1.HealthCheckResponse )');
  });

  test('an unknown symbol is NOT_FOUND by reflection', async () => {
    const { code, stderr } = await runWithGrpcurl(`grpcurl -plaintext ${address} describe grpc.testing.Nope`);
    expect(code).not.toBe(0);
    expect(stderr).toContain('Symbol not found: grpc.testing.Nope');
  });

  test('a unary call with metadata: the response, its headers and trailers', async () => {
    const { code, stdout } = await runWithGrpcurl(
      `grpcurl -plaintext -v -H 'x-user: ada' -H 'x-grpc-test-echo-initial: hello' -H 'x-grpc-test-echo-trailing-bin: q6ur' ` +
        `-d '{"response_size": 3}' ${address} grpc.testing.TestService/UnaryCall`,
    );
    expect(code).toBe(0);
    expect(stdout).toContain('"body": "AAAA"');
    expect(stdout).toContain('"username": "ada"');
    expect(stdout).toMatch(
      /Response headers received:[\s\S]*x-grpc-test-echo-initial: hello[\s\S]*x-mock-protocol: grpc/,
    );
    expect(stdout).toMatch(/Response trailers received:\s*x-grpc-test-echo-trailing-bin: q6ur/);
  });

  test('a server stream: every message in order', async () => {
    const { code, stdout } = await runWithGrpcurl(
      `grpcurl -plaintext -d '{"response_parameters": [{"size": 1}, {"size": 2}, {"size": 4}]}' ${address} grpc.testing.TestService/StreamingOutputCall`,
    );
    expect(code).toBe(0);
    const bodies = [...stdout.matchAll(/"body": "([^"]*)"/g)].map((m) => Buffer.from(m[1]!, 'base64').length);
    expect(bodies).toEqual([1, 2, 4]);
  });

  test('an error: code, message and the typed details grpcurl prints', async () => {
    const { code, stderr } = await runWithGrpcurl(
      `grpcurl -plaintext -d '{"response_status": {"code": 5, "message": "no animal 404 – ünïcode"}}' ${address} grpc.testing.TestService/UnaryCall`,
    );
    expect(code).toBe(64 + 5);
    expect(stderr).toContain('Code: NotFound');
    expect(stderr).toContain('Message: no animal 404 – ünïcode');
    expect(stderr).toContain('"@type": "type.googleapis.com/google.rpc.ResourceInfo"');
    expect(stderr).toContain('"resourceName": "no animal 404 – ünïcode"');
  });

  test('health: SERVING for the server and each served service, NOT_FOUND for another', async () => {
    const check = (service: string): Promise<{ code: number; stdout: string; stderr: string }> =>
      runWithGrpcurl(
        `grpcurl -plaintext -d '{"service": "${service}"}' ${address} grpc.health.v1.Health/Check`,
      );
    for (const service of ['', 'grpc.testing.TestService', 'grpc.health.v1.Health']) {
      expect((await check(service)).stdout).toContain('"status": "SERVING"');
    }
    const unknown = await check('no.Such');
    expect(unknown.code).toBe(64 + 5);
    expect(unknown.stderr).toContain('unknown service no.Such');
  });

  test('a method the schema lacks: UNIMPLEMENTED, saying what is served', async () => {
    // With its own proto file grpcurl sends whatever it is told, as a client built for another schema would.
    const { code, stderr } = await runWithGrpcurl(
      `grpcurl -plaintext -import-path ${fixtureProtos} -proto rich/errors.proto -d '{}' ${address} rich.Errors/Fail`,
    );
    expect(code).toBe(64 + 12);
    expect(stderr).toContain(
      'Method rich.Errors/Fail is not served by this mock: its schema has no service rich.Errors',
    );
    expect(stderr).toContain('(it serves grpc.testing.TestService, grpc.testing.UnimplementedService');
  });

  test('Protodesk’s own reflection client loads the schema from the mock', async () => {
    const schema = await loadSchema({ kind: 'reflection', target: address, tls: { mode: 'plaintext' } });
    expect(schema.method('grpc.testing.TestService/FullDuplexCall')?.methodKind).toBe('bidi_streaming');
  });
});

describe('grpcurl against the mock over TLS and mTLS', () => {
  let pki: TestPki;
  let tlsServer: MockServer;
  let mtlsServer: MockServer;
  beforeAll(async () => {
    pki = await makeTestPki();
    const [cert, key, ca] = await Promise.all([
      readFile(pki.server.cert),
      readFile(pki.server.key),
      readFile(pki.ca),
    ]);
    ({ server: tlsServer } = await startEchoMock({ tls: { cert, key } }));
    ({ server: mtlsServer } = await startEchoMock({ tls: { cert, key, clientCa: ca } }));
  });
  afterAll(async () => {
    await Promise.all([tlsServer?.close(0), mtlsServer?.close(0)]);
    await pki?.remove();
  });

  test('TLS: grpcurl trusting the CA lists and calls', async () => {
    const { code, stdout } = await runWithGrpcurl(
      `grpcurl -cacert ${pki.ca} -d '{"response_size": 2}' 127.0.0.1:${tlsServer.port} grpc.testing.TestService/UnaryCall`,
    );
    expect(code).toBe(0);
    expect(stdout).toContain('"body": "AAA="');
  });

  test('TLS: a client that does not trust the certificate is refused', async () => {
    const { code, stderr } = await runWithGrpcurl(`grpcurl 127.0.0.1:${tlsServer.port} list`);
    expect(code).not.toBe(0);
    expect(stderr).toContain('certificate signed by unknown authority');
  });

  test('mTLS: a client certificate the CA signed is let in', async () => {
    const { code, stdout } = await runWithGrpcurl(
      `grpcurl -cacert ${pki.ca} -cert ${pki.client.cert} -key ${pki.client.key} 127.0.0.1:${mtlsServer.port} list grpc.testing.TestService`,
    );
    expect(code).toBe(0);
    expect(stdout).toContain('grpc.testing.TestService.UnaryCall');
  });

  test('mTLS: no client certificate, or one of another CA, is refused', async () => {
    const none = await runWithGrpcurl(`grpcurl -cacert ${pki.ca} 127.0.0.1:${mtlsServer.port} list`);
    expect(none.code).not.toBe(0);
    const other = await runWithGrpcurl(
      `grpcurl -cacert ${pki.ca} -cert ${pki.otherClient.cert} -key ${pki.otherClient.key} 127.0.0.1:${mtlsServer.port} list`,
    );
    expect(other.code).not.toBe(0);
    expect(`${none.stderr}${other.stderr}`).toMatch(/certificate|handshake|tls/i);
  });
});
