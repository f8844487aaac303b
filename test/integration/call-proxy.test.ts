import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { CallRequest } from '../../src/shared/call';
import type { TlsSettings } from '../../src/shared/schema';
import { callAndCollect, type CollectedCall } from '../helpers/collect-call';
import { CallEngine } from '../../src/core/call/engine';
import { proxyEnvironment } from '../../src/core/connection/proxy-env';
import type { Schema } from '../../src/core/schema/schema';
import { startTinyproxy, type Tinyproxy } from '../helpers/tinyproxy';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import { grpcGoTestdata } from '../helpers/certs';
import { loadInteropSchema } from './interop-cases';

// grpc-js reads these from process.env when a channel is created; each test sets its own and gets the originals back.
const PROXY_VARIABLES = [
  'HTTPS_PROXY',
  'HTTP_PROXY',
  'NO_PROXY',
  'https_proxy',
  'http_proxy',
  'no_proxy',
  'grpc_proxy',
  'no_grpc_proxy',
];
const original = Object.fromEntries(PROXY_VARIABLES.map((name) => [name, process.env[name]]));

function restoreEnvironment(): void {
  for (const [name, value] of Object.entries(original)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}

/** Sets the upper-case variables a user would, with every other proxy variable cleared, then applies proxyEnvironment. */
function userSets(variables: Record<string, string>): ReturnType<typeof proxyEnvironment> {
  for (const name of PROXY_VARIABLES) delete process.env[name];
  Object.assign(process.env, variables);
  return proxyEnvironment();
}

const testdata = grpcGoTestdata();
const tlsSettings: TlsSettings = { mode: 'tls', caFiles: [testdata.ca], serverName: 'foo.test.google.fr' };

describe('calls through an HTTP CONNECT proxy (tinyproxy)', () => {
  let plain: GoReflectServer;
  let secure: GoReflectServer;
  let schema: Schema;
  let proxy: Tinyproxy;
  let engine: CallEngine;

  beforeAll(async () => {
    [plain, secure, schema, proxy] = await Promise.all([
      startGoReflect(),
      startGoReflect({ cert: testdata.cert, key: testdata.key }),
      loadInteropSchema(),
      startTinyproxy(),
    ]);
  });
  afterAll(async () => {
    restoreEnvironment();
    await Promise.all([plain?.stop(), secure?.stop(), proxy?.stop()]);
  });
  // A fresh engine per test: its channels are created after the test set the environment.
  beforeEach(() => {
    engine = new CallEngine();
  });
  afterEach(() => {
    engine.close();
    restoreEnvironment();
  });

  /** A small unary call: 3 zero bytes back. */
  function unary(server: GoReflectServer, tls: TlsSettings = { mode: 'plaintext' }): Promise<CollectedCall> {
    const request: CallRequest = {
      target: `127.0.0.1:${server.port}`,
      tls,
      method: 'grpc.testing.TestService/UnaryCall',
      metadata: [],
      requests: ['{"responseSize":3}'],
      options: { deadlineMs: 30_000 },
    };
    return callAndCollect(engine, schema, request);
  }

  const connects = async (server: GoReflectServer): Promise<number> =>
    (await proxy.log()).split('\n').filter((line) => line.includes(`CONNECT 127.0.0.1:${server.port} `))
      .length;

  test('HTTPS_PROXY sends a plaintext call through the proxy: the proxy logs the CONNECT', async () => {
    const before = await connects(plain);
    expect(userSets({ HTTPS_PROXY: proxy.url })).toEqual([
      { name: 'https_proxy', from: 'HTTPS_PROXY', value: proxy.url },
    ]);
    const result = await unary(plain);
    expect(result.status).toEqual({ code: 0, name: 'OK', message: '' });
    expect(result.messages).toEqual(['{"payload":{"body":"AAAA"}}']);
    expect(await connects(plain)).toBe(before + 1);
  });

  test('TLS runs inside the tunnel: certificate and server name are checked end to end', async () => {
    userSets({ HTTPS_PROXY: proxy.url });
    const before = await connects(secure);
    const result = await unary(secure, tlsSettings);
    expect(result.status).toEqual({ code: 0, name: 'OK', message: '' });
    expect(result.insecure).toBe(false);
    expect(await connects(secure)).toBe(before + 1);
  });

  test('HTTP_PROXY alone is honoured too', async () => {
    const before = await connects(plain);
    expect(userSets({ HTTP_PROXY: proxy.url })).toEqual([
      { name: 'http_proxy', from: 'HTTP_PROXY', value: proxy.url },
    ]);
    expect((await unary(plain)).status.name).toBe('OK');
    expect(await connects(plain)).toBe(before + 1);
  });

  test('NO_PROXY naming the target host bypasses the proxy', async () => {
    const before = await connects(plain);
    userSets({ HTTPS_PROXY: proxy.url, NO_PROXY: 'localhost, 127.0.0.1' });
    const result = await unary(plain);
    expect(result.status).toEqual({ code: 0, name: 'OK', message: '' });
    expect(await connects(plain)).toBe(before);
  });

  // The last two tests stop the proxy.
  test('with the proxy stopped, the call fails UNAVAILABLE instead of going direct', async () => {
    await proxy.stop();
    userSets({ HTTPS_PROXY: proxy.url });
    const { status, messages } = await unary(plain);
    expect(messages).toEqual([]);
    expect(status).toEqual({
      code: 14,
      name: 'UNAVAILABLE',
      message: `Cannot reach 127.0.0.1:${plain.port} through the proxy ${proxy.url} (from https_proxy): the proxy is down or refused the tunnel.`,
      hint: 'Check the proxy, or add the host to NO_PROXY to connect directly.',
    });
  });

  test('NO_PROXY bypasses even a stopped proxy', async () => {
    await proxy.stop();
    userSets({ HTTPS_PROXY: proxy.url, NO_PROXY: '127.0.0.0/8' });
    expect((await unary(plain)).status).toEqual({ code: 0, name: 'OK', message: '' });
  });
});
