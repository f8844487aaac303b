import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallRequest } from '../../../src/shared/call';
import type { TlsSettings } from '../../../src/shared/schema';
import { CallEngine } from '../../../src/core/call/engine';
import { loadSchema } from '../../../src/core/schema/load';
import type { Schema } from '../../../src/core/schema/schema';
import { callAndCollect } from '../../helpers/collect-call';
import { makeTestPki, type TestPki } from '../../helpers/certs';
import { startMisbehavingServer, type FaultyServer } from '../../helpers/misbehaving-server';
import { startGoReflect, type GoReflectServer } from '../../peers/go-reflect/server';

const protos = join(import.meta.dirname, '../../fixtures/protos');

// grpc-js's own words for a deadline, an unknown host, a server's reset and an untrusted CA, as real servers produce
// them, come back in Protodesk's words with a hint; grpc-js's text stays in `technical` where it is left out.
describe('statuses in Protodesk words', () => {
  let schema: Schema;
  let faulty: FaultyServer;
  let tlsServer: GoReflectServer;
  let pki: TestPki;
  const engine = new CallEngine({ idleCloseMs: 1_000 });

  beforeAll(async () => {
    pki = await makeTestPki();
    [schema, faulty, tlsServer] = await Promise.all([
      loadSchema({
        kind: 'protoFiles',
        files: [join(protos, 'grpc/testing/test.proto')],
        importPaths: [protos],
      }),
      startMisbehavingServer(),
      startGoReflect({ cert: pki.server.cert, key: pki.server.key }),
    ]);
  });
  afterAll(async () => {
    engine.close();
    await Promise.all([faulty?.close(), tlsServer?.stop()]);
  });

  const call = (target: string, extra: Partial<CallRequest> = {}, tls: TlsSettings = { mode: 'plaintext' }) =>
    callAndCollect(engine, schema, {
      target,
      tls,
      method: 'grpc.testing.TestService/EmptyCall',
      metadata: [],
      requests: ['{}'],
      ...extra,
    });
  const misbehave = (how: string) => ({ metadata: [{ key: 'misbehave', value: how }] });

  it('a deadline names the deadline set, not the elapsed time, LB pick and remote address', async () => {
    const { status } = await call(faulty.target, {
      ...misbehave('never-answer'),
      options: { deadlineMs: 300 },
    });
    expect(status).toMatchObject({
      code: 4,
      name: 'DEADLINE_EXCEEDED',
      message: 'No response within the 0.3 s deadline.',
      hint: 'The deadline passed before the call finished: raise the deadline, or check why the server is slow.',
    });
    expect(status.technical).toMatch(/^Deadline exceeded after 0\.\d{3}s/);
  });

  it('an unknown host is a host that cannot be found', async () => {
    const { status } = await call('no-such-host.invalid:50051');
    expect(status).toMatchObject({
      code: 14,
      message: 'Cannot find host no-such-host.invalid: the name does not resolve to an address.',
      hint: 'Check the spelling of the host, and that this computer reaches its DNS server (VPN, network).',
    });
    expect(status.technical).toMatch(/no-such-host\.invalid/);
  });

  it('a stream the server reset with CANCEL says the server reset it, not that the call was cancelled', async () => {
    const { status } = await call(faulty.target, misbehave('reset-cancel'));
    expect(status).toMatchObject({
      code: 1,
      name: 'CANCELLED',
      message: 'The server reset the stream with HTTP/2 CANCEL (code 8) before sending a gRPC status.',
      technical: 'Call cancelled',
    });
    expect(status.hint).toMatch(/^Nothing was cancelled here/);
  });

  it('a reset with ENHANCE_YOUR_CALM names the HTTP/2 code and what it means', async () => {
    const { status } = await call(faulty.target, misbehave('reset-calm'));
    expect(status).toMatchObject({
      code: 8,
      message:
        'The server reset the stream with HTTP/2 ENHANCE_YOUR_CALM (code 11) before sending a gRPC status.',
      technical: 'Bandwidth exhausted or memory limit exceeded',
    });
  });

  it('a certificate from an untrusted CA names the issuer, as the TLS panel’s test does', async () => {
    const { status } = await call(`127.0.0.1:${tlsServer.port}`, {}, { mode: 'tls', caFiles: [pki.otherCa] });
    expect(status.code).toBe(14);
    expect(status.message).toMatch(
      new RegExp(
        `^The TLS certificate of 127\\.0\\.0\\.1:${tlsServer.port} is not signed by a trusted CA \\(unable to verify the first certificate\\)\\. The server’s certificate chain ends at .*CN=`,
      ),
    );
    expect(status.hint).toMatch(/^Add the CA that signed the server certificate to the TLS settings/);
  });
});
