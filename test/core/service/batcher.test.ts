import { afterEach, describe, expect, test, vi } from 'vitest';
import { EventBatcher, type BatchLimits } from '../../../src/core/service/batcher';
import type { CallEventBatch } from '../../../src/shared/api/types';
import type { CallEvent } from '../../../src/shared/call';
import { batchEvents } from '../../helpers/batch-entries';

const message = (index: number): CallEvent => ({
  type: 'message',
  index,
  size: 1,
  atMs: index,
  json: `{"i":${index}}`,
});
const sent = (index: number): CallEvent => ({ type: 'sent', index, size: 1, atMs: index });
const status: CallEvent = {
  type: 'status',
  status: { code: 0, name: 'OK', message: '' },
  timings: { totalMs: 1, messagesSent: 0, messagesReceived: 0, bytesSent: 0, bytesReceived: 0 },
  insecure: false,
};
const describeEvent = (e: CallEvent) =>
  e.type === 'message' ? `m${e.index}` : e.type === 'sent' ? `s${e.index}` : e.type;

function batcher(
  limits: BatchLimits = { intervalMs: 16, maxUnacknowledged: 2, viewLimit: 3, jsonLimit: 1000 },
) {
  const batches: Omit<CallEventBatch, 'callId'>[] = [];
  const b = new EventBatcher((batch) => batches.push(batch), limits);
  const shown = (i: number) => (batches[i] ? batchEvents(batches[i]) : undefined)?.map(describeEvent);
  return { b, batches, shown };
}

afterEach(() => vi.useRealTimers());

describe('EventBatcher', () => {
  test('events that arrive together go out together, then at most one batch per interval', () => {
    vi.useFakeTimers();
    const { b, batches, shown } = batcher();
    b.push(sent(0));
    b.push(message(0));
    expect(batches).toHaveLength(0);
    vi.advanceTimersByTime(0);
    expect(shown(0)).toEqual(['s0', 'm0']);
    b.push(message(1));
    b.push(message(2));
    vi.advanceTimersByTime(15);
    expect(batches).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(shown(1)).toEqual(['m1', 'm2']);
    expect(batches.map((x) => x.seq)).toEqual([1, 2]);
  });

  test('the final status goes out at once when nothing is unacknowledged', () => {
    vi.useFakeTimers();
    const { b, batches, shown } = batcher();
    b.push(message(0));
    b.push(status);
    expect(shown(0)).toEqual(['m0', 'status']);
    expect(batches).toHaveLength(1);
  });

  test('without acknowledgements it stops after 2 batches and keeps only the newest messages, never other events', () => {
    vi.useFakeTimers();
    const { b, batches, shown } = batcher();
    b.push(message(0));
    vi.advanceTimersByTime(16);
    b.push(message(1));
    vi.advanceTimersByTime(16);
    b.push(sent(0));
    for (let i = 2; i < 10; i++) b.push(message(i));
    b.push(sent(1));
    b.push(message(10));
    b.push(status);
    vi.advanceTimersByTime(1000);
    expect(batches).toHaveLength(2);
    b.acknowledge(1);
    vi.advanceTimersByTime(16);
    expect(shown(2)).toEqual(['s0', 'm8', 'm9', 's1', 'm10', 'status']);
    expect(batches[2]?.skipped).toBe(6);
  });

  test('dropping many messages keeps memory bounded and the newest ones in order', () => {
    vi.useFakeTimers();
    const { b, batches } = batcher({ intervalMs: 16, maxUnacknowledged: 1, viewLimit: 5, jsonLimit: 1000 });
    b.push(message(0));
    vi.advanceTimersByTime(16);
    for (let i = 1; i <= 10_000; i++) b.push(message(i));
    b.acknowledge(1);
    vi.advanceTimersByTime(16);
    expect(batchEvents(batches[1] ?? { entries: [] }).map(describeEvent)).toEqual([
      'm9996',
      'm9997',
      'm9998',
      'm9999',
      'm10000',
    ]);
    expect(batches[1]?.skipped).toBe(9_995);
  });

  test('acknowledging an unknown or old batch changes nothing; a disposed batcher emits nothing', () => {
    vi.useFakeTimers();
    const { b, batches } = batcher({ intervalMs: 16, maxUnacknowledged: 1, viewLimit: 5, jsonLimit: 1000 });
    b.push(message(0));
    vi.advanceTimersByTime(16);
    b.push(message(1));
    b.acknowledge(7);
    vi.advanceTimersByTime(100);
    expect(batches).toHaveLength(1);
    b.dispose();
    b.acknowledge(1);
    vi.advanceTimersByTime(100);
    expect(batches).toHaveLength(1);
  });

  test('a batch makes and carries the JSON of its newest jsonLimit messages only, across runs', () => {
    vi.useFakeTimers();
    const { b, batches, shown } = batcher({
      intervalMs: 16,
      maxUnacknowledged: 2,
      viewLimit: 100,
      jsonLimit: 3,
    });
    const made: number[] = [];
    const checked = (index: number): void =>
      b.pushMessage(index, index, 10 + index, () => {
        made.push(index);
        return `{"i":${index}}`;
      });
    for (let i = 0; i < 4; i++) checked(i);
    b.push(sent(0));
    checked(4);
    checked(5);
    vi.advanceTimersByTime(16);
    expect(made.sort()).toEqual([3, 4, 5]);
    expect(shown(0)).toEqual(['m0', 'm1', 'm2', 'm3', 's0', 'm4', 'm5']);
    const events = batchEvents(batches[0] ?? { entries: [] });
    expect(events.map((e) => (e.type === 'message' ? [e.index, e.size, e.json] : e.type))).toEqual([
      [0, 10, ''],
      [1, 11, ''],
      [2, 12, ''],
      [3, 13, '{"i":3}'],
      'sent',
      [4, 14, '{"i":4}'],
      [5, 15, '{"i":5}'],
    ]);
  });
});
