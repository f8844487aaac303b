import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../src/shared/workspace';
import { HistoryStore } from '../../../src/core/workspace/history';
import { SentMessages } from '../../../src/core/workspace/sent-messages';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'protodesk-history-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function entry(
  method: string,
  extra: { status?: string; request?: string; response?: string; pad?: number } = {},
): Omit<HistoryEntry, 'id'> {
  return {
    at: new Date().toISOString(),
    method: `grpc.testing.TestService/${method}`,
    target: '127.0.0.1:50051',
    status: { code: extra.status === 'NOT_FOUND' ? 5 : 0, name: extra.status ?? 'OK' },
    totalMs: 4,
    workspace: '/work/api',
    request: { metadata: [], messages: [extra.request ?? '{}'] },
    statusMessage: '',
    timings: { totalMs: 4, messagesSent: 1, messagesReceived: 1, bytesSent: 2, bytesReceived: 2 },
    response: {
      messages: [extra.response ?? '{}', 'x'.repeat(extra.pad ?? 0)],
      count: 1,
      bytes: 2,
      headers: [],
      trailers: [],
    },
  };
}

describe('HistoryStore', () => {
  it('records entries with time-ordered ids, lists newest first, and gets one back whole', async () => {
    const history = new HistoryStore(join(dir, 'history'));
    expect(await history.list()).toEqual([]);
    const first = await history.record(entry('First'));
    const second = await history.record(entry('Second'));
    expect(second.id > first.id).toBe(true);
    const listed = await history.list();
    expect(listed.map((item) => item.method)).toEqual([
      'grpc.testing.TestService/Second',
      'grpc.testing.TestService/First',
    ]);
    expect(listed[0]).toEqual({
      id: second.id,
      at: second.at,
      method: second.method,
      target: second.target,
      status: second.status,
      totalMs: 4,
    });
    expect(await history.get(first.id)).toEqual(first);
    expect(await new HistoryStore(join(dir, 'history')).list({ limit: 1 })).toHaveLength(1);
  });

  it('searches method, target, status name, request and response text, ignoring case', async () => {
    const history = new HistoryStore(dir);
    await history.record(entry('GetUser', { request: '{"name":"Ann"}' }));
    await history.record(entry('DeleteUser', { status: 'NOT_FOUND', response: '{"reason":"Gone Away"}' }));
    const methods = async (text: string): Promise<string[]> =>
      (await history.list({ text })).map((item) => item.method.split('/')[1]!);
    expect(await methods('getuser')).toEqual(['GetUser']);
    expect(await methods('not_found')).toEqual(['DeleteUser']);
    expect(await methods('"ann"')).toEqual(['GetUser']);
    expect(await methods('gone away')).toEqual(['DeleteUser']);
    expect(await methods('127.0.0.1:50051')).toEqual(['DeleteUser', 'GetUser']);
    expect(await methods('nothing like this')).toEqual([]);
  });

  it('keeps at most maxEntries, removing the oldest first', async () => {
    const history = new HistoryStore(dir, { maxEntries: 3 });
    for (let i = 0; i < 5; i++) await history.record(entry(`M${i}`));
    expect((await history.list()).map((item) => item.method.split('/')[1])).toEqual(['M4', 'M3', 'M2']);
  });

  it('keeps the total size under maxBytes, removing the oldest first but never the newest', async () => {
    const history = new HistoryStore(dir, { maxBytes: 7_000 });
    for (let i = 0; i < 6; i++) await history.record(entry(`M${i}`, { pad: 1_500 }));
    expect((await history.list()).map((item) => item.method.split('/')[1])).toEqual(['M5', 'M4', 'M3']);
    await history.record(entry('Huge', { pad: 20_000 }));
    expect((await history.list()).map((item) => item.method.split('/')[1])).toEqual(['Huge']);
  });

  it('explains an unknown id, refuses ids that are not its own, and clears everything', async () => {
    const history = new HistoryStore(dir);
    const kept = await history.record(entry('A'));
    await expect(history.get('0000000000-00000000')).rejects.toThrow(
      'There is no history entry 0000000000-00000000: it was cleared, or removed to keep the history within its limits.',
    );
    await expect(history.get('../secrets')).rejects.toThrow('There is no history entry ../secrets');
    await writeFile(join(dir, 'notes.txt'), 'not an entry');
    await history.clear();
    await expect(history.get(kept.id)).rejects.toThrow(/no history entry/);
    expect(await history.list()).toEqual([]);
    expect(await readdir(dir)).toEqual(['notes.txt']);
  });
});

describe('a damaged history entry', () => {
  it('is said to be damaged, without quoting what the file holds', async () => {
    const history = new HistoryStore(join(dir, 'history'));
    const recorded = await history.record(entry('Damaged'));
    await writeFile(join(dir, 'history', `${recorded.id}.json`), 'DECOY_TOKEN=s3cr3t-decoy-value\n');
    await expect(history.get(recorded.id)).rejects.toThrow(
      new Error(
        `The history entry ${recorded.id} cannot be read: it is not valid JSON (the file is damaged).`,
      ),
    );
    expect(await history.list()).toEqual([]);
  });
});

describe('SentMessages', () => {
  it('keeps every message in order up to the message cap, then counts the rest', () => {
    const sent = new SentMessages({ maxMessages: 3 });
    for (const n of [1, 2, 3, 4, 5]) sent.add(`{"n":${n}}`);
    expect(sent.messages).toEqual(['{"n":1}', '{"n":2}', '{"n":3}']);
    expect(sent.dropped).toBe(2);
  });

  it('stops at the size cap, and keeps no later message even if a small one would fit', () => {
    const sent = new SentMessages({ maxChars: 10 });
    sent.add('"aaaa"');
    sent.add('"bbbbbb"');
    sent.add('1');
    expect(sent.messages).toEqual(['"aaaa"']);
    expect(sent.dropped).toBe(2);
  });

  it('a recorded stream reads back from disk with all its messages and the dropped count', async () => {
    const sent = new SentMessages({ maxMessages: 2 });
    for (const n of [1, 2, 3]) sent.add(`{"n":${n}}`);
    const history = new HistoryStore(dir);
    const base = entry('StreamingInputCall');
    const stored = await history.record({
      ...base,
      request: { ...base.request, messages: [...sent.messages], droppedMessages: sent.dropped },
    });
    const read = await new HistoryStore(dir).get(stored.id);
    expect(read.request.messages).toEqual(['{"n":1}', '{"n":2}']);
    expect(read.request.droppedMessages).toBe(1);
  });
});
