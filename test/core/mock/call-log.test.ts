import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { jsonLinesLog, loggedCall } from '../../../src/core/mock/call-log';
import type { Schema } from '../../../src/core/schema/schema';
import type { MockLogEntry } from '../../../src/shared/mock';
import { zooCall, zooSchema } from './mock-call';
import { fromJson, toBinary } from '@bufbuild/protobuf';

let schema: Schema;
beforeAll(async () => {
  schema = await zooSchema();
});

describe('loggedCall', () => {
  test('records requests, responses, status, protocol and redacted metadata in one entry when the call finishes', async () => {
    const { call, reply, send, feed } = zooCall(schema, 'Chat', {
      authorization: ['Bearer abc'],
      'X-Session-Token': ['t1'],
      cookie: ['a=b'],
      'x-tenant': ['acme'],
    });
    const entries: MockLogEntry[] = [];
    const logged = loggedCall(
      call,
      reply,
      schema.registry,
      () => ({ kind: 'rule', file: 'mock.zoo.Zoo/Chat.json', index: 0 }),
      (entry) => entries.push(entry),
    );
    send({ id: '7', name: 'tiger' });
    send({ id: '8' });
    feed.end();
    const seen: number[] = [];
    for await (const bytes of logged.call.requests) seen.push(bytes.length);
    const output = call.method.output;
    await logged.reply.sendMessage(toBinary(output, fromJson(output, { name: 'Tiger', legs: 4 })));
    expect(entries).toEqual([]);
    logged.reply.finish({ code: 5, message: 'no more' });
    logged.reply.finish({ code: 0, message: '' });

    expect(seen).toHaveLength(2);
    expect(entries).toHaveLength(1);
    const entry = entries[0]!;
    expect(entry).toMatchObject({
      method: 'mock.zoo.Zoo/Chat',
      protocol: 'grpc',
      requests: [{ id: '7', name: 'tiger' }, { id: '8' }],
      responses: [{ name: 'Tiger', legs: 4 }],
      answer: { kind: 'rule', file: 'mock.zoo.Zoo/Chat.json', index: 0 },
      status: { code: 'NOT_FOUND', message: 'no more' },
      metadata: {
        authorization: ['[redacted]'],
        'x-session-token': ['[redacted]'],
        cookie: ['[redacted]'],
        'x-tenant': ['acme'],
      },
    });
    expect(Date.parse(entry.time)).not.toBeNaN();
    expect(entry.durationMs).toBeGreaterThanOrEqual(0);
    // The reply underneath saw what the handler sent.
    expect(reply.messages).toEqual([{ name: 'Tiger', legs: 4 }]);
    expect(reply.status).toEqual({ code: 5, message: 'no more' });
  });

  test('a call the client cancels before the handler finishes is logged once as CANCELLED', () => {
    const { call, reply, abort } = zooCall(schema, 'GetAnimal');
    const entries: MockLogEntry[] = [];
    const logged = loggedCall(
      call,
      reply,
      schema.registry,
      () => ({ kind: 'none' }),
      (e) => entries.push(e),
    );
    abort.abort();
    logged.reply.finish({ code: 0, message: '' });
    expect(entries.map((e) => e.status.code)).toEqual(['CANCELLED']);
  });
});

describe('jsonLinesLog', () => {
  test('appends one JSON object per line, in call order', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mock-log-'));
    try {
      const path = join(dir, 'calls.jsonl');
      const errors: string[] = [];
      const log = jsonLinesLog(path, (message) => errors.push(message));
      const entry = (method: string): MockLogEntry => ({
        time: new Date().toISOString(),
        method,
        protocol: 'connect',
        metadata: {},
        requests: [{}],
        answer: { kind: 'fallback', fallback: 'sample' },
        responses: [],
        status: { code: 'OK', message: '' },
        durationMs: 1,
      });
      log.write(entry('a.B/C'));
      log.write(entry('a.B/D'));
      await log.flush();
      const lines = (await readFile(path, 'utf8')).trimEnd().split('\n');
      expect(lines.map((line) => (JSON.parse(line) as MockLogEntry).method)).toEqual(['a.B/C', 'a.B/D']);
      expect(errors).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a write that fails is reported with the file, not thrown', async () => {
    const path = join(tmpdir(), 'no-such-folder-for-mock-log', 'calls.jsonl');
    const errors: string[] = [];
    const log = jsonLinesLog(path, (message) => errors.push(message));
    log.write({
      time: '',
      method: 'a.B/C',
      protocol: 'grpc',
      metadata: {},
      requests: [],
      answer: { kind: 'none' },
      responses: [],
      status: { code: 'OK', message: '' },
      durationMs: 0,
    });
    await log.flush();
    expect(errors).toEqual([
      `Cannot write the call log to ${path}: ENOENT. Check that its folder exists and is writable.`,
    ]);
  });
});
