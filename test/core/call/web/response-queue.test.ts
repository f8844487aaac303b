import { describe, expect, it } from 'vitest';
import { Metadata } from '@grpc/grpc-js';
import { ResponseQueue } from '../../../../src/core/call/web/response-queue';

/** A queue whose hand-overs are written down in order. */
function recorded(): { queue: ResponseQueue; log: string[] } {
  const log: string[] = [];
  const queue = new ResponseQueue({
    message: (message) => log.push(`message ${message.toString()}`),
    status: (status) => log.push(`status ${status.code}`),
    hold: (held) => log.push(held ? 'hold' : 'release'),
  });
  return { queue, log };
}

const ok = { code: 0, details: '', metadata: new Metadata() };
const messages = (from: number, count: number): Buffer[] =>
  Array.from({ length: count }, (_, i) => Buffer.from(String(from + i)));

describe('ResponseQueue', () => {
  it('hands over one message per read, and the status only after the last one was read', () => {
    const { queue, log } = recorded();
    queue.push(messages(1, 2));
    queue.end(ok);
    expect(log).toEqual([]);
    queue.read();
    expect(log).toEqual(['message 1']);
    queue.read();
    expect(log).toEqual(['message 1', 'message 2', 'status 0']);
  });

  it('holds the exchange once 16 messages wait, and releases it when the reader has caught up', () => {
    const { queue, log } = recorded();
    queue.push(messages(1, 15));
    expect(log).toEqual([]);
    queue.push(messages(16, 1));
    expect(log).toEqual(['hold']);
    for (let i = 0; i < 8; i++) queue.read();
    expect(log.at(-1)).toBe('message 8');
    queue.read();
    expect(log.slice(-2)).toEqual(['message 9', 'release']);
  });

  it('stops at once: waiting messages are dropped, and nothing comes after the status', () => {
    const { queue, log } = recorded();
    queue.push(messages(1, 3));
    queue.stop({ code: 1, details: 'Cancelled on client', metadata: new Metadata() });
    queue.read();
    queue.push(messages(4, 1));
    queue.end(ok);
    expect(log).toEqual(['status 1']);
  });

  it('delivers a message that arrives while a read is waiting, without a second read', () => {
    const { queue, log } = recorded();
    queue.read();
    queue.push(messages(1, 2));
    expect(log).toEqual(['message 1']);
  });
});
