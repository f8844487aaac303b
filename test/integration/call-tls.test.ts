import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CallStatus } from '../../src/shared/call';
import type { TlsSettings } from '../../src/shared/schema';
import { callAndCollect, type CollectedCall } from '../helpers/collect-call';
import { CallEngine } from '../../src/core/call/engine';
import { loadSchema } from '../../src/core/schema/load';
import type { Schema } from '../../src/core/schema/schema';
import { grpcGoTestdata, makeTestPki, type TestPki } from '../helpers/certs';
import { startGoReflect, type GoReflectFlags, type GoReflectServer } from '../peers/go-reflect/server';

const protos = new URL('../fixtures/protos/', import.meta.url).pathname;

// TLS and mutual TLS through the engine against grpc-go, with certificates made for this run: each failure must come
// back as an UNAVAILABLE status whose message says what went wrong and whose hint says what to do.
describe('calls over TLS to grpc-go', () => {
  let pki: TestPki;
  let schema: Schema;
  let grpc: ReturnType<typeof grpcGoTestdata>;
  const engine = new CallEngine({ idleCloseMs: 1_000 });
  const servers: GoReflectServer[] = [];
  /** Ports of the peers, by what they present and require. */
  const port = { mutual: 0, tls: 0, expired: 0, future: 0, grpcGo: 0, plaintext: 0 };

  beforeAll(async () => {
    pki = await makeTestPki();
    grpc = grpcGoTestdata();
    schema = await loadSchema({
      kind: 'protoFiles',
      files: [join(protos, 'grpc/testing/test.proto')],
      importPaths: [protos],
    });
    const start = async (flags: GoReflectFlags): Promise<number> => {
      const server = await startGoReflect(flags);
      servers.push(server);
      return server.port;
    };
    [port.mutual, port.tls, port.expired, port.future, port.grpcGo, port.plaintext] = await Promise.all([
      start({ cert: pki.server.cert, key: pki.server.key, clientCa: pki.ca }),
      start({ cert: pki.server.cert, key: pki.server.key }),
      start({ cert: pki.expiredServer.cert, key: pki.expiredServer.key }),
      start({ cert: pki.futureServer.cert, key: pki.futureServer.key }),
      start({ cert: grpc.cert, key: grpc.key }),
      start({}),
    ]);
  });
  afterAll(async () => {
    engine.close();
    await Promise.all(servers.map((server) => server.stop()));
    await pki?.remove();
  });

  /** EmptyCall to 127.0.0.1:<port> with the given TLS settings. */
  const emptyCall = (to: number, tls: TlsSettings): Promise<CollectedCall> =>
    callAndCollect(engine, schema, {
      target: `127.0.0.1:${to}`,
      tls,
      method: 'grpc.testing.TestService/EmptyCall',
      metadata: [],
      requests: ['{}'],
      options: { deadlineMs: 30_000 },
    });

  /** The status of a call that must fail before reaching the server. */
  const failure = async (to: number, tls: TlsSettings): Promise<Pick<CallStatus, 'message' | 'hint'>> => {
    const { status, messages, insecure } = await emptyCall(to, tls);
    expect(messages).toEqual([]);
    expect(insecure).toBe(false);
    expect({ code: status.code, name: status.name }).toEqual({ code: 14, name: 'UNAVAILABLE' });
    return { message: status.message, hint: status.hint };
  };

  const mutualTls = (client: { cert: string; key: string }): TlsSettings => ({
    mode: 'tls',
    caFiles: [pki.ca],
    certFile: client.cert,
    keyFile: client.key,
  });

  test('mutual TLS with the right CA and client certificate succeeds, and is not marked insecure', async () => {
    const { status, messages, insecure } = await emptyCall(port.mutual, mutualTls(pki.client));
    expect(status).toEqual({ code: 0, name: 'OK', message: '' });
    expect(messages).toEqual(['{}']);
    expect(insecure).toBe(false);
  });

  test('a server certificate from a CA that is not trusted: the CA it names, to add', async () => {
    // The chain is looked at once more, as the TLS panel's test does, to name the CA it ends at.
    expect(await failure(port.tls, { mode: 'tls', caFiles: [pki.otherCa] })).toEqual({
      message: expect.stringMatching(
        new RegExp(
          `^The TLS certificate of 127\\.0\\.0\\.1:${port.tls} is not signed by a trusted CA \\(unable to verify the first certificate\\)\\. The server’s certificate chain ends at .*CN=.*, which is not among the profile’s CAs or the system roots\\.$`,
        ),
      ),
      hint: 'Add the CA that signed the server certificate to the TLS settings, or mark the connection insecure to accept any certificate.',
    });
  });

  test('an expired server certificate', async () => {
    expect(await failure(port.expired, { mode: 'tls', caFiles: [pki.ca] })).toEqual({
      message: `The TLS certificate of 127.0.0.1:${port.expired} is not valid now (certificate has expired).`,
      hint: 'Renew the server certificate, or mark the connection insecure.',
    });
  });

  test('a server certificate that is not valid yet', async () => {
    expect(await failure(port.future, { mode: 'tls', caFiles: [pki.ca] })).toEqual({
      message: `The TLS certificate of 127.0.0.1:${port.future} is not valid now (certificate is not yet valid).`,
      hint: 'Renew the server certificate, or mark the connection insecure.',
    });
  });

  test('a certificate for *.test.google.fr at 127.0.0.1: the message names the certificate’s names, the hint says set the server name', async () => {
    expect(await failure(port.grpcGo, { mode: 'tls', caFiles: [grpc.ca] })).toEqual({
      message:
        `The TLS certificate of 127.0.0.1:${port.grpcGo} is not valid for the name 127.0.0.1; ` +
        'it names *.test.google.fr, waterzooi.test.google.be, *.test.youtube.com, 192.168.1.3.',
      hint: 'Set the server name in the TLS settings to a name the certificate holds, e.g. foo.test.google.fr (this also sets the :authority).',
    });
  });

  test('the same server with server name foo.test.google.fr succeeds', async () => {
    const { status, messages, insecure } = await emptyCall(port.grpcGo, {
      mode: 'tls',
      caFiles: [grpc.ca],
      serverName: 'foo.test.google.fr',
    });
    expect(status).toEqual({ code: 0, name: 'OK', message: '' });
    expect(messages).toEqual(['{}']);
    expect(insecure).toBe(false);
  });

  test('a TLS client against a plaintext server: switch TLS off', async () => {
    expect(await failure(port.plaintext, { mode: 'tls', caFiles: [pki.ca] })).toEqual({
      message: `The server at 127.0.0.1:${port.plaintext} does not speak TLS (handshake failed: wrong version number).`,
      hint: `Switch TLS off (plaintext) for this server, or write grpc://127.0.0.1:${port.plaintext}.`,
    });
  });

  test('a plaintext client against a TLS server: switch TLS on', async () => {
    expect(await failure(port.tls, { mode: 'plaintext' })).toEqual({
      message: `The server at 127.0.0.1:${port.tls} did not answer gRPC in plaintext (Failed to connect).`,
      hint: `It probably requires TLS: switch TLS on (or write grpcs://127.0.0.1:${port.tls}).`,
    });
  });

  test('a server that requires a client certificate, and none is given', async () => {
    expect(await failure(port.mutual, { mode: 'tls', caFiles: [pki.ca] })).toEqual({
      message: `The server at 127.0.0.1:${port.mutual} requires a client certificate (mutual TLS).`,
      hint: 'Set the client certificate and key in the TLS settings.',
    });
  });

  test('a client certificate from a CA the server does not trust', async () => {
    expect(await failure(port.mutual, mutualTls(pki.otherClient))).toEqual({
      message: `The server at 127.0.0.1:${port.mutual} rejected the client certificate (tlsv1 alert unknown ca).`,
      hint: 'Use a client certificate signed by a CA the server trusts, issued for client authentication.',
    });
  });

  test('an expired client certificate: the server rejects it as expired', async () => {
    expect(await failure(port.mutual, mutualTls(pki.expiredClient))).toEqual({
      message: `The server at 127.0.0.1:${port.mutual} rejected the client certificate as expired or not yet valid (ssl/tls alert certificate expired).`,
      hint: 'Renew the client certificate, or check the clock of this computer.',
    });
  });

  test('insecure mode accepts a certificate from an unknown CA for another name, and the result says insecure', async () => {
    const { status, messages, insecure } = await emptyCall(port.grpcGo, { mode: 'tls', insecure: true });
    expect(status).toEqual({ code: 0, name: 'OK', message: '' });
    expect(messages).toEqual(['{}']);
    expect(insecure).toBe(true);
  });
});
