import type { JsonValue } from '@bufbuild/protobuf';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Schema } from '../../../../src/core/schema/schema';
import { zooCall, zooSchema } from '../mock-call';
import { stubHandler } from './stub-folder';

let schema: Schema;
beforeAll(async () => {
  schema = await zooSchema();
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function handler(files: Record<string, unknown>, fallback?: 'sample' | 'full' | 'unimplemented') {
  const made = await stubHandler(schema, files, fallback);
  cleanups.push(made.done);
  expect(made.stubs.problems()).toEqual([]);
  return made;
}

describe('the example from the issue', () => {
  const file = {
    format: 1,
    method: 'mock.zoo.Zoo/GetAnimal',
    rules: [
      {
        match: { body: { id: '7' }, metadata: { 'x-tenant': 'a' } },
        respond: { body: { name: 'Tiger {{request.id}}' }, trailers: { 'x-mock': '1' }, delay: '20ms' },
      },
      {
        match: { body: { id: '404' } },
        respond: {
          status: {
            code: 'NOT_FOUND',
            message: 'no animal 404',
            details: [{ '@type': 'type.googleapis.com/google.rpc.ResourceInfo', resourceName: '404' }],
          },
        },
      },
      { respond: { body: { name: 'anyone' } } },
    ],
  };

  test('the first matching rule answers with its templated body, trailers and delay', async () => {
    const { stubs, log } = await handler({ 'mock.zoo.Zoo/GetAnimal.json': file });
    const { call, reply, send, feed } = zooCall(schema, 'GetAnimal', { 'x-tenant': ['a'] });
    send({ id: '7' });
    feed.end();
    const started = performance.now();
    await stubs.handler(call, reply);
    expect(reply.messages).toEqual([{ name: 'Tiger 7' }]);
    expect(reply.status).toEqual({ code: 0, message: '' });
    expect(reply.trailers).toEqual({ 'x-mock': ['1'] });
    expect(reply.sentAt[0]! - started).toBeGreaterThanOrEqual(19);
    expect(log[0]).toMatchObject({
      method: 'mock.zoo.Zoo/GetAnimal',
      answer: { kind: 'rule', file: 'mock.zoo.Zoo/GetAnimal.json', index: 0 },
      requests: [{ id: '7' }],
      responses: [{ name: 'Tiger 7' }],
      status: { code: 'OK' },
    });
  });

  test('a number in match.body equals the int64 id the request sends as a string', async () => {
    const numeric = {
      ...file,
      rules: [{ match: { body: { id: 404 } }, respond: { body: { name: 'numeric' } } }],
    };
    const { stubs } = await handler({ 'x.json': numeric });
    const { call, reply, send, feed } = zooCall(schema, 'GetAnimal');
    send({ id: '404' });
    feed.end();
    await stubs.handler(call, reply);
    expect(reply.messages).toEqual([{ name: 'numeric' }]);
  });

  test('metadata that does not match skips the rule; a status rule answers with typed details', async () => {
    const { stubs } = await handler({ 'mock.zoo.Zoo/GetAnimal.json': file });
    const wrongTenant = zooCall(schema, 'GetAnimal', { 'x-tenant': ['b'] });
    wrongTenant.send({ id: '7' });
    wrongTenant.feed.end();
    await stubs.handler(wrongTenant.call, wrongTenant.reply);
    expect(wrongTenant.reply.messages).toEqual([{ name: 'anyone' }]);

    const missing = zooCall(schema, 'GetAnimal');
    missing.send({ id: '404' });
    missing.feed.end();
    await stubs.handler(missing.call, missing.reply);
    expect(missing.reply.messages).toEqual([]);
    expect(missing.reply.status).toMatchObject({ code: 5, message: 'no animal 404' });
    const [detail] = missing.reply.status!.details!;
    expect(detail!.typeUrl).toBe('type.googleapis.com/google.rpc.ResourceInfo');
    // ResourceInfo.resource_name is field 2: tag 0x12, length 3, "404".
    expect([...detail!.value]).toEqual([0x12, 3, 0x34, 0x30, 0x34]);
  });
});

describe('server streams', () => {
  test('a stream is sent message by message with its interval, then OK', async () => {
    const { stubs } = await handler({
      'list.json': {
        format: 1,
        method: 'mock.zoo.Zoo/ListAnimals',
        rules: [
          { respond: { stream: [{ body: { name: 'a' } }, { body: { name: 'b' } }], interval: '30ms' } },
        ],
      },
    });
    const { call, reply, send, feed } = zooCall(schema, 'ListAnimals');
    send({});
    feed.end();
    await stubs.handler(call, reply);
    expect(reply.messages).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect(reply.sentAt[1]! - reply.sentAt[0]!).toBeGreaterThanOrEqual(29);
    expect(reply.status?.code).toBe(0);
  });

  test('a status after a stream ends the call with that error after the messages; a body alone is one message', async () => {
    const { stubs } = await handler({
      'list.json': {
        format: 1,
        method: 'mock.zoo.Zoo/ListAnimals',
        rules: [
          {
            match: { body: { name: 'fail' } },
            respond: { stream: [{ body: { name: 'a' } }], status: { code: 'UNAVAILABLE', message: 'gone' } },
          },
          { respond: { body: { name: 'only' } } },
        ],
      },
    });
    const failing = zooCall(schema, 'ListAnimals');
    failing.send({ name: 'fail' });
    failing.feed.end();
    await stubs.handler(failing.call, failing.reply);
    expect(failing.reply.messages).toEqual([{ name: 'a' }]);
    expect(failing.reply.status).toEqual({ code: 14, message: 'gone' });

    const single = zooCall(schema, 'ListAnimals');
    single.send({ name: 'x' });
    single.feed.end();
    await stubs.handler(single.call, single.reply);
    expect(single.reply.messages).toEqual([{ name: 'only' }]);
  });
});

describe('client streams', () => {
  test('the rule is chosen once the client ends, by the last message unless it names an index; templates see every message', async () => {
    const { stubs } = await handler({
      'count.json': {
        format: 1,
        method: 'mock.zoo.Zoo/CountAnimals',
        rules: [
          {
            match: { index: 0, body: { name: 'first' } },
            respond: {
              body: { count: '{{requests.count}}', last: 'first was first', firstId: '{{requests[0].id}}' },
            },
          },
          {
            match: { body: { name: 'zebra' } },
            respond: { body: { count: '{{requests.count}}', last: '{{requests.last.name}}' } },
          },
          { match: { messages: [{ id: 1 }, { id: 2 }] }, respond: { body: { last: 'exactly 1 then 2' } } },
        ],
      },
    });
    const run = async (messages: JsonValue[]) => {
      const c = zooCall(schema, 'CountAnimals');
      const done = stubs.handler(c.call, c.reply);
      for (const message of messages) c.send(message);
      // Nothing is answered before the client ends.
      await new Promise((resolve) => setImmediate(resolve));
      expect(c.reply.messages).toEqual([]);
      c.feed.end();
      await done;
      return c.reply;
    };
    expect((await run([{ name: 'first', id: 9 }, { name: 'zebra' }])).messages).toEqual([
      { count: 2, last: 'first was first', firstId: '9' },
    ]);
    expect((await run([{ name: 'ant' }, { name: 'bee' }, { name: 'zebra' }])).messages).toEqual([
      { count: 3, last: 'zebra' },
    ]);
    expect((await run([{ id: 1 }, { id: 2 }])).messages).toEqual([{ last: 'exactly 1 then 2' }]);
    expect((await run([{ id: 1 }, { id: 2 }, { id: 3 }])).status?.code).toBe(12);
  });
});

describe('bidi streams', () => {
  test('each message is answered by the rule that matches it; a status ends the call', async () => {
    const { stubs } = await handler({
      'chat.json': {
        format: 1,
        method: 'mock.zoo.Zoo/Chat',
        rules: [
          {
            match: { index: 0 },
            respond: { stream: [{ body: { name: 'hello' } }, { body: { name: 'there' } }] },
          },
          {
            match: { body: { name: 'bye' } },
            respond: { status: { code: 'ABORTED', message: 'bye {{index}}' } },
          },
          { respond: { body: { name: 'echo {{request.name}} #{{counter}}', legs: '{{index}}' } } },
        ],
      },
    });
    const { call, reply, send } = zooCall(schema, 'Chat');
    const done = stubs.handler(call, reply);
    send({ name: 'a' });
    await reply.untilMessages(2);
    send({ name: 'b' });
    await reply.untilMessages(3);
    send({ name: 'c' });
    await reply.untilMessages(4);
    send({ name: 'bye' });
    await done;
    expect(reply.messages).toEqual([
      { name: 'hello' },
      { name: 'there' },
      { name: 'echo b #1', legs: 1 },
      { name: 'echo c #2', legs: 2 },
    ]);
    expect(reply.status).toEqual({ code: 10, message: 'bye 3' });
  });

  test('when the client ends the call finishes OK', async () => {
    const { stubs } = await handler({
      'chat.json': { format: 1, method: 'mock.zoo.Zoo/Chat', rules: [{ respond: { body: { name: 'ok' } } }] },
    });
    const { call, reply, send, feed } = zooCall(schema, 'Chat');
    const done = stubs.handler(call, reply);
    send({});
    await reply.untilMessages(1);
    feed.end();
    await done;
    expect(reply.status).toEqual({ code: 0, message: '' });
  });
});

describe('delays', () => {
  test('a cancelled call stops waiting at once and sends nothing', async () => {
    const { stubs } = await handler({
      'slow.json': {
        format: 1,
        method: 'mock.zoo.Zoo/ListAnimals',
        rules: [{ respond: { delay: '10s', stream: [{ body: { name: 'late' } }] } }],
      },
    });
    const { call, reply, send, feed, abort } = zooCall(schema, 'ListAnimals');
    send({});
    feed.end();
    const started = performance.now();
    const done = stubs.handler(call, reply);
    setTimeout(() => abort.abort(), 20);
    await done;
    expect(performance.now() - started).toBeLessThan(2000);
    expect(reply.messages).toEqual([]);
    expect(reply.status).toBeUndefined();
  });

  test('a delay range waits between its min and max', async () => {
    const { stubs } = await handler({
      'range.json': {
        format: 1,
        method: 'mock.zoo.Zoo/GetAnimal',
        rules: [{ respond: { delay: { min: '30ms', max: '60ms' }, body: {} } }],
      },
    });
    const { call, reply, send, feed } = zooCall(schema, 'GetAnimal');
    send({});
    feed.end();
    const started = performance.now();
    await stubs.handler(call, reply);
    expect(reply.sentAt[0]! - started).toBeGreaterThanOrEqual(29);
  });
});
