import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallRequest } from '../../../src/shared/call';
import type { Assertions, Capture } from '../../../src/shared/workspace';
import { CallEngine } from '../../../src/core/call/engine';
import { loadSchema } from '../../../src/core/schema/load';
import type { Schema } from '../../../src/core/schema/schema';
import { CallRecorder, type RecordedCall } from '../../../src/core/workspace/call-recorder';
import { startGoReflect, type GoReflectServer } from '../../peers/go-reflect/server';

const protos = join(import.meta.dirname, '../../fixtures/protos');

let server: GoReflectServer;
let schema: Schema;
let engine: CallEngine;

beforeAll(async () => {
  server = await startGoReflect();
  schema = await loadSchema({
    kind: 'protoFiles',
    files: [join(protos, 'grpc/testing/test.proto')],
    importPaths: [protos],
  });
  engine = new CallEngine();
});

afterAll(async () => {
  engine.close();
  await server.stop();
});

/** Runs a call against the grpc-go interop server, feeding every event to a recorder. */
async function recordCall(
  method: string,
  body: unknown,
  options: { captures?: Capture[]; assertions?: Assertions; metadata?: CallRequest['metadata'] } = {},
): Promise<RecordedCall> {
  const recorder = new CallRecorder(options);
  const session = await engine.start(
    schema,
    {
      target: `127.0.0.1:${server.port}`,
      tls: { mode: 'plaintext' },
      method: `grpc.testing.TestService/${method}`,
      metadata: options.metadata ?? [],
      requests: [JSON.stringify(body)],
    },
    (event) => recorder.event(event),
  );
  await session.done;
  return recorder.result();
}

describe('CallRecorder on real calls', () => {
  it('passes assertions and takes captures of a unary call', async () => {
    const result = await recordCall(
      'UnaryCall',
      { responseSize: 10 },
      {
        metadata: [
          { key: 'x-grpc-test-echo-initial', value: 'echo-me' },
          { key: 'x-grpc-test-echo-trailing-bin', value: 'q83v' },
        ],
        assertions: {
          status: 'OK',
          contains: { payload: { body: 'AAAAAAAAAAAAAA==' } },
          maxLatencyMs: 10_000,
        },
        captures: [
          { variable: 'body', from: 'body', path: '$.payload.body' },
          { variable: 'echo', from: 'header', name: 'X-Grpc-Test-Echo-Initial' },
          { variable: 'type', from: 'header', name: 'content-type' },
          { variable: 'trailer', from: 'trailer', name: 'x-grpc-test-echo-trailing-bin' },
        ],
      },
    );
    expect(result.assertions.map((assertion) => [assertion.assertion, assertion.passed])).toEqual([
      ['status', true],
      ['contains', true],
      ['maxLatencyMs', true],
    ]);
    expect(result.assertions[1]!.message).toBe('the response contains the expected JSON');
    expect(result.captures).toEqual([
      { variable: 'body', value: 'AAAAAAAAAAAAAA==' },
      { variable: 'echo', value: 'echo-me' },
      { variable: 'type', value: 'application/grpc' },
      { variable: 'trailer', value: 'q83v' },
    ]);
    expect(result).toMatchObject({ count: 1, messages: ['{"payload":{"body":"AAAAAAAAAAAAAA=="}}'] });
    expect(result.bytes).toBe(result.timings.bytesReceived);
  });

  it('fails assertions with messages that say what differed', async () => {
    const result = await recordCall(
      'UnaryCall',
      { responseStatus: { code: 5, message: 'no such user' } },
      { assertions: { status: 'OK', contains: { payload: { body: 'AA==' } }, maxLatencyMs: 0 } },
    );
    expect(result.status.name).toBe('NOT_FOUND');
    expect(result.assertions).toEqual([
      { assertion: 'status', passed: false, message: 'expected status OK, got NOT_FOUND (no such user)' },
      {
        assertion: 'contains',
        passed: false,
        message: 'expected a response containing the JSON, got no response message',
      },
      expect.objectContaining({ assertion: 'maxLatencyMs', passed: false }),
    ]);
    expect(result.assertions[2]!.message).toMatch(/^took \d+ ms, more than the 0 ms allowed$/);
  });

  it('checks contains across a server stream and captures from its first message', async () => {
    const stream = { responseParameters: [{ size: 1 }, { size: 2 }, { size: 3 }] };
    const passing = await recordCall('StreamingOutputCall', stream, {
      assertions: { contains: { payload: { body: 'AAA=' } } },
      captures: [
        { variable: 'first', from: 'body', path: '$.payload.body' },
        { variable: 'missing', from: 'body', path: '$.payload.type' },
      ],
    });
    expect(passing).toMatchObject({ count: 3, status: { name: 'OK' } });
    expect(passing.messages).toHaveLength(3);
    expect(passing.assertions).toEqual([
      { assertion: 'contains', passed: true, message: 'response message 2 of 3 contains the expected JSON' },
    ]);
    expect(passing.captures).toEqual([
      { variable: 'first', value: 'AA==' },
      { variable: 'missing', problem: '$.payload has no field type' },
    ]);

    const failing = await recordCall('StreamingOutputCall', stream, {
      assertions: { contains: { payload: { body: 'xyz' } } },
    });
    expect(failing.assertions).toEqual([
      {
        assertion: 'contains',
        passed: false,
        message:
          'none of the 3 response messages contains the JSON; first message: $.payload.body: expected "xyz", got "AA=="',
      },
    ]);
  });
});
