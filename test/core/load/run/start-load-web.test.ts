// The load engine's workers over the call channel (call-channel.ts): gRPC-Web and Connect through their HTTP client,
// and gRPC plans the raw HTTP/2 sender leaves to grpc-js (gzip), each worker connection its own TCP connection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoad } from '../../../../src/core/load/run/start-load';
import type { Schema } from '../../../../src/core/schema/schema';
import type { CallRequest } from '../../../../src/shared/call';
import { startConnectNode, type ConnectNodeServer } from '../../../peers/connect-node/server';
import { startGoReflect, type GoReflectServer } from '../../../peers/go-reflect/server';
import { connectionsTo, request, runLoad, testServiceSchema } from './load-helpers';

const unaryCall = 'grpc.testing.TestService/UnaryCall';
const fullDuplex = 'grpc.testing.TestService/FullDuplexCall';

let h2c: ConnectNodeServer;
let http11: ConnectNodeServer;
let goWeb: GoReflectServer;
let schema: Schema;

beforeAll(async () => {
  [h2c, http11, goWeb, schema] = await Promise.all([
    startConnectNode({ http: 'h2c' }),
    startConnectNode({ http: '1.1' }),
    startGoReflect({ grpcWeb: true }),
    testServiceSchema(),
  ]);
});
afterAll(() => Promise.all([h2c?.stop(), http11?.stop(), goWeb?.stop()]));

describe('startLoad over the call channel, against the gRPC-Web and Connect peers', () => {
  it.each<[string, Partial<CallRequest>]>([
    ['connect over h2c', { protocol: 'connect', options: { http2: true } }],
    ['grpc-web over h2c', { protocol: 'grpc-web', options: { http2: true } }],
    ['gRPC with gzip (grpc-js)', { options: { gzip: true } }],
  ])('%s: every call OK, over as many TCP connections as asked for', async (_, extra) => {
    const seen: number[] = [];
    const run = await startLoad(
      { schema, request: request(h2c.port, unaryCall, '{"responseSize": 3}', extra), values: new Map() },
      { model: { kind: 'closed', concurrency: 6, durationMs: 1_500 }, connections: 3, workers: 2 },
      () => void connectionsTo(h2c.port).then((count) => seen.push(count)),
    );
    const report = await run.done;
    expect(report.count).toBeGreaterThan(0);
    expect(report.statusCounts).toEqual({ OK: report.count });
    expect(report.bytesReceived).toBe(report.count * 7);
    expect(seen.length).toBeGreaterThan(0);
    expect(Math.max(...seen)).toBe(3);
  });

  it.each(['grpc-web', 'grpc-web-text'] as const)(
    '%s on HTTP/1.1 (grpc-go behind the gRPC-Web wrapper): a server stream per call, every response read',
    async (protocol) => {
      const body = '{"responseParameters": [{"size": 3}, {"size": 3}]}';
      const streaming = 'grpc.testing.TestService/StreamingOutputCall';
      const { report } = await runLoad(schema, request(goWeb.port, streaming, body, { protocol }), {
        model: { kind: 'closed', concurrency: 4, total: 100 },
        workers: 2,
      });
      expect(report.statusCounts).toEqual({ OK: 100 });
      expect(report.bytesReceived).toBe(100 * 2 * 7);
    },
  );

  it('a failed status over Connect is counted by name with its message', async () => {
    const body = '{"responseStatus": {"code": 5, "message": "no such thing"}}';
    const { report } = await runLoad(schema, request(http11.port, unaryCall, body, { protocol: 'connect' }), {
      model: { kind: 'closed', concurrency: 2, total: 40 },
    });
    expect(report.statusCounts).toEqual({ NOT_FOUND: 40 });
    expect(report.errors).toEqual([{ status: 'NOT_FOUND', message: 'no such thing', count: 40 }]);
  });

  it('a bidi plan over plaintext HTTP/1.1 is refused before any call, with what to do', async () => {
    const bidi = request(http11.port, fullDuplex, '{}', { protocol: 'grpc-web' });
    await expect(
      startLoad(
        { schema, request: bidi, values: new Map() },
        { model: { kind: 'closed', concurrency: 1, total: 1 } },
        () => undefined,
      ),
    ).rejects.toThrow(
      'gRPC-Web over HTTP/1.1 carries unary and server-streaming calls only; this method is bidi-streaming.',
    );
  });
});
