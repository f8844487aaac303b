import { createServer as createHttpsServer } from 'node:https';
import { createServer as createHttp1Server } from 'node:http';
import { createSecureServer } from 'node:http2';
import { readFileSync } from 'node:fs';
import { createServer as createTlsServer } from 'node:tls';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TlsSettings } from '../../../../src/shared/schema';
import { HttpClient } from '../../../../src/core/wire/http/http-client';
import { grpcGoTestdata, makeTestPki, type TestPki } from '../../../helpers/certs';
import { echo, listen, post, until, type TestServer } from './servers';

// TLS as gRPC calls do it, against real Node TLS servers: ALPN decides the version, and every TLS mode of the
// settings (custom CA, mutual TLS, server-name override, insecure) behaves as it does for grpc-js channels.
describe('HttpClient over TLS', () => {
  let pki: TestPki;
  const servers: TestServer[] = [];
  const clients: HttpClient[] = [];
  const port = { h2: 0, http1: 0, noAlpn: 0, mutual: 0, mutualHttp1: 0, grpcGo: 0 };

  beforeAll(async () => {
    pki = await makeTestPki();
    const files = (cert: string, key: string) => ({ cert: readFileSync(cert), key: readFileSync(key) });
    const server = files(pki.server.cert, pki.server.key);
    const grpcGo = grpcGoTestdata();
    const start = async (created: Parameters<typeof listen>[0]): Promise<number> => {
      const started = await listen(created);
      servers.push(started);
      return started.port;
    };
    const h2Echo = echo as unknown as Parameters<typeof createSecureServer>[1];
    // A TLS server without ALPN in front of an HTTP/1.1 server: the client must fall back to HTTP/1.1.
    const plainHttp = createHttp1Server(echo);
    [port.h2, port.http1, port.noAlpn, port.mutual, port.mutualHttp1, port.grpcGo] = await Promise.all([
      start(createSecureServer({ ...server, allowHTTP1: true }, h2Echo)),
      start(createHttpsServer({ ...server, ALPNProtocols: ['http/1.1'] }, echo)),
      start(createTlsServer(server, (socket) => plainHttp.emit('connection', socket))),
      start(
        createSecureServer(
          {
            ...server,
            allowHTTP1: true,
            requestCert: true,
            rejectUnauthorized: true,
            ca: readFileSync(pki.ca),
          },
          h2Echo,
        ),
      ),
      start(
        createHttpsServer(
          { ...server, requestCert: true, rejectUnauthorized: true, ca: readFileSync(pki.ca) },
          echo,
        ),
      ),
      start(createSecureServer({ ...files(grpcGo.cert, grpcGo.key), allowHTTP1: true }, h2Echo)),
    ]);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await Promise.all(servers.map((server) => server.close()));
    await pki?.remove();
  });

  const client = (to: number, tls: TlsSettings, authority = `127.0.0.1:${to}`): HttpClient => {
    const created = new HttpClient({ hostPort: `127.0.0.1:${to}`, authority, tls, http2: false, env: {} });
    clients.push(created);
    return created;
  };
  const withCa = (extra: Partial<Extract<TlsSettings, { mode: 'tls' }>> = {}): TlsSettings => ({
    mode: 'tls',
    caFiles: [pki.ca],
    ...extra,
  });

  test('ALPN: a server offering h2 gets HTTP/2, with trailers', async () => {
    const http = client(port.h2, withCa());
    const outcome = await post(http, 'over h2');
    expect(outcome).toMatchObject({ status: 200, trailers: { 'x-body-bytes': '7' } });
    expect(outcome.body.toString()).toBe('over h2');
    expect(http.httpVersion).toBe('2');
  });

  test('ALPN: a server choosing http/1.1 gets HTTP/1.1; concurrent requests open more TLS sockets, then reuse them', async () => {
    const http = client(port.http1, withCa());
    const outcomes = await Promise.all(['a', 'b'].map((body) => post(http, body)));
    expect(outcomes.map((outcome) => outcome.body.toString())).toEqual(['a', 'b']);
    expect(outcomes[0]!.trailers).toEqual({ 'x-body-bytes': '1' });
    expect(http.httpVersion).toBe('1.1');
    const server = servers.find((started) => started.port === port.http1)!;
    expect(server.connections).toHaveLength(2);
    await Promise.all(['c', 'd'].map((body) => post(http, body)));
    expect(server.connections).toHaveLength(2);
  });

  test('connect() alone tells the negotiated version before any request, and the first request uses that socket', async () => {
    const http = client(port.http1, withCa());
    const states: string[] = [];
    http.onState((state) => states.push(state));
    const server = servers.find((started) => started.port === port.http1)!;
    const before = server.connections.length;
    http.connect();
    await until(() => http.state === 'ready');
    expect(http.httpVersion).toBe('1.1');
    expect((await post(http, 'first')).body.toString()).toBe('first');
    expect(server.connections.length - before).toBe(1);
    expect(states).toEqual(['connecting', 'ready']);
  });

  test('a TLS server without ALPN is spoken to in HTTP/1.1', async () => {
    const http = client(port.noAlpn, withCa());
    const outcome = await post(http, 'no alpn');
    expect(outcome.body.toString()).toBe('no alpn');
    expect(http.httpVersion).toBe('1.1');
  });

  test('a server certificate from an unknown CA fails with Node’s verification error', async () => {
    const outcome = await post(client(port.h2, { mode: 'tls', caFiles: [pki.otherCa] }), 'x');
    expect(outcome.events).toEqual(['error']);
    expect(outcome.error?.code).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE');
    expect(outcome.error?.message).toBe('unable to verify the first certificate');
  });

  test('the system roots alone do not trust a private CA', async () => {
    const outcome = await post(client(port.h2, { mode: 'tls' }), 'x');
    expect(outcome.error?.code).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE');
  });

  test('insecure accepts a certificate no CA vouches for', async () => {
    const outcome = await post(client(port.h2, { mode: 'tls', insecure: true }), 'insecure');
    expect(outcome.body.toString()).toBe('insecure');
  });

  test('mutual TLS: the client certificate is presented; without it the server refuses', async () => {
    const mutual = withCa({ certFile: pki.client.cert, keyFile: pki.client.key });
    expect((await post(client(port.mutual, mutual), 'mutual')).body.toString()).toBe('mutual');
    const refused = await post(client(port.mutual, withCa()), 'x');
    expect(refused.events).toEqual(['error']);
    expect(refused.error?.message).toMatch(/certificate required/);
  });

  test('mutual TLS over HTTP/1.1: the same, where the refusal reaches an idle pooled socket', async () => {
    const mutual = withCa({ certFile: pki.client.cert, keyFile: pki.client.key });
    expect((await post(client(port.mutualHttp1, mutual), 'mutual')).body.toString()).toBe('mutual');
    const refused = await post(client(port.mutualHttp1, withCa()), 'x');
    expect(refused.events).toEqual(['error']);
    expect(refused.error?.message).toMatch(/certificate required/);
  });

  test('server-name override: the certificate is checked against it; without it the mismatch names the certificate’s names', async () => {
    const grpcGo = grpcGoTestdata();
    const overridden = client(
      port.grpcGo,
      { mode: 'tls', caFiles: [grpcGo.ca], serverName: 'foo.test.google.fr' },
      'foo.test.google.fr',
    );
    expect((await post(overridden, 'named')).body.toString()).toBe('named');
    const mismatch = await post(client(port.grpcGo, { mode: 'tls', caFiles: [grpcGo.ca] }), 'x');
    expect(mismatch.error?.code).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
    expect(mismatch.error?.message).toContain("IP: 127.0.0.1 is not in the cert's list");
    expect(mismatch.error?.message).toContain('(certificate names: *.test.google.fr');
  });

  test('a client key that does not belong to the certificate fails with the engine’s TLS-files message', async () => {
    const outcome = await post(
      client(port.mutual, withCa({ certFile: pki.client.cert, keyFile: pki.server.key })),
      'x',
    );
    expect(outcome.events).toEqual(['error']);
    expect(outcome.error?.message).toMatch(/^The TLS files cannot be used: .*key values mismatch/);
    expect(outcome.error?.message).toContain('Check that the client key belongs to the client certificate.');
  });

  test('a missing CA file fails the request with the engine’s file message', async () => {
    const outcome = await post(client(port.h2, { mode: 'tls', caFiles: [`${pki.dir}/missing.pem`] }), 'x');
    expect(outcome.events).toEqual(['error']);
    expect(outcome.error?.message).toContain('missing.pem');
  });
});
