/**
 * Connect and gRPC-Web through the engine against a connect-node server (grpc.testing.TestService): every kind over
 * HTTP/2 (h2c and TLS), unary and server streaming over HTTP/1.1, rich errors as a bare connect-node client sees them,
 * deadlines, HTTP errors, and gzip both ways.
 */
import { connect as connectTcp, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConnectError, createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { fromBinary, toJson, type FileRegistry } from '@bufbuild/protobuf';
import type { CallProtocol, CallRequest } from '../../src/shared/call';
import type { TlsSettings } from '../../src/shared/schema';
import { CallEngine } from '../../src/core/call/engine';
import { callAndCollect } from '../helpers/collect-call';
import type { Schema } from '../../src/core/schema/schema';
import { startConnectNode, type ConnectNodeHttp, type ConnectNodeServer } from '../peers/connect-node/server';
import { grpcGoTestdata } from '../helpers/certs';
import { interopRegistry } from '../helpers/interop-registry';
import {
  deadlineHint,
  expectInteropStatus,
  interopCases,
  loadInteropSchema,
  sharedInteropStatuses,
  type ExpectedStatus,
  type InteropCaseName,
} from './interop-cases';
import { freePort } from '../helpers/free-port';

const testdata = grpcGoTestdata();

const notFound = {
  code: 12,
  name: 'UNIMPLEMENTED',
  message: 'Received HTTP status code 404',
  httpStatus: 404,
  hint: "Nothing answers this method's path (HTTP 404): check the method and the target's path prefix, or whether the server offers this protocol there.",
};

/** Every case a connect-node TestService answers, and the status it ends with, as a user sees it. */
const expected: Partial<Record<InteropCaseName, ExpectedStatus>> = {
  ...sharedInteropStatuses,
  // connect-node's router has no route for methods it does not implement: HTTP 404 for both.
  unimplemented_method: notFound,
  unimplemented_service: notFound,
  timeout_on_sleeping_server: {
    code: 4,
    name: 'DEADLINE_EXCEEDED',
    message: /^(No response within the [\d.]+ s deadline\.|the operation timed out)$/,
    hint: deadlineHint,
  },
};
/** What HTTP/1.1 carries: unary and server streaming. */
const http1Cases: InteropCaseName[] = [
  'empty_unary',
  'large_unary',
  'server_streaming',
  'custom_metadata',
  'status_code_and_message',
  'special_status_message',
  'unimplemented_method',
  'unimplemented_service',
  'timeout_on_sleeping_server',
];

const servers: {
  http: ConnectNodeHttp;
  scheme: string;
  tls: TlsSettings;
  http2: boolean;
  cases: InteropCaseName[];
}[] = [
  {
    http: 'h2c',
    scheme: 'http',
    tls: { mode: 'plaintext' },
    http2: true,
    cases: Object.keys(expected) as InteropCaseName[],
  },
  {
    http: 'h2',
    scheme: 'https',
    tls: { mode: 'tls', caFiles: [testdata.ca], serverName: 'foo.test.google.fr' },
    http2: false,
    cases: Object.keys(expected) as InteropCaseName[],
  },
  { http: '1.1', scheme: 'http', tls: { mode: 'plaintext' }, http2: false, cases: http1Cases },
];
/** connect-node answers grpc-web-text with 415: text mode is proven against the Go wrapper (web-grpc-web.test.ts). */
const protocols: CallProtocol[] = ['connect', 'grpc-web'];

describe.each(servers)(
  'interop cases against connect-node over HTTP $http',
  ({ http, scheme, tls, http2, cases }) => {
    let server: ConnectNodeServer;
    let engine: CallEngine;
    let schema: Schema;

    beforeAll(async () => {
      [server, schema] = await Promise.all([startConnectNode({ http }), loadInteropSchema()]);
      engine = new CallEngine();
    });
    afterAll(async () => {
      engine?.close();
      await server?.stop();
    });

    describe.each(protocols)('%s', (protocol) => {
      test.each(cases)('%s', async (name) => {
        const status = await interopCases[name]({
          engine,
          schema,
          target: `${scheme}://127.0.0.1:${server.port}`,
          tls,
          protocol,
          ...(http2 ? { options: { http2 } } : {}),
          halfDuplex: http === '1.1',
        });
        expectInteropStatus(status, expected[name]!);
      });
    });
  },
);

describe('Connect specifics against connect-node', () => {
  let h1: ConnectNodeServer;
  let h2c: ConnectNodeServer;
  let engine: CallEngine;
  let schema: Schema;
  let registry: FileRegistry;

  beforeAll(async () => {
    [h1, h2c, schema, registry] = await Promise.all([
      startConnectNode({ http: '1.1' }),
      startConnectNode({ http: 'h2c' }),
      loadInteropSchema(),
      interopRegistry(),
    ]);
    engine = new CallEngine();
  });
  afterAll(async () => {
    engine?.close();
    await Promise.all([h1?.stop(), h2c?.stop()]);
  });

  const request = (
    target: string,
    method: string,
    body: unknown,
    extra: Partial<CallRequest> = {},
  ): CallRequest => ({
    target,
    tls: { mode: 'plaintext' },
    protocol: 'connect',
    method: `grpc.testing.TestService/${method}`,
    metadata: [],
    requests: [JSON.stringify(body)],
    ...extra,
  });

  test.each(['details:bad-request', 'details:error-info'])(
    'rich error details (%s) decode to what a bare connect-node client gets',
    async (message) => {
      const body = { responseStatus: { code: 3, message } };
      const ours = await callAndCollect(engine, schema, request(h1.url, 'UnaryCall', body));
      expect(ours.status).toMatchObject({ code: 3, name: 'INVALID_ARGUMENT', message });
      expect(ours.status.httpStatus).toBeUndefined();

      const bare = createClient(
        registry.getService('grpc.testing.TestService')!,
        createConnectTransport({ baseUrl: h1.url, httpVersion: '1.1' }),
      ) as unknown as { unaryCall: (r: unknown) => Promise<unknown> };
      const error = await bare.unaryCall(body).then(
        () => undefined,
        (e: unknown) => ConnectError.from(e),
      );
      expect(error?.code).toBe(3);
      const theirs = error!.details.map((detail) => {
        const raw = detail as { type: string; value: Uint8Array };
        const desc = registry.getMessage(raw.type)!;
        return {
          '@type': `type.googleapis.com/${raw.type}`,
          ...(toJson(desc, fromBinary(desc, raw.value)) as object),
        };
      });
      expect(theirs).toHaveLength(1);
      expect(JSON.parse(ours.status.details!)).toEqual({ code: 3, message, details: theirs });
    },
  );

  test('a deadline ends a Connect server stream with DEADLINE_EXCEEDED, keeping what arrived before', async () => {
    const body = { responseParameters: [{ size: 3 }, { size: 4, intervalUs: 5_000_000 }] };
    const result = await callAndCollect(
      engine,
      schema,
      request(h1.url, 'StreamingOutputCall', body, { options: { deadlineMs: 300 } }),
    );
    expect(result.messages).toEqual([JSON.stringify({ payload: { body: 'AAAA' } })]);
    expect(result.status).toMatchObject({ code: 4, name: 'DEADLINE_EXCEEDED', hint: deadlineHint });
  });

  test('a client stream over HTTP/1.1 is refused before anything is sent, saying what to do', async () => {
    const events: unknown[] = [];
    await expect(
      engine.start(schema, request(h1.url, 'StreamingInputCall', {}), (event) => events.push(event)),
    ).rejects.toMatchObject({
      name: 'CallSetupError',
      message:
        'Connect over HTTP/1.1 carries unary and server-streaming calls only; this method is client-streaming. Nothing was sent.',
      hint: 'Turn on HTTP/2 if the server accepts it in plaintext (h2c): the "HTTP/2 (h2c)" setting in the app, --http2 in the CLI; or use TLS where the server offers HTTP/2.',
    });
    expect(events).toEqual([]);
  });

  test('a path the server does not serve ends UNIMPLEMENTED with HTTP 404 shown', async () => {
    const result = await callAndCollect(engine, schema, request(`${h1.url}/no/such/route`, 'EmptyCall', {}));
    expect(result.status).toMatchObject({
      code: 12,
      name: 'UNIMPLEMENTED',
      message: 'Received HTTP status code 404',
      httpStatus: 404,
    });
  });

  test('events come in gRPC order; the status names the HTTP version; a second call reuses the ready channel', async () => {
    const fresh = new CallEngine();
    try {
      for (const [server, http2, version] of [
        [h1, false, '1.1'],
        [h2c, true, '2'],
      ] as const) {
        const first: string[] = [];
        const one = await fresh.start(
          schema,
          request(server.url, 'EmptyCall', {}, { options: { http2 } }),
          (event) => first.push(event.type),
        );
        const end = await one.done;
        expect(end).toMatchObject({ status: { code: 0 }, httpVersion: version });
        expect(first).toEqual(['sent', 'headers', 'message', 'trailers', 'status']);
        expect(end.timings.channelReadyMs).toBeGreaterThan(0);
        const two = await fresh.start(
          schema,
          request(server.url, 'EmptyCall', {}, { options: { http2 } }),
          () => undefined,
        );
        expect((await two.done).timings.channelReadyMs).toBe(0);
      }
    } finally {
      fresh.close();
    }
  });

  test.each(['connect', 'grpc-web'] as const)(
    'a response over the receive limit ends RESOURCE_EXHAUSTED over %s, saying what to raise',
    async (protocol) => {
      const body = { responseSize: 314159 };
      const result = await callAndCollect(
        engine,
        schema,
        request(h1.url, 'UnaryCall', body, { protocol, options: { maxReceiveMessageBytes: 1000 } }),
      );
      expect(result.messages).toEqual([]);
      expect(result.status).toEqual({
        code: 8,
        name: 'RESOURCE_EXHAUSTED',
        // connect-node gzips large responses (the engine accepts gzip): the limit applies to what they decompress to.
        message: 'Received message that decompresses to a size larger than 1000',
        hint: 'A response exceeded the size limit: raise the maximum response size in the call options (CLI: --max-msg-sz).',
      });
    },
  );

  test('connection failures are explained as for gRPC', async () => {
    const closed = await freePort();
    const refused = await callAndCollect(
      engine,
      schema,
      request(`http://127.0.0.1:${closed}`, 'EmptyCall', {}),
    );
    expect(refused.status).toEqual({
      code: 14,
      name: 'UNAVAILABLE',
      message: `Cannot reach 127.0.0.1:${closed}: connection refused — is the server running?`,
      hint: 'Check the host and port.',
    });
    const tlsToPlaintext = await callAndCollect(engine, schema, {
      ...request(`https://127.0.0.1:${h1.port}`, 'EmptyCall', {}),
      tls: { mode: 'tls', caFiles: [testdata.ca] },
    });
    expect(tlsToPlaintext.status).toMatchObject({ code: 14, name: 'UNAVAILABLE' });
    expect(tlsToPlaintext.status.message).toMatch(
      new RegExp(`^The server at 127.0.0.1:${h1.port} does not speak TLS`),
    );
    expect(tlsToPlaintext.status.hint).toBe(
      `Switch TLS off (plaintext) for this server, or write http://127.0.0.1:${h1.port}.`,
    );
  });

  test('meeting the other HTTP version in plaintext says which to try', async () => {
    const h2cToHttp1 = await callAndCollect(engine, schema, {
      ...request(h1.url, 'EmptyCall', {}),
      options: { http2: true },
    });
    expect(h2cToHttp1.status).toMatchObject({ code: 14, name: 'UNAVAILABLE' });
    expect(h2cToHttp1.status.message).toMatch(
      new RegExp(`^The server at 127.0.0.1:${h1.port} did not answer HTTP/2 \\(h2c\\) in plaintext \\(`),
    );
    expect(h2cToHttp1.status.hint).toBe(
      `It may speak only HTTP/1.1: turn HTTP/2 off (the "HTTP/2 (h2c)" setting in the app, --http2 in the CLI); or, if it requires TLS, write https://127.0.0.1:${h1.port}.`,
    );
    const http1ToH2c = await callAndCollect(engine, schema, request(h2c.url, 'EmptyCall', {}));
    expect(http1ToH2c.status.message).toMatch(
      new RegExp(`^The server at 127.0.0.1:${h2c.port} did not answer HTTP/1.1 in plaintext \\(`),
    );
    expect(http1ToH2c.status.hint).toBe(
      `It may speak only HTTP/2: turn HTTP/2 on (the "HTTP/2 (h2c)" setting in the app, --http2 in the CLI); or, if it requires TLS, write https://127.0.0.1:${h2c.port}.`,
    );
  });

  describe.each(['connect', 'grpc-web'] as const)('gzip both ways over %s', (protocol) => {
    let spy: WireSpy;
    beforeAll(async () => (spy = await startWireSpy(h1.port)));
    afterAll(() => spy?.close());

    test('the request goes compressed, and the compressed response is read', async () => {
      const body = { responseSize: 20_000, payload: { body: Buffer.alloc(20_000).toString('base64') } };
      const result = await callAndCollect(
        engine,
        schema,
        request(`http://127.0.0.1:${spy.port}`, 'UnaryCall', body, { protocol, options: { gzip: true } }),
      );
      expect(result.status.code).toBe(0);
      expect(JSON.parse(result.messages[0]!)).toEqual({
        payload: { body: Buffer.alloc(20_000).toString('base64') },
      });
      // 20,000 zero bytes compress to well under 1 KB each way.
      const sent = spy.sent();
      const received = spy.received();
      const encoding = protocol === 'connect' ? 'content-encoding' : 'grpc-encoding';
      expect(sent).toMatch(new RegExp(`\\r\\n${encoding}: gzip\\r\\n`, 'i'));
      expect(received).toMatch(new RegExp(`\\r\\n${encoding}: gzip\\r\\n`, 'i'));
      expect(spy.bytesSent()).toBeLessThan(2_000);
      expect(spy.bytesReceived()).toBeLessThan(2_000);
    });
  });
});

/** A TCP relay in front of a server that keeps both directions' bytes: what really went over the wire. */
interface WireSpy {
  port: number;
  sent: () => string;
  received: () => string;
  bytesSent: () => number;
  bytesReceived: () => number;
  close: () => void;
}

async function startWireSpy(serverPort: number): Promise<WireSpy> {
  const up: Buffer[] = [];
  const down: Buffer[] = [];
  const sockets = new Set<Socket>();
  const relay: Server = createServer((client) => {
    const upstream = connectTcp(serverPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
    }
    client.on('data', (chunk: Buffer) => up.push(chunk));
    upstream.on('data', (chunk: Buffer) => down.push(chunk));
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const size = (chunks: Buffer[]): number => chunks.reduce((n, c) => n + c.length, 0);
  return {
    port: (relay.address() as { port: number }).port,
    sent: () => Buffer.concat(up).toString('latin1'),
    received: () => Buffer.concat(down).toString('latin1'),
    bytesSent: () => size(up),
    bytesReceived: () => size(down),
    close: () => {
      for (const socket of sockets) socket.destroy();
      relay.close();
    },
  };
}
