import { toJson, type FileRegistry } from '@bufbuild/protobuf';
import { Code, ConnectError, type Transport } from '@connectrpc/connect';
import {
  createConnectTransport,
  createGrpcTransport,
  createGrpcWebTransport,
  type ConnectTransportOptions,
} from '@connectrpc/connect-node';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockServer } from '../../../../src/core/mock/server/mock-server';
import { makeTestPki, type TestPki } from '../../../helpers/certs';
import { interopMethods, interopRegistry, type InteropMethods } from '../../../helpers/interop-registry';
import { startEchoMock, type SeenCall } from './echo-mock';

const zeros = (size: number): string => Buffer.alloc(size).toString('base64');

async function* from<T>(items: T[]): AsyncGenerator<T> {
  yield* items;
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

// connect-node's own clients (a registry protoc compiled, not the code under test) against the mock.
describe('connect-node clients against the mock', () => {
  let server: MockServer;
  let tlsServer: MockServer;
  let seen: SeenCall[];
  let pki: TestPki;
  let ca: Buffer;
  let registry: FileRegistry;
  let methods: InteropMethods;

  beforeAll(async () => {
    pki = await makeTestPki();
    const [cert, key] = await Promise.all([readFile(pki.server.cert), readFile(pki.server.key)]);
    ca = await readFile(pki.ca);
    ({ server, seen } = await startEchoMock());
    ({ server: tlsServer } = await startEchoMock({ tls: { cert, key } }));
    registry = await interopRegistry();
    methods = interopMethods(registry);
  });
  afterAll(async () => {
    await Promise.all([server?.close(0), tlsServer?.close(0)]);
    await pki?.remove();
  });

  type Protocol = 'connect' | 'connect-json' | 'grpc-web' | 'grpc';
  const transport = (protocol: Protocol, httpVersion: '1.1' | '2', tls = false): Transport => {
    const baseUrl = tls ? `https://127.0.0.1:${tlsServer.port}` : `http://127.0.0.1:${server.port}`;
    const nodeOptions = tls ? { nodeOptions: { ca } } : {};
    const options = { baseUrl, httpVersion, ...nodeOptions } as ConnectTransportOptions;
    if (protocol === 'connect') return createConnectTransport({ ...options, useBinaryFormat: true });
    if (protocol === 'connect-json') return createConnectTransport({ ...options, useBinaryFormat: false });
    if (protocol === 'grpc-web') return createGrpcWebTransport({ ...options, useBinaryFormat: true });
    return createGrpcTransport({ baseUrl, ...nodeOptions });
  };

  const echo = {
    'x-grpc-test-echo-initial': 'hello',
    'x-grpc-test-echo-trailing-bin': 'q6ur',
    'x-user': 'ada',
  };

  async function unary(t: Transport, protocol: string): Promise<void> {
    const answer = await t.unary(methods.unaryCall, undefined, undefined, echo, { responseSize: 31 });
    expect(toJson(methods.unaryCall.output, answer.message)).toEqual({
      payload: { body: zeros(31) },
      username: 'ada',
    });
    expect(answer.header.get('x-grpc-test-echo-initial')).toBe('hello');
    expect(answer.header.get('x-mock-protocol')).toBe(protocol);
    expect(answer.trailer.get('x-grpc-test-echo-trailing-bin')).toBe('q6ur');
  }

  async function serverStream(t: Transport): Promise<void> {
    const input = { responseParameters: [{ size: 3 }, { size: 0 }, { size: 5, intervalUs: 2000 }] };
    const answer = await t.stream(methods.streamingOutputCall, undefined, undefined, echo, from([input]));
    const messages = await collect(answer.message);
    expect(messages.map((m) => toJson(methods.streamingOutputCall.output, m))).toEqual([
      { payload: { body: zeros(3) } },
      { payload: {} },
      { payload: { body: zeros(5) } },
    ]);
    expect(answer.trailer.get('x-grpc-test-echo-trailing-bin')).toBe('q6ur');
  }

  async function clientStream(t: Transport): Promise<void> {
    const inputs = [27182, 8, 1828, 45904].map((size) => ({ payload: { body: new Uint8Array(size) } }));
    const answer = await t.stream(methods.streamingInputCall, undefined, undefined, undefined, from(inputs));
    const [message] = await collect(answer.message);
    expect(toJson(methods.streamingInputCall.output, message!)).toEqual({ aggregatedPayloadSize: 74922 });
  }

  /** Ping-pong: each response arrives before the next request is sent, so the mock streams both ways at once. */
  async function bidi(t: Transport): Promise<void> {
    const sizes = [31415, 9, 2653];
    const replied: (() => void)[] = [];
    const replies = sizes.map(() => new Promise<void>((resolve) => replied.push(resolve)));
    async function* requests(): AsyncGenerator<Record<string, unknown>> {
      for (const [index, size] of sizes.entries()) {
        yield { responseParameters: [{ size }] };
        await replies[index];
      }
    }
    const answer = await t.stream(methods.fullDuplexCall, undefined, undefined, echo, requests());
    const answered: number[] = [];
    for await (const message of answer.message) {
      const json = toJson(methods.fullDuplexCall.output, message) as { payload: { body?: string } };
      answered.push(Buffer.from(json.payload.body ?? '', 'base64').length);
      replied[answered.length - 1]?.();
    }
    expect(answered).toEqual(sizes);
    expect(answer.trailer.get('x-grpc-test-echo-trailing-bin')).toBe('q6ur');
  }

  const wireName = (protocol: Protocol): string => (protocol === 'connect-json' ? 'connect' : protocol);

  for (const protocol of ['connect', 'connect-json', 'grpc-web', 'grpc'] as const) {
    test(`${protocol} over HTTP/2 (h2c): all four call kinds with headers and trailers`, async () => {
      const t = transport(protocol, '2');
      await unary(t, wireName(protocol));
      await serverStream(t);
      await clientStream(t);
      await bidi(t);
    });
  }

  for (const protocol of ['connect', 'connect-json', 'grpc-web'] as const) {
    test(`${protocol} over HTTP/1.1: unary and server streaming`, async () => {
      const t = transport(protocol, '1.1');
      await unary(t, wireName(protocol));
      await serverStream(t);
    });

    test(`${protocol}: an error has its code, message and typed details`, async () => {
      const t = transport(protocol, '2');
      const error = await t
        .unary(methods.unaryCall, undefined, undefined, undefined, {
          responseStatus: { code: Code.NotFound, message: 'no animal 404' },
        })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConnectError);
      expect(error).toMatchObject({ code: Code.NotFound, rawMessage: 'no animal 404' });
      const resourceInfo = registry.getMessage('google.rpc.ResourceInfo')!;
      const [detail] = (error as ConnectError).findDetails(resourceInfo);
      expect(toJson(resourceInfo, detail!)).toEqual({
        resourceType: 'animal',
        resourceName: 'no animal 404',
      });

      const streamError = await t
        .stream(
          methods.streamingOutputCall,
          undefined,
          undefined,
          undefined,
          from([
            {
              responseParameters: [{ size: 1 }],
              responseStatus: { code: Code.Aborted, message: 'stream failed' },
            },
          ]),
        )
        .then((answer) => collect(answer.message))
        .catch((e: unknown) => e);
      expect(streamError).toMatchObject({ code: Code.Aborted, rawMessage: 'stream failed' });
    });
  }

  for (const protocol of ['connect', 'grpc-web'] as const) {
    test(`${protocol} over TLS: HTTP/2 and HTTP/1.1 by ALPN`, async () => {
      const h2 = transport(protocol, '2', true);
      await unary(h2, protocol);
      await bidi(h2);
      const http1 = transport(protocol, '1.1', true);
      await unary(http1, protocol);
      await serverStream(http1);
    });
  }

  test('gRPC over TLS (h2 by ALPN): all four call kinds', async () => {
    const t = transport('grpc', '2', true);
    await unary(t, 'grpc');
    await serverStream(t);
    await clientStream(t);
    await bidi(t);
  });

  for (const protocol of ['connect', 'grpc-web', 'grpc'] as const) {
    test(`${protocol}: the deadline ends the call with DEADLINE_EXCEEDED and aborts the handler’s signal`, async () => {
      const t = transport(protocol, '2');
      // The deadline as a header only, so the mock's timer ends the call, not the client's.
      const deadline = protocol === 'connect' ? { 'connect-timeout-ms': '100' } : { 'grpc-timeout': '100m' };
      const before = seen.length;
      const input = { responseParameters: [{ size: 1, intervalUs: 30_000_000 }] };
      const call = t
        .stream(methods.streamingOutputCall, undefined, undefined, deadline, from([input]))
        .then((answer) => collect(answer.message));
      await expect(call).rejects.toMatchObject({ code: Code.DeadlineExceeded });
      expect(await seen[before]!.abortedNow).toBe('Deadline exceeded');
    });

    test(`${protocol}: a client that cancels aborts the handler’s signal`, async () => {
      const t = transport(protocol, '2');
      const before = seen.length;
      const controller = new AbortController();
      const input = { responseParameters: [{ size: 1 }, { size: 1, intervalUs: 30_000_000 }] };
      const answer = await t.stream(
        methods.streamingOutputCall,
        controller.signal,
        undefined,
        undefined,
        from([input]),
      );
      const messages = answer.message[Symbol.asyncIterator]();
      await messages.next();
      controller.abort();
      expect(await seen[before]!.abortedNow).toBe('The client cancelled the call.');
    });
  }
});
