import { describe, expect, it } from 'vitest';
import { applyBatch, createCallModel, noteSent, viewLimit } from '../../../src/renderer/model/call-model';
import type { CallModel } from '../../../src/renderer/model/call-model';
import { batch, messages, statusEvent } from '../features/response/batches';

/** Applies `count` received messages in batches of `size`. */
function receive(model: CallModel, count: number, size: number): CallModel {
  let next = model;
  for (let from = 0; from < count; from += size) {
    next = applyBatch(next, batch(model.callId, messages(from, Math.min(size, count - from))));
  }
  return next;
}

describe('call model', () => {
  it('keeps sent and received messages in arrival order, with headers, trailers and status', () => {
    let model = createCallModel('c1', 'bidi');
    model = noteSent(model, '{"a":1}');
    model = applyBatch(
      model,
      batch('c1', [
        { type: 'sent', index: 0, size: 3, atMs: 1 },
        { type: 'headers', metadata: [{ key: 'x-h', value: '1' }], atMs: 2 },
        { type: 'message', index: 0, size: 5, atMs: 3, json: '{"r":1}' },
      ]),
    );
    model = applyBatch(
      model,
      batch('c1', [
        { type: 'trailers', metadata: [{ key: 'x-t', value: '2' }], atMs: 4 },
        statusEvent({ name: 'OK' }, { messagesSent: 1, messagesReceived: 1 }),
      ]),
    );
    expect(model.entries.map((e) => [e.direction, e.index, e.atMs, e.size, e.json])).toEqual([
      ['sent', 0, 1, 3, '{"a":1}'],
      ['received', 0, 3, 5, '{"r":1}'],
    ]);
    expect(model.headers).toEqual([{ key: 'x-h', value: '1' }]);
    expect(model.trailers).toEqual([{ key: 'x-t', value: '2' }]);
    expect(model.status?.status.name).toBe('OK');
    expect([model.sentCount, model.receivedCount, model.skipped]).toEqual([1, 1, 0]);
  });

  it('bumps the version on every change and ignores batches of other calls', () => {
    const start = createCallModel('c1', 'server_stream');
    const next = applyBatch(start, batch('c1', messages(0, 2)));
    expect(next.version).toBe(start.version + 1);
    expect(applyBatch(next, batch('other', messages(2, 5)))).toBe(next);
    expect(next.receivedCount).toBe(2);
  });

  it('keeps only the newest 10,000 entries but counts every message', () => {
    const model = receive(createCallModel('c1', 'server_stream'), 25_000, 3_000);
    expect(model.receivedCount).toBe(25_000);
    expect(model.entryCount).toBe(viewLimit);
    expect(model.entries).toHaveLength(viewLimit);
    expect(model.entries[0]?.index).toBe(15_000);
    expect(model.entries[viewLimit - 1]?.json).toBe('{"n":24999}');
    expect(model.entryAt(0)).toBe(model.entries[0]);
    expect(model.entryAt(viewLimit)).toBeUndefined();
  });

  it('handles a million messages in batches of thousands', () => {
    const started = performance.now();
    const model = receive(createCallModel('c1', 'server_stream'), 1_000_000, 5_000);
    expect(model.receivedCount).toBe(1_000_000);
    expect(model.entryAt(viewLimit - 1)?.index).toBe(999_999);
    // O(batch) per apply: a copy of the ring per batch would still pass, a copy per message would not.
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('counts messages the engine left out of batches as received and skipped', () => {
    let model = createCallModel('c1', 'server_stream');
    model = applyBatch(model, batch('c1', messages(0, 2)));
    model = applyBatch(model, batch('c1', messages(50, 1), 48));
    expect([model.receivedCount, model.skipped, model.entryCount]).toEqual([51, 48, 3]);
    model = applyBatch(
      model,
      batch('c1', [statusEvent({ name: 'OK' }, { messagesReceived: 60, messagesSent: 1 })]),
    );
    expect(model.receivedCount).toBe(60);
  });

  it('joins the page’s request texts to sent events by index, whichever comes first', () => {
    let model = createCallModel('c1', 'client_stream');
    model = noteSent(model, '{"first":true}');
    model = applyBatch(
      model,
      batch('c1', [
        { type: 'sent', index: 0, size: 1, atMs: 1 },
        { type: 'sent', index: 1, size: 1, atMs: 2 },
      ]),
    );
    expect(model.entries.map((e) => e.json)).toEqual(['{"first":true}', '']);
    const before = model.version;
    model = noteSent(model, '{"second":true}');
    expect(model.version).toBe(before + 1);
    expect(model.entries.map((e) => e.json)).toEqual(['{"first":true}', '{"second":true}']);
    expect(model.sentCount).toBe(2);
  });
});
