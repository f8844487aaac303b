/**
 * grpc's interop cases that gRPC-Web can carry, through the engine, against grpc-go's interop TestService behind
 * improbable-eng's gRPC-Web wrapper (HTTP/1.1, plaintext and TLS), in binary and text mode.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CallProtocol } from '../../src/shared/call';
import type { TlsSettings } from '../../src/shared/schema';
import { CallEngine } from '../../src/core/call/engine';
import { callAndCollect } from '../helpers/collect-call';
import type { Schema } from '../../src/core/schema/schema';
import { startGoReflect, type GoReflectFlags, type GoReflectServer } from '../peers/go-reflect/server';
import { grpcGoTestdata } from '../helpers/certs';
import {
  deadlineHint,
  expectInteropStatus,
  interopCases,
  loadInteropSchema,
  sharedInteropStatuses,
  type ExpectedStatus,
  type InteropCaseName,
} from './interop-cases';

const testdata = grpcGoTestdata();

const modes: { mode: string; flags: GoReflectFlags; scheme: string; tls: TlsSettings }[] = [
  { mode: 'plaintext', flags: { grpcWeb: true }, scheme: 'http', tls: { mode: 'plaintext' } },
  {
    mode: 'TLS',
    flags: { grpcWeb: true, cert: testdata.cert, key: testdata.key },
    scheme: 'https',
    tls: { mode: 'tls', caFiles: [testdata.ca], serverName: 'foo.test.google.fr' },
  },
];
const protocols: CallProtocol[] = ['grpc-web', 'grpc-web-text'];

/** The cases gRPC-Web carries over HTTP/1.1, and the status each ends with against grpc-go, as a user sees it. */
const { empty_unary, large_unary, server_streaming, custom_metadata } = sharedInteropStatuses;
const expected: Partial<Record<InteropCaseName, ExpectedStatus>> = {
  empty_unary,
  large_unary,
  server_streaming,
  custom_metadata,
  status_code_and_message: sharedInteropStatuses.status_code_and_message,
  special_status_message: sharedInteropStatuses.special_status_message,
  unimplemented_method: {
    code: 12,
    name: 'UNIMPLEMENTED',
    message: 'method UnimplementedCall not implemented',
  },
  // The engine's own deadline timer, or grpc-go's, which the wrapper reports.
  timeout_on_sleeping_server: {
    code: 4,
    name: 'DEADLINE_EXCEEDED',
    message: /^(No response within the [\d.]+ s deadline\.|context deadline exceeded)$/,
    hint: deadlineHint,
  },
};
const names = Object.keys(expected) as InteropCaseName[];

describe.each(modes)(
  'gRPC-Web interop cases against grpc-go behind the wrapper, $mode',
  ({ flags, scheme, tls }) => {
    let server: GoReflectServer;
    let engine: CallEngine;
    let schema: Schema;

    beforeAll(async () => {
      [server, schema] = await Promise.all([startGoReflect(flags), loadInteropSchema()]);
      engine = new CallEngine();
    });
    afterAll(async () => {
      engine?.close();
      await server?.stop();
    });

    describe.each(protocols)('%s', (protocol) => {
      test.each(names)('%s', async (name) => {
        const target = `${scheme}://127.0.0.1:${server.port}`;
        const status = await interopCases[name]({ engine, schema, target, tls, protocol, halfDuplex: true });
        expectInteropStatus(status, expected[name]!);
      });

      test('the status names HTTP/1.1, the only version the wrapper speaks; a bidi call is refused before sending', async () => {
        const target = `${scheme}://127.0.0.1:${server.port}`;
        const request = {
          target,
          tls,
          protocol,
          method: 'grpc.testing.TestService/EmptyCall',
          metadata: [],
          requests: ['{}'],
        };
        const events: unknown[] = [];
        const session = await engine.start(schema, request, (event) => events.push(event));
        const end = await session.done;
        expect(end).toMatchObject({ status: { code: 0 }, httpVersion: '1.1', insecure: false });
        expect(events.filter((e) => (e as { type: string }).type === 'sent')).toHaveLength(1);
        // A bidi call: refused before sending, by the engine in plaintext, by the call once TLS's ALPN chose HTTP/1.1.
        const bidi = { ...request, method: 'grpc.testing.TestService/FullDuplexCall' };
        const refusal =
          'over HTTP/1.1 carries unary and server-streaming calls only; this method is bidi-streaming';
        if (tls.mode === 'plaintext') {
          await expect(callAndCollect(engine, schema, bidi)).rejects.toThrow(refusal);
          return;
        }
        const result = await callAndCollect(engine, schema, bidi);
        expect(result.status).toMatchObject({ code: 12, name: 'UNIMPLEMENTED' });
        expect(result.status.message).toContain(refusal);
        expect(result.status.message).toContain(
          'The server chose HTTP/1.1 in the TLS handshake (ALPN); the call needs a server or gateway that offers HTTP/2 over TLS.',
        );
        expect(result.status.message).not.toContain('h2c');
        expect(result.timings.messagesSent).toBe(0);
      });
    });
  },
);
