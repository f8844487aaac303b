import { create, fromBinary, toBinary, toJson, type DescMessage, type JsonValue } from '@bufbuild/protobuf';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockServer } from '../../../../src/core/mock/server/mock-server';
import type { Schema } from '../../../../src/core/schema/schema';
import { python } from '../../../helpers/protoc';
import { startEchoMock } from './echo-mock';

const script = fileURLToPath(new URL('py-client.py', import.meta.url));

interface PyCall {
  kind: 'unary' | 'server' | 'client' | 'bidi';
  path: string;
  requests: string[];
  metadata?: [string, string][];
}

interface PyResult {
  code: number;
  details: string;
  responses: string[];
  initial: [string, string][];
  trailing: [string, string][];
}

/** Runs the calls in one grpcio client process (test/core/mock/server/py-client.py). */
function runPython(address: string, calls: PyCall[]): Promise<PyResult[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(python, ['-B', script, address], { timeout: 60_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`py-client failed: ${stderr || error.message}`)) : resolve(JSON.parse(stdout)),
    );
    child.stdin!.end(JSON.stringify(calls));
  });
}

// grpcio (C-core) as the client: a gRPC stack that shares no code with node's HTTP/2.
describe('Python grpcio against the mock', () => {
  let server: MockServer;
  let schema: Schema;
  let address: string;
  let results: PyResult[];
  const message = (name: string): DescMessage => schema.message(`grpc.testing.${name}`)!;
  const encode = (name: string, json: Record<string, unknown>): string =>
    Buffer.from(toBinary(message(name), create(message(name), json))).toString('hex');
  const decode = (name: string, hex: string): JsonValue =>
    toJson(message(name), fromBinary(message(name), Buffer.from(hex, 'hex')));
  const echo: [string, string][] = [
    ['x-grpc-test-echo-initial', 'from-python'],
    ['x-grpc-test-echo-trailing-bin', 'cafe01'],
    ['x-user', 'grace'],
  ];

  beforeAll(async () => {
    ({ server, schema, address } = await startEchoMock());
    const service = '/grpc.testing.TestService';
    results = await runPython(address, [
      {
        kind: 'unary',
        path: `${service}/UnaryCall`,
        requests: [encode('SimpleRequest', { responseSize: 5 })],
        metadata: echo,
      },
      {
        kind: 'server',
        path: `${service}/StreamingOutputCall`,
        requests: [
          encode('StreamingOutputCallRequest', {
            responseParameters: [{ size: 1 }, { size: 2 }, { size: 3 }],
          }),
        ],
        metadata: echo,
      },
      {
        kind: 'client',
        path: `${service}/StreamingInputCall`,
        requests: [10, 20, 30].map((size) =>
          encode('StreamingInputCallRequest', { payload: { body: new Uint8Array(size) } }),
        ),
        metadata: echo,
      },
      {
        kind: 'bidi',
        path: `${service}/FullDuplexCall`,
        requests: [4, 0, 6].map((size) =>
          encode('StreamingOutputCallRequest', { responseParameters: [{ size }] }),
        ),
        metadata: echo,
      },
      {
        kind: 'unary',
        path: `${service}/UnaryCall`,
        requests: [encode('SimpleRequest', { responseStatus: { code: 7, message: 'not for you' } })],
      },
      { kind: 'unary', path: '/no.Such/Method', requests: [''] },
    ]);
  });
  afterAll(() => server.close(0));

  const expectEcho = (result: PyResult): void => {
    expect(result.initial).toContainEqual(['x-grpc-test-echo-initial', 'from-python']);
    expect(result.trailing).toContainEqual(['x-grpc-test-echo-trailing-bin', 'cafe01']);
  };

  test('unary: the response, the metadata the handler read, headers and binary trailers', () => {
    const [unary] = results;
    expect(unary!.code).toBe(0);
    expect(decode('SimpleResponse', unary!.responses[0]!)).toEqual({
      payload: { body: Buffer.alloc(5).toString('base64') },
      username: 'grace',
    });
    expectEcho(unary!);
    expect(unary!.initial).toContainEqual(['x-mock-protocol', 'grpc']);
  });

  test('server streaming: each message in order', () => {
    const stream = results[1]!;
    expect(stream.code).toBe(0);
    expect(stream.responses.map((hex) => decode('StreamingOutputCallResponse', hex))).toEqual(
      [1, 2, 3].map((size) => ({ payload: { body: Buffer.alloc(size).toString('base64') } })),
    );
    expectEcho(stream);
  });

  test('client streaming: one answer once the client ends', () => {
    const upload = results[2]!;
    expect(upload.code).toBe(0);
    expect(decode('StreamingInputCallResponse', upload.responses[0]!)).toEqual({ aggregatedPayloadSize: 60 });
    expectEcho(upload);
  });

  test('bidi streaming: an answer per request', () => {
    const bidi = results[3]!;
    expect(bidi.code).toBe(0);
    expect(bidi.responses.map((hex) => decode('StreamingOutputCallResponse', hex))).toEqual([
      { payload: { body: 'AAAAAA==' } },
      { payload: {} },
      { payload: { body: 'AAAAAAAA' } },
    ]);
    expectEcho(bidi);
  });

  test('an error: its code, message and grpc-status-details-bin', () => {
    const failed = results[4]!;
    expect(failed.code).toBe(7);
    expect(failed.details).toBe('not for you');
    const details = failed.trailing.find(([name]) => name === 'grpc-status-details-bin');
    expect(Buffer.from(details![1], 'hex').toString('latin1')).toContain(
      'type.googleapis.com/google.rpc.ResourceInfo',
    );
  });

  test('an unknown method: UNIMPLEMENTED with what the mock serves', () => {
    const unknown = results[5]!;
    expect(unknown.code).toBe(12);
    expect(unknown.details).toContain('Method no.Such/Method is not served by this mock');
  });
});
