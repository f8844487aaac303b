import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testTlsHandshake } from '../../../src/core/tls/handshake';
import { grpcGoTestdata, makeTestPki, type TestPki } from '../../helpers/certs';
import { startGoReflect, type GoReflectServer } from '../../peers/go-reflect/server';

// "Test connection" of the TLS panel against grpc-go: what verifies, what does not and why, and a plaintext server.
describe('testTlsHandshake against grpc-go', () => {
  const servers: GoReflectServer[] = [];
  const port = { grpcGo: 0, plaintext: 0, mutual: 0, expired: 0 };
  let testdata: ReturnType<typeof grpcGoTestdata>;
  let pki: TestPki;

  beforeAll(async () => {
    testdata = grpcGoTestdata();
    pki = await makeTestPki();
    const start = async (flags: Parameters<typeof startGoReflect>[0]): Promise<number> => {
      const server = await startGoReflect(flags);
      servers.push(server);
      return server.port;
    };
    [port.grpcGo, port.plaintext, port.mutual, port.expired] = await Promise.all([
      start({ cert: testdata.cert, key: testdata.key }),
      start({}),
      start({ cert: pki.server.cert, key: pki.server.key, clientCa: pki.ca }),
      start({ cert: pki.expiredServer.cert, key: pki.expiredServer.key }),
    ]);
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await pki?.remove();
  });

  test('with grpc’s CA and a name the certificate holds: verified, the chain leaf first, HTTP/2 agreed', async () => {
    const report = await testTlsHandshake(`127.0.0.1:${port.grpcGo}`, {
      mode: 'tls',
      caFiles: [testdata.ca],
      serverName: 'foo.test.google.fr',
    });
    expect(report).toMatchObject({
      connected: true,
      verified: true,
      alpn: 'h2',
      host: { matches: true, matchedName: '*.test.google.fr' },
    });
    expect(report.message).toBeUndefined();
    expect(report.protocol).toMatch(/^TLSv1\.[23]$/);
    expect(report.chain.map((info) => info.dnsNames[0] ?? info.commonNames[0])).toEqual([
      '*.test.google.fr',
      'testca',
    ]);
    expect(report.chain[1]).toMatchObject({ isCA: true, selfSigned: true });
  });

  test('without the CA: connected and the chain shown, but not verified, naming the CA to add', async () => {
    const report = await testTlsHandshake(`127.0.0.1:${port.grpcGo}`, {
      mode: 'tls',
      serverName: 'foo.test.google.fr',
    });
    expect(report).toMatchObject({ connected: true, verified: false });
    expect(report.chain[0]!.dnsNames).toContain('*.test.google.fr');
    expect(report.message).toBe(
      'The server’s certificate chain ends at C=AU, ST=Some-State, O=Internet Widgits Pty Ltd, CN=testca, which the system roots do not trust.',
    );
    expect(report.hint).toMatch(/^Add the CA certificate of .*CN=testca to the profile \(custom CA\)/);
  });

  test('a name the certificate does not hold: verified chain, failed host check with a server name to use', async () => {
    const report = await testTlsHandshake(`127.0.0.1:${port.grpcGo}`, {
      mode: 'tls',
      caFiles: [testdata.ca],
    });
    expect(report).toMatchObject({ connected: true, verified: false, host: { matches: false } });
    expect(report.message).toMatch(
      /^The certificate is not valid for 127\.0\.0\.1; it names \*\.test\.google\.fr/,
    );
    expect(report.hint).toContain('e.g. foo.test.google.fr');
  });

  test('insecure mode says it would accept what does not verify', async () => {
    const report = await testTlsHandshake(`127.0.0.1:${port.grpcGo}`, { mode: 'tls', insecure: true });
    expect(report).toMatchObject({ connected: true, verified: false });
    expect(report.message).toMatch(/Insecure mode accepts it anyway\.$/);
  });

  test('a plaintext server: the server answered without TLS, use plaintext', async () => {
    const report = await testTlsHandshake(`127.0.0.1:${port.plaintext}`, { mode: 'tls' });
    expect(report).toEqual({
      connected: false,
      verified: false,
      chain: [],
      message: `The server at 127.0.0.1:${port.plaintext} answered without TLS (plaintext HTTP/2): use plaintext.`,
      hint: `Choose plaintext for this server, or write grpc://127.0.0.1:${port.plaintext}.`,
    });
  });

  test('a server that requires a client certificate says so; with one it verifies', async () => {
    const without = await testTlsHandshake(`localhost:${port.mutual}`, { mode: 'tls', caFiles: [pki.ca] });
    expect(without).toMatchObject({
      connected: false,
      verified: false,
      message: `The server at localhost:${port.mutual} requires a client certificate (mutual TLS).`,
    });
    const withCert = await testTlsHandshake(`localhost:${port.mutual}`, {
      mode: 'tls',
      caFiles: [pki.ca],
      certFile: pki.client.cert,
      keyFile: pki.client.key,
    });
    expect(withCert).toMatchObject({
      connected: true,
      verified: true,
      host: { matches: true, matchedName: 'localhost' },
    });
  });

  test('an expired server certificate is named with its date', async () => {
    const report = await testTlsHandshake(`127.0.0.1:${port.expired}`, { mode: 'tls', caFiles: [pki.ca] });
    expect(report).toMatchObject({
      connected: true,
      verified: false,
      message: 'The certificate for localhost expired on 2020-01-02 00:00:00 UTC.',
    });
  });

  test('nothing listening, a silent server, plaintext settings and unreadable files fail with a message', async () => {
    // Reads (so it sees the client leave) but never answers.
    const closed = createServer((socket) => socket.resume());
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const silentPort = (closed.address() as { port: number }).port;
    const silent = await testTlsHandshake(`127.0.0.1:${silentPort}`, { mode: 'tls' }, 300);
    expect(silent.message).toBe(`No TLS handshake with 127.0.0.1:${silentPort} within 0.3 s.`);
    await new Promise((resolve) => closed.close(resolve));
    const refused = await testTlsHandshake(`127.0.0.1:${silentPort}`, { mode: 'tls' });
    expect(refused).toMatchObject({
      connected: false,
      message: `Cannot reach 127.0.0.1:${silentPort}: connection refused — is the server running?`,
    });
    expect((await testTlsHandshake('127.0.0.1:1', { mode: 'plaintext' })).message).toMatch(
      /^This connection is plaintext/,
    );
    expect(
      (await testTlsHandshake('127.0.0.1:1', { mode: 'tls', caFiles: ['/nonexistent/ca.pem'] })).message,
    ).toBe('Cannot read the CA certificate file /nonexistent/ca.pem: no such file.');
  });
});
