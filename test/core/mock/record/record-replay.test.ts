// Record grpc-go's interop server through the mock, stop it, replay from the stub files written: the same payloads,
// byte for byte, the same statuses and metadata, for every call kind.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JsonValue } from '@bufbuild/protobuf';
import { afterAll, expect, test } from 'vitest';
import { startMock, type RunningMock } from '../../../../src/core/mock/start-mock';
import type { MockLogEntry } from '../../../../src/shared/mock';
import { startGoReflect } from '../../../peers/go-reflect/server';
import { interopSchema } from './interop-call';
import { rawCall, rawClient, type RawAnswer } from './raw-client';

const service = 'grpc.testing.TestService';
const echo = { 'x-grpc-test-echo-initial': 'hi', 'x-grpc-test-echo-trailing-bin': 'AQID' };

/** One call of each kind the interop server has, with what makes its answer specific. */
const calls: { method: string; requests: JsonValue[]; metadata?: Record<string, string> }[] = [
  { method: 'EmptyCall', requests: [{}] },
  {
    method: 'UnaryCall',
    requests: [{ responseSize: 17, payload: { body: 'AAECAwQ=' }, fillUsername: true }],
    metadata: echo,
  },
  { method: 'UnaryCall', requests: [{ responseSize: 3 }] },
  { method: 'UnaryCall', requests: [{ responseStatus: { code: 5, message: 'no such thing' } }] },
  {
    method: 'StreamingOutputCall',
    requests: [{ responseParameters: [{ size: 5 }, { size: 1 }, { size: 9 }] }],
  },
  {
    method: 'StreamingInputCall',
    requests: [{ payload: { body: 'AAAA' } }, { payload: { body: 'AQIDBA==' } }],
  },
  {
    method: 'FullDuplexCall',
    requests: [{ responseParameters: [{ size: 2 }] }, { responseParameters: [{ size: 4 }, { size: 6 }] }],
    metadata: echo,
  },
];

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function callAll(
  mock: RunningMock,
  schema: Awaited<ReturnType<typeof interopSchema>>,
): Promise<RawAnswer[]> {
  const client = rawClient(mock.address);
  try {
    const answers: RawAnswer[] = [];
    for (const { method, requests, metadata } of calls) {
      answers.push(await rawCall(client, schema, `${service}/${method}`, requests, metadata));
    }
    return answers;
  } finally {
    client.close();
  }
}

test('a recorded server replays offline with the same bytes, statuses and metadata', async () => {
  const schema = await interopSchema();
  const stubsDir = await mkdtemp(join(tmpdir(), 'protodesk-replay-'));
  cleanups.push(() => rm(stubsDir, { recursive: true, force: true }));
  const upstream = await startGoReflect();
  let upstreamStopped = false;
  cleanups.push(async () => void (upstreamStopped || (await upstream.stop())));
  const log: MockLogEntry[] = [];
  const recording = await startMock({
    schema,
    stubsDir,
    fallback: 'unimplemented',
    record: { upstream: `127.0.0.1:${upstream.port}` },
    onCall: (entry) => log.push(entry),
  });
  const recorded = await callAll(recording, schema);
  await recording.stop();
  await upstream.stop();
  upstreamStopped = true;
  expect(recording.upstream).toBe(`127.0.0.1:${upstream.port}`);
  expect(log.map((entry) => entry.answer)).toEqual(
    calls.map(() => ({ kind: 'upstream', target: `127.0.0.1:${upstream.port}` })),
  );
  // What the upstream answered reached the client.
  expect(recorded.map((answer) => answer.code)).toEqual([0, 0, 0, 5, 0, 0, 0]);
  expect(recorded[1]!.headers['x-grpc-test-echo-initial']).toEqual(['hi']);
  expect(recorded[1]!.trailers['x-grpc-test-echo-trailing-bin']).toEqual(['AQID']);
  expect(recorded[4]!.responses.map((bytes) => bytes.length)).toEqual([9, 5, 13]);

  const replaying = await startMock({ schema, stubsDir, fallback: 'unimplemented' });
  cleanups.push(() => replaying.stop());
  expect(replaying.problems()).toEqual([]);
  const replayed = await callAll(replaying, schema);
  for (const [i, answer] of replayed.entries()) {
    const label = `${calls[i]!.method} #${i}`;
    expect(
      answer.responses.map((bytes) => bytes.toString('hex')),
      label,
    ).toEqual(recorded[i]!.responses.map((bytes) => bytes.toString('hex')));
    expect({ code: answer.code, message: answer.message }, label).toEqual({
      code: recorded[i]!.code,
      message: recorded[i]!.message,
    });
    expect(answer.trailers, label).toMatchObject(recorded[i]!.trailers);
    expect(answer.headers, label).toMatchObject(recorded[i]!.headers);
  }
});
