/**
 * gRPC-Web with every TLS mode gRPC calls have (custom CA, system roots, server-name checks, insecure, mutual TLS) and
 * through an HTTPS proxy, against grpc-go's interop server behind improbable-eng's wrapper: failures are explained the
 * same way as for gRPC.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { CallRequest } from '../../src/shared/call';
import type { TlsSettings } from '../../src/shared/schema';
import { callAndCollect } from '../helpers/collect-call';
import { CallEngine } from '../../src/core/call/engine';
import type { Schema } from '../../src/core/schema/schema';
import { grpcGoTestdata, makeTestPki, type TestPki } from '../helpers/certs';
import { startTinyproxy, type Tinyproxy } from '../helpers/tinyproxy';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import { loadInteropSchema, okStatus } from './interop-cases';

const testdata = grpcGoTestdata();

let schema: Schema;
let engine: CallEngine;
beforeAll(async () => {
  schema = await loadInteropSchema();
  engine = new CallEngine();
});
afterAll(() => engine?.close());

function unary(target: string, tls: TlsSettings): CallRequest {
  return {
    target,
    tls,
    protocol: 'grpc-web',
    method: 'grpc.testing.TestService/UnaryCall',
    metadata: [],
    requests: ['{"responseSize":3}'],
    options: { deadlineMs: 30_000 },
  };
}

describe('gRPC-Web over TLS modes', () => {
  let server: GoReflectServer;
  let mutual: GoReflectServer;
  let pki: TestPki;
  const url = (s: GoReflectServer): string => `https://127.0.0.1:${s.port}`;

  beforeAll(async () => {
    pki = await makeTestPki();
    [server, mutual] = await Promise.all([
      startGoReflect({ grpcWeb: true, cert: testdata.cert, key: testdata.key }),
      startGoReflect({ grpcWeb: true, cert: pki.server.cert, key: pki.server.key, clientCa: pki.ca }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([server?.stop(), mutual?.stop()]);
    await pki?.remove();
  });

  test('insecure accepts any certificate, and the status event says so', async () => {
    const result = await callAndCollect(engine, schema, unary(url(server), { mode: 'tls', insecure: true }));
    expect(result.status).toEqual(okStatus);
    expect(result.messages).toEqual(['{"payload":{"body":"AAAA"}}']);
    expect(result.insecure).toBe(true);
  });

  test('system roots do not trust the test CA: said as for gRPC, with what to do', async () => {
    const result = await callAndCollect(engine, schema, unary(url(server), { mode: 'tls' }));
    expect(result.status).toMatchObject({ code: 14, name: 'UNAVAILABLE' });
    expect(result.status.message).toMatch(
      new RegExp(`^The TLS certificate of 127.0.0.1:${server.port} is not signed by a trusted CA`),
    );
    expect(result.status.hint).toContain('Add the CA that signed the server certificate');
  });

  test("a server name the certificate does not hold is refused, naming the certificate's names", async () => {
    const result = await callAndCollect(
      engine,
      schema,
      unary(url(server), { mode: 'tls', caFiles: [testdata.ca] }),
    );
    expect(result.status).toMatchObject({ code: 14, name: 'UNAVAILABLE' });
    expect(result.status.message).toMatch(
      new RegExp(
        `^The TLS certificate of 127.0.0.1:${server.port} is not valid for the name 127.0.0.1; it names `,
      ),
    );
    expect(result.status.hint).toMatch(
      /^Set the server name in the TLS settings to a name the certificate holds/,
    );
  });

  test('mutual TLS: the client certificate is sent, and its absence is explained', async () => {
    const withCert = await callAndCollect(
      engine,
      schema,
      unary(url(mutual), {
        mode: 'tls',
        caFiles: [pki.ca],
        certFile: pki.client.cert,
        keyFile: pki.client.key,
      }),
    );
    expect(withCert.status).toEqual(okStatus);
    const without = await callAndCollect(
      engine,
      schema,
      unary(url(mutual), { mode: 'tls', caFiles: [pki.ca] }),
    );
    expect(without.status).toMatchObject({ code: 14, name: 'UNAVAILABLE' });
    expect(without.status.message).toBe(
      `The server at 127.0.0.1:${mutual.port} requires a client certificate (mutual TLS).`,
    );
  });
});

describe('gRPC-Web through an HTTPS proxy (tinyproxy)', () => {
  const variables = ['HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy', 'HTTP_PROXY', 'http_proxy'];
  const original = Object.fromEntries(variables.map((name) => [name, process.env[name]]));
  let plain: GoReflectServer;
  let proxy: Tinyproxy;

  beforeAll(async () => {
    [plain, proxy] = await Promise.all([startGoReflect({ grpcWeb: true }), startTinyproxy()]);
  });
  afterEach(() => {
    for (const [name, value] of Object.entries(original)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
  afterAll(async () => {
    await Promise.all([plain?.stop(), proxy?.stop()]);
  });

  const connects = async (): Promise<number> =>
    (await proxy.log()).split('\n').filter((line) => line.includes(`CONNECT 127.0.0.1:${plain.port} `))
      .length;

  test('HTTPS_PROXY tunnels the call, NO_PROXY bypasses the proxy', async () => {
    for (const name of variables) delete process.env[name];
    process.env.HTTPS_PROXY = proxy.url;
    const before = await connects();
    // A fresh engine: channels read the environment when they are created, as grpc-js's do.
    const proxied = new CallEngine();
    const through = await callAndCollect(
      proxied,
      schema,
      unary(`http://127.0.0.1:${plain.port}`, { mode: 'plaintext' }),
    );
    proxied.close();
    expect(through.status).toEqual(okStatus);
    expect(await connects()).toBe(before + 1);

    process.env.NO_PROXY = '127.0.0.1';
    const direct = new CallEngine();
    const bypassed = await callAndCollect(
      direct,
      schema,
      unary(`http://127.0.0.1:${plain.port}`, { mode: 'plaintext' }),
    );
    direct.close();
    expect(bypassed.status).toEqual(okStatus);
    expect(await connects()).toBe(before + 1);
  });
});
