import { once } from 'node:events';
import http2, { type ClientHttp2Session, type Http2Server } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionPool } from '../../../src/core/wire/h2-sessions';

// A server allowing 2 concurrent streams, answering each after 50 ms: it counts the most streams it had open at once.
let server: Http2Server;
let origin: string;
let open = 0;
let peak = 0;

beforeAll(async () => {
  server = http2.createServer({ settings: { maxConcurrentStreams: 2 } });
  server.on('stream', (stream) => {
    open += 1;
    peak = Math.max(peak, open);
    stream.on('close', () => (open -= 1));
    setTimeout(() => {
      stream.respond({ ':status': 200 });
      stream.end('ok');
    }, 50);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => server.close());

/** Starts `count` requests on `session` at once; resolves with each stream's RST_STREAM code (0: it completed). */
function burst(session: ClientHttp2Session, count: number): Promise<number[]> {
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<number>((resolve) => {
          const stream = session.request({ ':method': 'POST', ':path': '/' });
          stream.on('error', () => undefined);
          stream.resume();
          stream.on('close', () => resolve(stream.rstCode));
          stream.end();
        }),
    ),
  );
}

describe("nghttp2 and the server's SETTINGS_MAX_CONCURRENT_STREAMS", () => {
  it('refuses streams past the limit sent before the SETTINGS arrived: why sessions wait for them', async () => {
    peak = 0;
    const session = http2.connect(origin);
    const codes = await burst(session, 6);
    session.close();
    expect(codes.filter((code) => code === http2.constants.NGHTTP2_REFUSED_STREAM).length).toBeGreaterThan(0);
  });

  it('holds streams past the limit itself once the SETTINGS arrived', async () => {
    peak = 0;
    const pool = new SessionPool({ origin, options: {} }, 1);
    const connection = pool.take();
    if (typeof connection === 'string') throw new Error(connection);
    await once(connection.session, 'remoteSettings');
    const codes = await burst(connection.session, 6);
    pool.close();
    expect(codes).toEqual([0, 0, 0, 0, 0, 0]);
    expect(peak).toBe(2);
  });
});
