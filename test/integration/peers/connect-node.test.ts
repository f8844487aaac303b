import { toJson, type FileRegistry } from '@bufbuild/protobuf';
import { Code, ConnectError, type Transport } from '@connectrpc/connect';
import {
  createConnectTransport,
  createGrpcTransport,
  createGrpcWebTransport,
  type ConnectTransportOptions,
} from '@connectrpc/connect-node';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { grpcGoTestdata } from '../../helpers/certs';
import { interopMethods, interopRegistry, type InteropMethods } from '../../helpers/interop-registry';
import {
  startConnectNode,
  type ConnectNodeHttp,
  type ConnectNodeServer,
} from '../../peers/connect-node/server';

const SERVER_NAME = 'foo.test.google.fr';
const zeros = (size: number): string => Buffer.alloc(size).toString('base64');

async function* from<T>(items: T[]): AsyncGenerator<T> {
  yield* items;
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

// The connect-node peer (test/peers/connect-node, its own process) called by bare connect-node clients: the oracle the
// engine's Connect and gRPC-Web tests and the web benchmark rely on.
describe('connect-node peer (test/peers/connect-node)', () => {
  const testdata = grpcGoTestdata();
  const servers = {} as Record<ConnectNodeHttp, ConnectNodeServer>;
  let registry: FileRegistry;
  let methods: InteropMethods;

  beforeAll(async () => {
    const modes: ConnectNodeHttp[] = ['1.1', 'h2c', 'h2'];
    const started = await Promise.all(modes.map((http) => startConnectNode({ http })));
    modes.forEach((http, index) => (servers[http] = started[index]!));
    registry = await interopRegistry();
    methods = interopMethods(registry);
  });
  afterAll(() => Promise.all(Object.values(servers).map((server) => server.stop())));

  type Protocol = 'connect' | 'grpc-web' | 'grpc';
  const transport = (protocol: Protocol, http: ConnectNodeHttp, httpVersion: '1.1' | '2'): Transport => {
    const tls = http === 'h2' ? { ca: readFileSync(testdata.ca), servername: SERVER_NAME } : undefined;
    const options = { baseUrl: servers[http].url, httpVersion, ...(tls ? { nodeOptions: tls } : {}) };
    if (protocol === 'connect') return createConnectTransport(options as ConnectTransportOptions);
    if (protocol === 'grpc-web') return createGrpcWebTransport(options as ConnectTransportOptions);
    return createGrpcTransport({ baseUrl: options.baseUrl, ...(tls ? { nodeOptions: tls } : {}) });
  };

  /** The interop echo metadata: sent as request headers, expected back in the response header and trailer. */
  const echo = { 'x-grpc-test-echo-initial': 'hello', 'x-grpc-test-echo-trailing-bin': 'q6ur' };
  const expectEcho = (answer: { header: Headers; trailer: Headers }): void => {
    expect(answer.header.get('x-grpc-test-echo-initial')).toBe('hello');
    expect(answer.trailer.get('x-grpc-test-echo-trailing-bin')).toBe('q6ur');
  };

  /** UnaryCall with the interop echo metadata: the payload, the echoed header and trailer. */
  async function unary(t: Transport): Promise<void> {
    const answer = await t.unary(methods.unaryCall, undefined, undefined, echo, { responseSize: 31 });
    expect(toJson(methods.unaryCall.output, answer.message)).toEqual({ payload: { body: zeros(31) } });
    expectEcho(answer);
  }

  /** StreamingOutputCall: one response per parameter, of its size. */
  async function serverStream(t: Transport): Promise<void> {
    const input = { responseParameters: [{ size: 3 }, { size: 0 }, { size: 5, intervalUs: 2000 }] };
    const answer = await t.stream(
      methods.streamingOutputCall,
      undefined,
      undefined,
      undefined,
      from([input]),
    );
    const messages = await collect(answer.message);
    expect(messages.map((m) => toJson(methods.streamingOutputCall.output, m))).toEqual([
      { payload: { body: zeros(3) } },
      { payload: {} },
      { payload: { body: zeros(5) } },
    ]);
  }

  /** StreamingInputCall: the sum of the payloads' sizes. */
  async function clientStream(t: Transport): Promise<void> {
    const inputs = [27182, 8, 1828, 45904].map((size) => ({ payload: { body: new Uint8Array(size) } }));
    const answer = await t.stream(methods.streamingInputCall, undefined, undefined, undefined, from(inputs));
    const [message] = await collect(answer.message);
    expect(toJson(methods.streamingInputCall.output, message!)).toEqual({ aggregatedPayloadSize: 74922 });
  }

  /** FullDuplexCall: each response answers its request before the next request is sent (ping-pong); metadata echoed. */
  async function bidi(t: Transport): Promise<void> {
    const sizes = [31415, 9, 2653];
    const answered: number[] = [];
    const replied: (() => void)[] = [];
    const replies = sizes.map(() => new Promise<void>((resolve) => replied.push(resolve)));
    async function* requests(): AsyncGenerator<Record<string, unknown>> {
      for (const [index, size] of sizes.entries()) {
        yield { responseParameters: [{ size }] };
        await replies[index];
      }
    }
    const answer = await t.stream(methods.fullDuplexCall, undefined, undefined, echo, requests());
    for await (const message of answer.message) {
      const body = (toJson(methods.fullDuplexCall.output, message) as { payload: { body?: string } }).payload
        .body;
      answered.push(Buffer.from(body ?? '', 'base64').length);
      replied[answered.length - 1]?.();
    }
    expect(answered).toEqual(sizes);
    expectEcho(answer);
  }

  describe('h2c: all four kinds', () => {
    for (const protocol of ['connect', 'grpc-web', 'grpc'] as const) {
      test(`${protocol}: unary with echoed metadata, server, client and bidi streaming`, async () => {
        const t = transport(protocol, 'h2c', '2');
        await unary(t);
        await serverStream(t);
        await clientStream(t);
        await bidi(t);
      });
    }

    test('HalfDuplexCall answers once every request is in', async () => {
      const t = transport('connect', 'h2c', '2');
      const inputs = [
        { responseParameters: [{ size: 1 }] },
        { responseParameters: [{ size: 2 }, { size: 3 }] },
      ];
      const answer = await t.stream(methods.halfDuplexCall, undefined, undefined, undefined, from(inputs));
      const messages = await collect(answer.message);
      expect(messages.map((m) => toJson(methods.halfDuplexCall.output, m))).toEqual(
        [1, 2, 3].map((size) => ({ payload: { body: zeros(size) } })),
      );
    });

    for (const protocol of ['connect', 'grpc-web'] as const) {
      test(`${protocol}: response_status fails the call, with a BadRequest or ErrorInfo detail when asked`, async () => {
        const t = transport(protocol, 'h2c', '2');
        const fail = (message: string): Promise<unknown> =>
          t.unary(methods.unaryCall, undefined, undefined, undefined, {
            responseStatus: { code: Code.FailedPrecondition, message },
          });
        const plain = await fail('plain failure').catch((error: unknown) => error);
        expect(plain).toBeInstanceOf(ConnectError);
        expect(plain).toMatchObject({
          code: Code.FailedPrecondition,
          rawMessage: 'plain failure',
          details: [],
        });

        const badRequest = (await fail('details:bad-request').catch(
          (error: unknown) => error,
        )) as ConnectError;
        const [violation] = badRequest.findDetails(registry.getMessage('google.rpc.BadRequest')!);
        expect(toJson(registry.getMessage('google.rpc.BadRequest')!, violation!)).toEqual({
          fieldViolations: [{ field: 'response_size', description: 'too large' }],
        });

        const errorInfo = (await fail('details:error-info').catch((error: unknown) => error)) as ConnectError;
        const [info] = errorInfo.findDetails(registry.getMessage('google.rpc.ErrorInfo')!);
        expect(toJson(registry.getMessage('google.rpc.ErrorInfo')!, info!)).toEqual({
          reason: 'TEST_ERROR',
          domain: 'connect-node.test',
          metadata: { a: 'b' },
        });
      });

      test(`${protocol}: the server ends a call at its deadline with DEADLINE_EXCEEDED`, async () => {
        const t = transport(protocol, 'h2c', '2');
        // The deadline as a header only, so the server's timer ends the call, not the client's.
        const deadline =
          protocol === 'connect' ? { 'connect-timeout-ms': '100' } : { 'grpc-timeout': '100m' };
        const input = { responseParameters: [{ size: 1, intervalUs: 5_000_000 }] };
        const started = Date.now();
        const call = t
          .stream(methods.streamingOutputCall, undefined, undefined, deadline, from([input]))
          .then((answer) => collect(answer.message));
        await expect(call).rejects.toMatchObject({ code: Code.DeadlineExceeded });
        expect(Date.now() - started).toBeLessThan(4000);
      });
    }
  });

  describe('HTTP/1.1: unary and server streaming', () => {
    for (const protocol of ['connect', 'grpc-web'] as const) {
      test(protocol, async () => {
        const t = transport(protocol, '1.1', '1.1');
        await unary(t);
        await serverStream(t);
      });
    }
  });

  describe('TLS: ALPN offers h2 and http/1.1', () => {
    for (const protocol of ['connect', 'grpc-web'] as const) {
      test(`${protocol}: all four kinds over h2, unary and server streaming over http/1.1`, async () => {
        const h2 = transport(protocol, 'h2', '2');
        await unary(h2);
        await serverStream(h2);
        await clientStream(h2);
        await bidi(h2);
        const http1 = transport(protocol, 'h2', '1.1');
        await unary(http1);
        await serverStream(http1);
      });
    }
  });
});
