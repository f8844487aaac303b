import { readFileSync } from 'node:fs';
import { createSecureServer } from 'node:http2';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HttpClient } from '../../../../src/core/wire/http/http-client';
import type { TlsSettings } from '../../../../src/shared/schema';
import { makeTestPki, type TestPki } from '../../../helpers/certs';
import { startTinyproxy, type Tinyproxy } from '../../../helpers/tinyproxy';
import { echo, listen, post, startHttp1, type TestServer } from './servers';

// Proxies as gRPC calls use them: HTTPS_PROXY (or https_proxy) opens a CONNECT tunnel through a real tinyproxy, then
// TLS, ALPN and HTTP run inside it; NO_PROXY bypasses it.
describe('HttpClient through an HTTP CONNECT proxy', () => {
  let proxy: Tinyproxy;
  let pki: TestPki;
  let http1: TestServer;
  let h2: TestServer;
  const clients: HttpClient[] = [];

  beforeAll(async () => {
    pki = await makeTestPki();
    [proxy, http1, h2] = await Promise.all([
      startTinyproxy(),
      startHttp1(),
      listen(
        createSecureServer(
          { cert: readFileSync(pki.server.cert), key: readFileSync(pki.server.key), allowHTTP1: true },
          echo as unknown as Parameters<typeof createSecureServer>[1],
        ),
      ),
    ]);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await Promise.all([proxy?.stop(), http1?.close(), h2?.close(), pki?.remove()]);
  });

  const client = (
    port: number,
    env: NodeJS.ProcessEnv,
    tls: TlsSettings = { mode: 'plaintext' },
  ): HttpClient => {
    const created = new HttpClient({
      hostPort: `127.0.0.1:${port}`,
      authority: `127.0.0.1:${port}`,
      tls,
      http2: false,
      env,
    });
    clients.push(created);
    return created;
  };
  const tunnelled = async (port: number): Promise<boolean> =>
    (await proxy.log()).includes(`CONNECT 127.0.0.1:${port}`);

  test('plaintext HTTP/1.1 goes through a CONNECT tunnel when HTTPS_PROXY names a proxy', async () => {
    const outcome = await post(client(http1.port, { HTTPS_PROXY: proxy.url }), 'via proxy');
    expect(outcome.body.toString()).toBe('via proxy');
    expect(await tunnelled(http1.port)).toBe(true);
  });

  test('TLS with ALPN h2 runs inside the tunnel (lower-case https_proxy)', async () => {
    const http = client(h2.port, { https_proxy: proxy.url }, { mode: 'tls', caFiles: [pki.ca] });
    const outcome = await post(http, 'tls via proxy');
    expect(outcome).toMatchObject({ status: 200, trailers: { 'x-body-bytes': '13' } });
    expect(http.httpVersion).toBe('2');
    expect(await tunnelled(h2.port)).toBe(true);
  });

  test('NO_PROXY naming the host bypasses the proxy', async () => {
    const server = await startHttp1();
    try {
      const outcome = await post(
        client(server.port, { HTTPS_PROXY: proxy.url, NO_PROXY: 'example.com, 127.0.0.1' }),
        'direct',
      );
      expect(outcome.body.toString()).toBe('direct');
      expect(await tunnelled(server.port)).toBe(false);
    } finally {
      await server.close();
    }
  });

  test('a proxy that cannot reach the server fails the request with the proxy’s status', async () => {
    const closed = await startHttp1();
    await closed.close();
    const outcome = await post(client(closed.port, { HTTPS_PROXY: proxy.url }), 'x');
    expect(outcome.events).toEqual(['error']);
    expect(outcome.error?.code).toBe('EPROXYREFUSED');
    expect(outcome.error?.message).toMatch(
      new RegExp(
        `^The proxy ${proxy.url} \\(from https_proxy\\) refused the CONNECT to 127\\.0\\.0\\.1:${closed.port} with status 5\\d\\d`,
      ),
    );
  });

  test('a proxy that is not listening fails with Node’s connect error, naming the proxy', async () => {
    const closed = await startHttp1();
    await closed.close();
    const outcome = await post(client(http1.port, { HTTPS_PROXY: `http://127.0.0.1:${closed.port}` }), 'x');
    expect(outcome.error?.code).toBe('ECONNREFUSED');
    expect(outcome.error?.message).toBe(
      `connect ECONNREFUSED 127.0.0.1:${closed.port} (the proxy http://127.0.0.1:${closed.port} from https_proxy)`,
    );
  });
});
