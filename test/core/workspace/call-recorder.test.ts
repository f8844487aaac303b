import { describe, expect, it } from 'vitest';
import type { CallEvent, CallStatus } from '../../../src/shared/call';
import type { Assertions, Capture } from '../../../src/shared/workspace';
import { CallRecorder } from '../../../src/core/workspace/call-recorder';

const ok: CallStatus = { code: 0, name: 'OK', message: '' };

/** Feeds a call of the given responses and status into a recorder. */
function record(
  messages: unknown[],
  options: {
    captures?: Capture[];
    assertions?: Assertions;
    keepMessages?: number;
    status?: CallStatus;
    totalMs?: number;
  } = {},
) {
  const recorder = new CallRecorder(options);
  const events: CallEvent[] = [
    { type: 'sent', index: 0, size: 3, atMs: 1 },
    {
      type: 'headers',
      metadata: [
        { key: 'X-Request-Id', value: 'req-1' },
        { key: 'x-request-id', value: 'req-2' },
      ],
      atMs: 2,
    },
    ...messages.map((message, index): CallEvent => ({
      type: 'message',
      index,
      size: 10,
      atMs: 3,
      json: JSON.stringify(message),
    })),
    { type: 'trailers', metadata: [{ key: 'x-cost', value: '7' }], atMs: 4 },
    {
      type: 'status',
      status: options.status ?? ok,
      timings: {
        totalMs: options.totalMs ?? 12,
        messagesSent: 1,
        messagesReceived: messages.length,
        bytesSent: 3,
        bytesReceived: 10 * messages.length,
      },
      insecure: false,
    },
  ];
  for (const event of events) recorder.event(event);
  return recorder.result();
}

describe('CallRecorder', () => {
  it('keeps the first N messages, counts all and sums their bytes', () => {
    const result = record([{ n: 1 }, { n: 2 }, { n: 3 }], { keepMessages: 2 });
    expect(result.messages).toEqual(['{"n":1}', '{"n":2}']);
    expect(result).toMatchObject({
      count: 3,
      bytes: 30,
      status: ok,
      trailers: [{ key: 'x-cost', value: '7' }],
    });
    expect(result.assertions).toEqual([]);
  });

  it('wants a message body only while it keeps messages or an open contains needs one; unread ones are counted', () => {
    const message = (index: number, json: string): CallEvent => ({
      type: 'message',
      index,
      size: 10,
      atMs: 1,
      json,
    });
    const plain = new CallRecorder({ keepMessages: 1 });
    expect(plain.wantsBody()).toBe(true);
    plain.event(message(0, '{"n":0}'));
    expect(plain.wantsBody()).toBe(false);
    plain.unread(5);
    const contains = new CallRecorder({ keepMessages: 1, assertions: { contains: { n: 2 } } });
    contains.event(message(0, '{"n":0}'));
    expect(contains.wantsBody()).toBe(true);
    contains.event(message(1, '{"n":2}'));
    expect(contains.wantsBody()).toBe(false);
    contains.unread(5);
    const status: CallEvent = {
      type: 'status',
      status: ok,
      timings: { totalMs: 1, messagesSent: 1, messagesReceived: 3, bytesSent: 1, bytesReceived: 25 },
      insecure: false,
    };
    plain.event(status);
    contains.event(status);
    expect(plain.result()).toMatchObject({ count: 2, bytes: 15, messages: ['{"n":0}'] });
    expect(contains.result()).toMatchObject({ count: 3, bytes: 25 });
    expect(contains.result().assertions[0]).toMatchObject({ passed: true });
  });

  it('refuses to give a result before the call ended', () => {
    expect(() => new CallRecorder({}).result()).toThrow('The call has not ended yet');
  });

  it('checks status by name, with the server message when it differs', () => {
    const notFound = { code: 5, name: 'NOT_FOUND', message: 'no such user' };
    expect(record([], { assertions: { status: 'OK' }, status: notFound }).assertions).toEqual([
      { assertion: 'status', passed: false, message: 'expected status OK, got NOT_FOUND (no such user)' },
    ]);
    expect(record([], { assertions: { status: 'NOT_FOUND' }, status: notFound }).assertions).toEqual([
      { assertion: 'status', passed: true, message: 'status is NOT_FOUND' },
    ]);
  });

  it('checks latency against the total time', () => {
    expect(record([], { assertions: { maxLatencyMs: 10 }, totalMs: 12.4 }).assertions).toEqual([
      { assertion: 'maxLatencyMs', passed: false, message: 'took 12 ms, more than the 10 ms allowed' },
    ]);
    expect(record([], { assertions: { maxLatencyMs: 50 }, totalMs: 12.4 }).assertions[0]).toMatchObject({
      passed: true,
    });
  });

  it('checks contains against every message, beyond the ones kept, and says what differed', () => {
    const stream = [
      { user: { name: 'bob' } },
      { user: { name: 'cy' } },
      { user: { name: 'ann', id: '9223372036854775807' } },
    ];
    expect(
      record(stream, { keepMessages: 1, assertions: { contains: { user: { name: 'ann' } } } }).assertions,
    ).toEqual([
      { assertion: 'contains', passed: true, message: 'response message 3 of 3 contains the expected JSON' },
    ]);
    expect(
      record(stream.slice(0, 1), { assertions: { contains: { user: { name: 'ann' } } } }).assertions,
    ).toEqual([{ assertion: 'contains', passed: false, message: '$.user.name: expected "ann", got "bob"' }]);
    expect(
      record(stream.slice(0, 2), { assertions: { contains: { user: { name: 'ann' } } } }).assertions[0]!
        .message,
    ).toBe(
      'none of the 2 response messages contains the JSON; first message: $.user.name: expected "ann", got "bob"',
    );
    expect(record([], { assertions: { contains: {} } }).assertions[0]).toEqual({
      assertion: 'contains',
      passed: false,
      message: 'expected a response containing the JSON, got no response message',
    });
  });

  it('captures from the first message by JSON path, and headers and trailers by name ignoring case', () => {
    const result = record([{ user: { id: '42', age: 7, tags: ['a'] } }, { user: { id: '43' } }], {
      captures: [
        { variable: 'id', from: 'body', path: '$.user.id' },
        { variable: 'age', from: 'body', path: '$.user.age' },
        { variable: 'tags', from: 'body', path: '$.user.tags' },
        { variable: 'email', from: 'body', path: '$.user.email' },
        { variable: 'request', from: 'header', name: 'x-REQUEST-id' },
        { variable: 'cost', from: 'trailer', name: 'X-Cost' },
        { variable: 'none', from: 'trailer', name: 'x-missing' },
      ],
    });
    expect(result.captures).toEqual([
      { variable: 'id', value: '42' },
      { variable: 'age', value: '7' },
      { variable: 'tags', value: '["a"]' },
      { variable: 'email', problem: '$.user has no field email' },
      { variable: 'request', value: 'req-1' },
      { variable: 'cost', value: '7' },
      { variable: 'none', problem: 'no trailer "x-missing" in the response' },
    ]);
    expect(record([], { captures: [{ variable: 'id', from: 'body', path: '$.id' }] }).captures).toEqual([
      { variable: 'id', problem: 'no response message to capture from' },
    ]);
  });
});
