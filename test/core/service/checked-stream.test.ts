// Streams the page receives are only checked against the schema, their JSON made for what someone reads: a message
// that does not fit still ends the call INTERNAL at once, and every other one can still be read and saved as JSON.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { EngineService } from '../../../src/core/service';
import { CallEngine } from '../../../src/core/call/engine';
import { loadSchema } from '../../../src/core/schema/load';
import type { CallEvent, CallRequest } from '../../../src/shared/call';
import { corruptAtHeader } from '../../peers/vectors/server';
import { spawnVectorsPeer, type VectorsPeerProcess } from '../../e2e/helpers/vectors-peer';
import { eventsOf, protoRoot, recordingService, statusOf } from './service-harness';

const MILLION = 1_000_000;
const CORRUPT_AT = 600_000;
let peer: VectorsPeerProcess;
let scratch: string;
let service: EngineService;

beforeAll(async () => {
  [peer, scratch] = await Promise.all([spawnVectorsPeer(), mkdtemp(join(tmpdir(), 'protodesk-checked-'))]);
});
afterAll(async () => {
  await peer?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});
afterEach(async () => service?.close());

const vectorsSource = {
  kind: 'protoFiles' as const,
  files: [`${protoRoot}/vectors/vectors.proto`],
  importPaths: [protoRoot],
};

function vectorStream(count: number, corruptAt?: number): CallRequest {
  return {
    target: peer.address,
    tls: { mode: 'plaintext' },
    method: 'vectors.VectorService/GetVectorStream',
    metadata: corruptAt === undefined ? [] : [{ key: corruptAtHeader, value: String(corruptAt) }],
    requests: [JSON.stringify({ seed: '11', numberOfVectors: count })],
  };
}

/** Today's words for a response that does not fit: its number, its size and the library's reason. */
const mismatch = (index: number) =>
  new RegExp(
    `^Response ${index + 1} \\(7 bytes\\) does not decode: cannot decode 7 bytes as vectors\\.Vector: .+\\.$`,
  );

describe('streams the page receives', () => {
  test('a message that does not fit, in the middle of a million, ends the call INTERNAL naming its index', async () => {
    const recording = recordingService();
    service = recording.service;
    const { id } = await service.sources.add({ source: vectorsSource });
    const started = await service.calls.start({ sourceId: id, request: vectorStream(MILLION, CORRUPT_AT) });
    const batches = await recording.untilStatus(
      started.callId,
      (b) => void service.calls.acknowledge({ callId: b.callId, seq: b.seq }),
    );
    const status = statusOf(batches);
    expect(status?.status.name).toBe('INTERNAL');
    expect(status?.status.message).toMatch(mismatch(CORRUPT_AT));
    // Nothing after the misfit reached the page, and everything before it did (shown or counted).
    const indexes = eventsOf(batches).flatMap((e) => (e.type === 'message' ? [e.index] : []));
    expect(indexes.at(-1)).toBe(CORRUPT_AT - 1);
    expect(indexes.every((index) => index < CORRUPT_AT)).toBe(true);
    const saved = await service.calls.saveMessages({
      callId: started.callId,
      path: join(scratch, 'before.jsonl'),
    });
    expect(saved.count).toBe(CORRUPT_AT);
  }, 120_000);

  test('the engine that decodes everything (CLI, protodesk run) says the same', async () => {
    const schema = await loadSchema(vectorsSource);
    const engine = new CallEngine();
    try {
      const events: CallEvent[] = [];
      const session = await engine.start(schema, vectorStream(MILLION, CORRUPT_AT), (event) => {
        if (event.type !== 'message') events.push(event);
      });
      const { status } = await session.done;
      expect(status.name).toBe('INTERNAL');
      expect(status.message).toMatch(mismatch(CORRUPT_AT));
    } finally {
      engine.close();
    }
  }, 120_000);

  test('rows sent without JSON are read with calls.messages, exactly as "Save all" writes them', async () => {
    const recording = recordingService();
    service = recording.service;
    const { id } = await service.sources.add({ source: vectorsSource });
    const count = 50_000;
    const started = await service.calls.start({ sourceId: id, request: vectorStream(count) });
    const ack = (b: { callId: string; seq: number }) =>
      void service.calls.acknowledge({ callId: b.callId, seq: b.seq });
    const ended = recording.untilStatus(started.callId);
    // A page that does not acknowledge until the whole stream is in: the batch then waiting holds the newest 10,000,
    // most of them with only their size and time.
    const saved = join(scratch, 'all.jsonl');
    await vi.waitFor(
      async () =>
        expect((await service.calls.saveMessages({ callId: started.callId, path: saved })).count).toBe(count),
      { timeout: 60_000, interval: 200 },
    );
    const mine = () => recording.batches.filter((b) => b.callId === started.callId);
    const done = recording.untilStatus(started.callId, ack);
    for (const batch of mine()) ack(batch);
    const batches = await done;
    await ended;
    expect(statusOf(batches)?.status.name).toBe('OK');
    const lines = (await readFile(saved, 'utf8')).split('\n');
    expect(lines).toHaveLength(count + 1);
    const messages = eventsOf(batches).flatMap((e) => (e.type === 'message' ? [e] : []));
    for (const message of messages) {
      if (message.json !== '') expect(message.json).toBe(lines[message.index]);
    }
    const withoutJson = messages.filter((m) => m.json === '');
    expect(withoutJson.length).toBeGreaterThan(9_000);
    const first = (withoutJson[0] as { index: number }).index;
    const fetched = await service.calls.messages({ callId: started.callId, from: first, count: 5 });
    expect(fetched.json).toEqual(lines.slice(first, first + 5));
    const read = await service.calls.messages({ callId: started.callId, from: 1234, count: 1000 });
    expect(read.json).toEqual(lines.slice(1234, 2234));
    const tail = await service.calls.messages({ callId: started.callId, from: count - 3, count: 10 });
    expect(tail.json).toEqual(lines.slice(count - 3, count));
    expect(JSON.parse(lines[0] as string)).toHaveProperty('start');
  }, 120_000);
});
