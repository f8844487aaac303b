import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { EngineService } from '../../../src/core/service';
import type { CallRequest } from '../../../src/shared/call';
import {
  startMisbehavingServer,
  startSilentTcpServer,
  type FaultyServer,
  type Misbehaviour,
} from '../../helpers/misbehaving-server';
import { failureOf, recordingService, statusOf, testProtoSource } from './service-harness';

let faulty: FaultyServer;
let silentTcp: FaultyServer;
let service: EngineService | undefined;
beforeAll(async () => {
  [faulty, silentTcp] = await Promise.all([startMisbehavingServer(), startSilentTcpServer()]);
});
afterAll(async () => {
  await Promise.all([faulty?.close(), silentTcp?.close()]);
});
afterEach(async () => service?.close());

/** Starts a UnaryCall through the service as the page does, and resolves with the status the page is shown. */
async function callThroughService(request: Partial<CallRequest>) {
  const recording = recordingService();
  service = recording.service;
  const { id } = await service.sources.add({ source: testProtoSource });
  const started = await service.calls.start({
    sourceId: id,
    request: {
      target: faulty.target,
      tls: { mode: 'plaintext' },
      method: 'grpc.testing.TestService/UnaryCall',
      metadata: [],
      requests: ['{}'],
      ...request,
    },
  });
  const batches = await recording.untilStatus(
    started.callId,
    (b) => void service?.calls.acknowledge({ callId: b.callId, seq: b.seq }),
  );
  return statusOf(batches)?.status;
}

const misbehaving = (name: Misbehaviour) =>
  callThroughService({ metadata: [{ key: 'misbehave', value: name }] });

describe('server faults reach the page as a status, the same as in the CLI', () => {
  test.each([
    ['status-not-a-number', 'UNKNOWN', /grpc-status that is not a number; read as UNKNOWN/],
    ['status-99', 'UNKNOWN', /grpc-status 99, which is not a gRPC status code/],
    ['unknown-encoding', 'INTERNAL', /compressed response that cannot be decompressed/],
    ['compressed-without-encoding', 'INTERNAL', /compressed response that cannot be decompressed/],
    ['length-beyond-data', 'INTERNAL', /Call ended without gRPC status/],
    ['http-500', 'UNKNOWN', /Received HTTP status code 500/],
  ] as const)('%s → %s', async (name, status, message) => {
    const shown = await misbehaving(name);
    expect(shown?.name).toBe(status);
    expect(shown?.message).toMatch(message);
  });

  test('a TLS handshake the server never answers ends at the deadline', async () => {
    const shown = await callThroughService({
      target: silentTcp.target,
      tls: { mode: 'tls', insecure: true },
      options: { deadlineMs: 1_000 },
    });
    expect(shown?.name).toBe('DEADLINE_EXCEEDED');
  });

  test('a request nested past 100 levels fails to start, naming the limit', async () => {
    ({ service } = recordingService());
    const { id } = await service.sources.add({ source: testProtoSource });
    const deep = `${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}`;
    const failure = await failureOf(
      service.calls.start({
        sourceId: id,
        request: {
          target: faulty.target,
          tls: { mode: 'plaintext' },
          method: 'grpc.testing.TestService/UnaryCall',
          metadata: [],
          requests: [deep],
        },
      }),
    );
    expect(failure).toMatchObject({ kind: 'json', position: { line: 1, column: 501 } });
    expect(failure.message).toContain('the request nests deeper than 100 levels');
  });
});
