import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TlsSettings } from '../../src/shared/schema';
import { CallEngine } from '../../src/core/call/engine';
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
  type InteropTarget,
} from './interop-cases';

const names = Object.keys(interopCases) as InteropCaseName[];
const testdata = grpcGoTestdata();

/** The two ways to reach grpc-go's interop server: plaintext, and TLS with grpc's test CA and server name. */
const modes: { mode: string; flags: GoReflectFlags; tls: TlsSettings }[] = [
  { mode: 'plaintext', flags: {}, tls: { mode: 'plaintext' } },
  {
    mode: 'TLS',
    flags: { cert: testdata.cert, key: testdata.key },
    tls: { mode: 'tls', caFiles: [testdata.ca], serverName: 'foo.test.google.fr' },
  },
];

/** The final status each case ends with against grpc-go, exactly as a user sees it. */
const expected: Record<InteropCaseName, ExpectedStatus> = {
  ...sharedInteropStatuses,
  // grpc-go's generated UnimplementedTestServiceServer, and its router for services it does not have.
  unimplemented_method: {
    code: 12,
    name: 'UNIMPLEMENTED',
    message: 'method UnimplementedCall not implemented',
  },
  unimplemented_service: {
    code: 12,
    name: 'UNIMPLEMENTED',
    message: 'unknown service grpc.testing.UnimplementedService',
  },
  // Whichever side notices the deadline first words it: grpc-js (the engine names the deadline instead), grpc-go's
  // server in its status, or grpc-go's server resetting the stream, which the engine reports as the deadline it is.
  timeout_on_sleeping_server: {
    code: 4,
    name: 'DEADLINE_EXCEEDED',
    message:
      /^(No response within the 0\.001 s deadline( \(the server reset the stream at the deadline\))?\.|context deadline exceeded)$/,
    hint: deadlineHint,
  },
};

test('all 14 interop cases are here', () => {
  expect(names).toEqual([
    'empty_unary',
    'large_unary',
    'client_streaming',
    'server_streaming',
    'ping_pong',
    'empty_stream',
    'custom_metadata',
    'status_code_and_message',
    'special_status_message',
    'unimplemented_method',
    'unimplemented_service',
    'cancel_after_begin',
    'cancel_after_first_response',
    'timeout_on_sleeping_server',
  ]);
});

describe.each(modes)('grpc interop cases against grpc-go, $mode', ({ flags, tls }) => {
  let server: GoReflectServer;
  let engine: CallEngine;
  let schema: Schema;
  const target = (): InteropTarget => ({ engine, schema, target: `127.0.0.1:${server.port}`, tls });

  beforeAll(async () => {
    [server, schema] = await Promise.all([startGoReflect(flags), loadInteropSchema()]);
    engine = new CallEngine();
  });
  afterAll(async () => {
    engine?.close();
    await server?.stop();
  });

  test.each(names)('%s', async (name) => {
    expectInteropStatus(await interopCases[name](target()), expected[name]);
  });
});
