// Calls through the service against real servers: batching, flow control, the spool behind "save all messages".
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { EngineService } from '../../../src/core/service';
import type { CallEventBatch } from '../../../src/shared/api/types';
import type { CallRequest } from '../../../src/shared/call';
import { startGoReflect, type GoReflectServer } from '../../peers/go-reflect/server';
import { startVectorsServer, type VectorsServer } from '../../peers/vectors/server';
import {
  eventsOf,
  failureOf,
  protoRoot,
  recordingService,
  statusOf,
  testProtoSource,
} from './service-harness';

const COUNT = 100_000;
let vectors: VectorsServer;
let go: GoReflectServer;
let scratch: string;
let service: EngineService;

beforeAll(async () => {
  [vectors, go] = await Promise.all([startVectorsServer(), startGoReflect()]);
  scratch = await mkdtemp(join(tmpdir(), 'protodesk-service-test-'));
});
afterAll(async () => {
  await Promise.all([vectors?.stop(), go?.stop()]);
  if (scratch) await rm(scratch, { recursive: true, force: true });
});
afterEach(async () => service?.close());

const plaintext = { mode: 'plaintext' as const };

async function vectorsSource(): Promise<string> {
  const state = await service.sources.add({
    source: {
      kind: 'protoFiles',
      files: [`${protoRoot}/vectors/vectors.proto`],
      importPaths: [protoRoot],
    },
  });
  return state.id;
}

function vectorStream(seed = '5'): CallRequest {
  return {
    target: `127.0.0.1:${vectors.port}`,
    tls: plaintext,
    method: 'vectors.VectorService/GetVectorStream',
    metadata: [],
    requests: [JSON.stringify({ seed, numberOfVectors: COUNT })],
  };
}

/**
 * Runs another stream to its end on the same service, acknowledging as the page does: the marker that replaces a
 * sleep before "nothing more arrived". Its batches leave at least one batch interval apart, so by its status every
 * batch the service had scheduled for an earlier call has been emitted.
 */
async function finishedAfter(source: string, recording: ReturnType<typeof recordingService>): Promise<void> {
  const marker = await service.calls.start({ sourceId: source, request: vectorStream('7') });
  const batches = await recording.untilStatus(
    marker.callId,
    (b) => void service.calls.acknowledge({ callId: b.callId, seq: b.seq }),
  );
  expect(batches.length).toBeGreaterThan(1);
}

const messagesIn = (batches: CallEventBatch[]) => eventsOf(batches).filter((e) => e.type === 'message');
const skippedIn = (batches: CallEventBatch[]) => batches.reduce((sum, b) => sum + b.skipped, 0);

describe('calls through the service', () => {
  test('a unary call answers in batches numbered from 1 that end with status OK', async () => {
    const recording = recordingService();
    service = recording.service;
    const { id } = await service.sources.add({ source: testProtoSource });
    const started = await service.calls.start({
      sourceId: id,
      request: {
        target: `127.0.0.1:${go.port}`,
        tls: plaintext,
        method: 'grpc.testing.TestService/UnaryCall',
        metadata: [],
        requests: ['{"responseSize": 3}'],
      },
    });
    expect(started.kind).toBe('unary');
    const batches = await recording.untilStatus(
      started.callId,
      (b) => void service.calls.acknowledge({ callId: b.callId, seq: b.seq }),
    );
    expect(batches.map((b) => b.seq)).toEqual(batches.map((_, i) => i + 1));
    expect(eventsOf(batches).map((e) => e.type)).toEqual([
      'sent',
      'headers',
      'message',
      'trailers',
      'status',
    ]);
    expect(messagesIn(batches)[0]).toMatchObject({ json: '{"payload":{"body":"AAAA"}}' });
    expect(statusOf(batches)?.status.name).toBe('OK');
  });

  test('a bidi call takes more messages and ends when the stream is ended', async () => {
    const recording = recordingService();
    service = recording.service;
    const { id } = await service.sources.add({
      source: {
        kind: 'reflection',
        target: `127.0.0.1:${go.port}`,
        tls: plaintext,
      },
    });
    const started = await service.calls.start({
      sourceId: id,
      request: {
        target: `127.0.0.1:${go.port}`,
        tls: plaintext,
        method: 'grpc.testing.TestService/FullDuplexCall',
        metadata: [],
        requests: ['{"responseParameters": [{"size": 1}]}'],
      },
    });
    expect(started.kind).toBe('bidi');
    await service.calls.send({ callId: started.callId, json: '{"responseParameters": [{"size": 2}]}' });
    expect(
      await failureOf(service.calls.send({ callId: started.callId, json: '{"responseParameters": 7}' })),
    ).toMatchObject({
      kind: 'json',
      path: 'responseParameters',
      position: { line: 1, column: 24 },
    });
    await service.calls.end({ callId: started.callId });
    const batches = await recording.untilStatus(
      started.callId,
      (b) => void service.calls.acknowledge({ callId: b.callId, seq: b.seq }),
    );
    expect(messagesIn(batches).map((m) => m.type === 'message' && m.json)).toEqual([
      '{"payload":{"body":"AA=="}}',
      '{"payload":{"body":"AAA="}}',
    ]);
    expect(statusOf(batches)?.status.name).toBe('OK');
  });

  test('100,000 streamed messages reach a page that acknowledges, every one counted, in order', async () => {
    const recording = recordingService();
    service = recording.service;
    const started = await service.calls.start({ sourceId: await vectorsSource(), request: vectorStream() });
    const batches = await recording.untilStatus(
      started.callId,
      (b) => void service.calls.acknowledge({ callId: b.callId, seq: b.seq }),
    );
    const shown = messagesIn(batches);
    expect(shown.length + skippedIn(batches)).toBe(COUNT);
    const indexes = shown.map((m) => (m.type === 'message' ? m.index : -1));
    expect(indexes.every((index, i) => i === 0 || index > (indexes[i - 1] as number))).toBe(true);
    expect(indexes.at(-1)).toBe(COUNT - 1);
    expect(statusOf(batches)?.timings.messagesReceived).toBe(COUNT);
    // Coalesced: far fewer batches than messages.
    expect(batches.length).toBeLessThan(COUNT / 20);
  });

  test('a page that stops acknowledging gets 2 batches; the rest waits with only the newest 10,000 messages', async () => {
    const recording = recordingService();
    service = recording.service;
    const source = await vectorsSource();
    const started = await service.calls.start({ sourceId: source, request: vectorStream('9') });
    const saved = join(scratch, 'all.jsonl');
    // Saving works while the page lags: poll until the whole stream has arrived in the engine.
    await vi.waitFor(
      async () =>
        expect((await service.calls.saveMessages({ callId: started.callId, path: saved })).count).toBe(COUNT),
      {
        timeout: 30_000,
        interval: 200,
      },
    );
    await finishedAfter(source, recording);
    const mine = () => recording.batches.filter((b) => b.callId === started.callId);
    expect(mine().map((b) => b.seq)).toEqual([1, 2]);

    const early = mine();
    const later = recording.untilStatus(
      started.callId,
      (b) => void service.calls.acknowledge({ callId: b.callId, seq: b.seq }),
    );
    await service.calls.acknowledge({ callId: started.callId, seq: 1 });
    const all = await later;
    const next = all[2] as CallEventBatch;
    const nextMessages = messagesIn([next]).map((m) => (m.type === 'message' ? m.index : -1));
    expect(nextMessages).toEqual(Array.from({ length: 10_000 }, (_, i) => COUNT - 10_000 + i));
    expect(next.skipped).toBe(COUNT - 10_000 - messagesIn(early).length);
    expect(statusOf(all)?.status.name).toBe('OK');
    const lines = (await readFile(saved, 'utf8')).split('\n');
    expect(lines).toHaveLength(COUNT + 1);
    expect(JSON.parse(lines[COUNT - 1] as string)).toHaveProperty('start');
  });

  test('saveCallMessages writes every message as JSON Lines and answers the count', async () => {
    const recording = recordingService();
    service = recording.service;
    const started = await service.calls.start({
      sourceId: await vectorsSource(),
      request: vectorStream('3'),
    });
    await recording.untilStatus(
      started.callId,
      (b) => void service.calls.acknowledge({ callId: b.callId, seq: b.seq }),
    );
    const result = await service.calls.saveMessages({
      callId: started.callId,
      path: join(scratch, 'vectors.jsonl'),
    });
    expect(result).toEqual({ path: join(scratch, 'vectors.jsonl'), count: COUNT });
    const text = await readFile(result.path, 'utf8');
    expect(text.split('\n').length).toBe(COUNT + 1);
    expect(text.endsWith('}\n')).toBe(true);
    expect(
      await failureOf(
        service.calls.saveMessages({ callId: started.callId, path: join(scratch, 'no/such/folder/x.jsonl') }),
      ),
    ).toMatchObject({
      kind: 'file',
      message: `Cannot write ${join(scratch, 'no/such/folder/x.jsonl')}: the folder ${join(scratch, 'no/such/folder')} does not exist.`,
    });
  });

  test('a released call is forgotten: its id fails with a message saying to send again', async () => {
    const recording = recordingService();
    service = recording.service;
    const source = await vectorsSource();
    const started = await service.calls.start({ sourceId: source, request: vectorStream('1') });
    const batchesBefore = recording.batches.length;
    await service.calls.release({ callId: started.callId });
    const failure = await failureOf(service.calls.cancel({ callId: started.callId }));
    expect(failure).toEqual({
      kind: 'invalidRequest',
      message: 'That call has ended or was never started; send the request again.',
    });
    // Released while streaming: it was cancelled, and nothing more is emitted for it (not even its CANCELLED status).
    await finishedAfter(source, recording);
    expect(recording.batches.slice(batchesBefore).filter((b) => b.callId === started.callId)).toEqual([]);
  });

  test('a request that does not fit its message fails to start with the field and position', async () => {
    ({ service } = recordingService());
    const failure = await failureOf(
      service.calls.start({
        sourceId: await vectorsSource(),
        request: { ...vectorStream(), requests: ['{\n  "seed": "x"\n}'] },
      }),
    );
    expect(failure).toMatchObject({ kind: 'json', path: 'seed', position: { line: 2, column: 11 } });
  });

  test('bad connection settings fail to start with the reason', async () => {
    ({ service } = recordingService());
    const failure = await failureOf(
      service.calls.start({
        sourceId: await vectorsSource(),
        request: { ...vectorStream(), target: 'ftp://nope' },
      }),
    );
    expect(failure.kind).toBe('connection');
    expect(failure.message).toBeTruthy();
  });
});
