// The mock's life around its calls: close(grace) lets calls finish or aborts them, and a stream waits for a slow reader.
import { toJson } from '@bufbuild/protobuf';
import { Code } from '@connectrpc/connect';
import { createGrpcTransport } from '@connectrpc/connect-node';
import { connect } from 'node:http2';
import { once } from 'node:events';
import { describe, expect, test } from 'vitest';
import type { MockHandler } from '../../../../src/core/mock/handler';
import { startMockServer } from '../../../../src/core/mock/server/mock-server';
import { EnvelopeReader, writeEnvelope } from '../../../../src/core/wire/envelope';
import { interopMethods, interopRegistry } from '../../../helpers/interop-registry';
import { loadTestSchema, startEchoMock } from './echo-mock';

async function* from<T>(items: T[]): AsyncGenerator<T> {
  yield* items;
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe('close(grace)', () => {
  test('a call that ends within the grace finishes normally, then the port is closed', async () => {
    const { server, address } = await startEchoMock();
    const methods = interopMethods(await interopRegistry());
    const t = createGrpcTransport({ baseUrl: `http://${address}` });
    const input = { responseParameters: [{ size: 1 }, { size: 2, intervalUs: 150_000 }] };
    const answer = await t.stream(
      methods.streamingOutputCall,
      undefined,
      undefined,
      undefined,
      from([input]),
    );
    const messages = answer.message[Symbol.asyncIterator]();
    await messages.next();
    const closed = server.close(10_000);
    const rest = await collect({ [Symbol.asyncIterator]: () => messages });
    expect(rest.map((m) => toJson(methods.streamingOutputCall.output, m))).toEqual([
      { payload: { body: 'AAA=' } },
    ]);
    await closed;
    const refused = connect(`http://${address}`);
    const [error] = (await once(refused, 'error')) as [NodeJS.ErrnoException];
    expect(error.code).toBe('ECONNREFUSED');
  });

  test('a call still running after the grace is aborted: UNAVAILABLE for the client, the signal for the handler', async () => {
    const { server, address, seen } = await startEchoMock();
    const methods = interopMethods(await interopRegistry());
    const t = createGrpcTransport({ baseUrl: `http://${address}` });
    const input = { responseParameters: [{ size: 1 }, { size: 1, intervalUs: 60_000_000 }] };
    const answer = await t.stream(
      methods.streamingOutputCall,
      undefined,
      undefined,
      undefined,
      from([input]),
    );
    const messages = answer.message[Symbol.asyncIterator]();
    await messages.next();
    const started = Date.now();
    await server.close(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await seen[0]!.abortedNow).toBe('The mock server stopped while the call was in flight.');
    await expect(messages.next()).rejects.toMatchObject({ code: Code.Unavailable });
  });

  test('health Watch tells a watcher NOT_SERVING when the server stops, and ends without holding up close', async () => {
    const { server, address } = await startEchoMock();
    const session = connect(`http://${address}`);
    const stream = session.request({
      ':method': 'POST',
      ':path': '/grpc.health.v1.Health/Watch',
      'content-type': 'application/grpc',
      te: 'trailers',
    });
    stream.end(writeEnvelope(0, new Uint8Array()));
    const reader = new EnvelopeReader(1 << 20);
    const statuses: number[] = [];
    const first = new Promise<void>((resolve) =>
      stream.on('data', (chunk: Buffer) => {
        for (const envelope of reader.push(chunk)) statuses.push(envelope.data[1]!);
        resolve();
      }),
    );
    const trailers = new Promise<Record<string, unknown>>((resolve) => stream.once('trailers', resolve));
    await first;
    await server.close(30_000);
    expect(statuses).toEqual([1, 2]); // SERVING, then NOT_SERVING
    expect((await trailers)['grpc-status']).toBe('0');
    session.destroy();
  });
});

describe('backpressure', () => {
  test('a 100,000-message stream waits for a client that does not read, and delivers all once it does', async () => {
    const total = 100_000;
    const chunk = new Uint8Array(100).fill(7);
    let stalledAt: number | undefined;
    let stalled!: () => void;
    const stall = new Promise<void>((resolve) => (stalled = resolve));
    const handler: MockHandler = async (_call, reply) => {
      for (let i = 0; i < total; i++) {
        let resolved = false;
        const sent = reply.sendMessage(chunk).then(() => (resolved = true));
        await null; // a resolved sendMessage has settled after one microtask; a waiting one has not
        if (!resolved && stalledAt === undefined) {
          stalledAt = i;
          stalled();
        }
        await sent;
      }
      reply.finish({ code: 0, message: '' });
    };
    const server = await startMockServer({
      schema: await loadTestSchema(),
      handler,
      host: '127.0.0.1',
      port: 0,
    });
    const session = connect(`http://127.0.0.1:${server.port}`);
    const stream = session.request({
      ':method': 'POST',
      ':path': '/grpc.testing.TestService/StreamingOutputCall',
      'content-type': 'application/grpc',
      te: 'trailers',
    });
    stream.end(writeEnvelope(0, new Uint8Array()));
    await stall;
    // Flow control holds the rest: at most a few windows' worth (64 KiB each) went out, not the 10 MB.
    expect(stalledAt!).toBeLessThan(total / 10);
    const reader = new EnvelopeReader(1 << 20);
    let received = 0;
    stream.on('data', (data: Buffer) => (received += reader.push(data).length));
    const [[trailers]] = (await Promise.all([once(stream, 'trailers'), once(stream, 'end')])) as [
      [Record<string, string>],
      unknown,
    ];
    expect(received).toBe(total);
    expect(trailers['grpc-status']).toBe('0');
    session.close();
    await server.close(0);
  });
});

describe('starting', () => {
  test('a port in use is refused with what to do', async () => {
    const { server } = await startEchoMock();
    await expect(startEchoMock({ port: server.port })).rejects.toThrow(
      `The mock cannot listen on 127.0.0.1:${server.port}: the port is in use.`,
    );
    await server.close(0);
  });

  test('a key that does not fit the certificate is refused before listening', async () => {
    await expect(
      startEchoMock({ tls: { cert: Buffer.from('not a certificate'), key: Buffer.from('nor a key') } }),
    ).rejects.toThrow("The mock's TLS certificate, key or client CA cannot be used");
  });
});
