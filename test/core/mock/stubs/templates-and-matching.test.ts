import type { JsonValue } from '@bufbuild/protobuf';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { compileSubset } from '../../../../src/core/mock/stubs/subset';
import { jsonSubsetMismatch } from '../../../../src/core/workspace/json-subset';
import type { Schema } from '../../../../src/core/schema/schema';
import type { MockMetadata } from '../../../../src/core/mock/handler';
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

/** A GetAnimal handler with `rules`, and a function that calls it once. */
async function getAnimal(rules: unknown[]) {
  const made = await stubHandler(schema, {
    'get.json': { format: 1, method: 'mock.zoo.Zoo/GetAnimal', rules },
  });
  cleanups.push(made.done);
  expect(made.stubs.problems()).toEqual([]);
  return async (request: JsonValue, metadata: MockMetadata = {}) => {
    const { call, reply, send, feed } = zooCall(schema, 'GetAnimal', metadata);
    send(request);
    feed.end();
    await made.stubs.handler(call, reply);
    return reply;
  };
}

describe('templates', () => {
  test('request fields (nested, list elements, map values, proto names), metadata, counter, index', async () => {
    const call = await getAnimal([
      {
        respond: {
          body: {
            name: '{{request.name}} of {{metadata.X-Tenant}} owned by {{request.owner.id}}, tag {{request.tags[1].id}}, {{request.labels.color}}',
            id: '{{request.id}}',
            legs: '{{request.tags[0].weight}}',
            tags: ['#{{counter}}', '{{index}}', 'plain'],
          },
          headers: { 'x-echo': '{{request.name}}' },
          trailers: { 'x-count': '{{counter}}' },
        },
      },
    ]);
    const request: JsonValue = {
      id: '9007199254740993',
      name: 'Tiger',
      owner: { id: 'ann' },
      tags: [{ id: 't0', weight: 4 }, { id: 't1' }],
      labels: { color: 'orange' },
    };
    const first = await call(request, { 'x-tenant': ['acme'] });
    expect(first.messages).toEqual([
      {
        // The int64 goes through exactly: a string that is one template keeps the value's own type.
        id: '9007199254740993',
        name: 'Tiger of acme owned by ann, tag t1, orange',
        legs: 4,
        tags: ['#1', '0', 'plain'],
      },
    ]);
    expect(first.headers).toEqual({ 'x-echo': ['Tiger'] });
    expect(first.trailers).toEqual({ 'x-count': ['1'] });
    const second = await call({});
    // Default values are printed for templates; a missing message field or metadata gives nothing.
    expect(second.messages).toEqual([{ name: ' of  owned by , tag , ', tags: ['#2', '0', 'plain'] }]);
  });

  test('{{now}} fills a Timestamp, {{uuid}} a random id, and a number goes into a string field as text', async () => {
    const call = await getAnimal([
      { respond: { body: { seen: '{{now}}', name: '{{uuid}}', tags: ['{{request.tags[0].weight}}'] } } },
    ]);
    const before = Date.now();
    const reply = await call({ tags: [{ weight: 3 }] });
    const [message] = reply.messages as { seen: string; name: string; tags: string[] }[];
    expect(Date.parse(message!.seen)).toBeGreaterThanOrEqual(before - 1000);
    expect(message!.name).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(message!.tags).toEqual(['3']);
    const again = await call({});
    expect((again.messages[0] as { name: string }).name).not.toBe(message!.name);
  });

  test('a template whose value does not fit the field fails the call with INTERNAL naming the rule', async () => {
    const call = await getAnimal([{ respond: { body: { legs: '{{request.name}}' } } }]);
    expect((await call({ name: '4' })).messages).toEqual([{ legs: 4 }]);
    const reply = await call({ name: 'four' });
    expect(reply.messages).toEqual([]);
    expect(reply.status?.code).toBe(13);
    expect(reply.status?.message).toBe(
      'The answer of rules[0] of get.json does not fit the response message: legs: expected int32, got "four". Change the rule or its templates.',
    );
  });

  test('templates in a status message and its details', async () => {
    const call = await getAnimal([
      {
        respond: {
          status: {
            code: 'INVALID_ARGUMENT',
            message: 'bad id {{request.id}}',
            details: [
              {
                '@type': 'type.googleapis.com/google.rpc.BadRequest',
                fieldViolations: [{ field: 'id', description: 'id {{request.id}} is odd' }],
              },
            ],
          },
        },
      },
    ]);
    const reply = await call({ id: '3' });
    expect(reply.status?.code).toBe(3);
    expect(reply.status?.message).toBe('bad id 3');
    const detail = reply.status!.details![0]!;
    expect(detail.typeUrl).toBe('type.googleapis.com/google.rpc.BadRequest');
    expect(Buffer.from(detail.value).toString('latin1')).toContain('id 3 is odd');
  });
});

test('a status may be just its name or its number', async () => {
  const call = await getAnimal([
    { match: { body: { id: 1 } }, respond: { status: 'PERMISSION_DENIED' } },
    { respond: { status: 8 } },
  ]);
  expect((await call({ id: '1' })).status).toEqual({ code: 7, message: '' });
  expect((await call({})).status).toEqual({ code: 8, message: '' });
});

describe('matching', () => {
  test('fields: equals, regex and exists; the first rule that matches answers', async () => {
    const call = await getAnimal([
      { match: { fields: { '$.owner': { exists: false } } }, respond: { body: { name: 'no owner' } } },
      { match: { fields: { '$.owner.id': { regex: '^vip-' } } }, respond: { body: { name: 'vip' } } },
      {
        match: { fields: { '$.tags[0].id': { equals: 'x' }, '$.id': 5 } },
        respond: { body: { name: 'x and 5' } },
      },
      { respond: { body: { name: 'other' } } },
    ]);
    const name = async (request: JsonValue) => ((await call(request)).messages[0] as { name: string }).name;
    expect(await name({})).toBe('no owner');
    expect(await name({ owner: { id: 'vip-1' } })).toBe('vip');
    expect(await name({ owner: { id: 'ann' }, tags: [{ id: 'x' }], id: '5' })).toBe('x and 5');
    expect(await name({ owner: { id: 'ann' }, tags: [{ id: 'x' }], id: '6' })).toBe('other');
  });

  test('a default value in match.body matches a request that leaves the field unset', async () => {
    const call = await getAnimal([
      { match: { body: { id: 0, name: '' } }, respond: { body: { name: 'defaults' } } },
      { respond: { body: { name: 'set' } } },
    ]);
    expect((await call({})).messages).toEqual([{ name: 'defaults' }]);
    expect((await call({ id: '1' })).messages).toEqual([{ name: 'set' }]);
  });

  test('match.body takes proto field names too', async () => {
    const made = await stubHandler(schema, {
      'count.json': {
        method: 'mock.zoo.Zoo/CountAnimals',
        rules: [{ match: { body: { owner: { weight: 2 } } }, respond: { body: { first_id: 1 } } }],
      },
    });
    cleanups.push(made.done);
    const { call, reply, send, feed } = zooCall(schema, 'CountAnimals');
    send({ owner: { weight: 2 } });
    feed.end();
    await made.stubs.handler(call, reply);
    expect(reply.messages).toEqual([{ firstId: '1' }]);
  });

  test('metadata: a value, a regex, exists; names in any case, the first value', async () => {
    const call = await getAnimal([
      { match: { metadata: { 'X-Tenant': 'a' } }, respond: { body: { name: 'tenant a' } } },
      { match: { metadata: { 'x-tenant': { regex: '^b' } } }, respond: { body: { name: 'tenant b*' } } },
      { match: { metadata: { 'x-debug': { exists: true } } }, respond: { body: { name: 'debug' } } },
      { respond: { body: { name: 'none' } } },
    ]);
    const name = async (metadata: MockMetadata) =>
      ((await call({}, metadata)).messages[0] as { name: string }).name;
    expect(await name({ 'x-tenant': ['a', 'b'] })).toBe('tenant a');
    expect(await name({ 'x-tenant': ['bee'] })).toBe('tenant b*');
    expect(await name({ 'x-debug': [''] })).toBe('debug');
    expect(await name({ 'x-tenant': ['c'] })).toBe('none');
  });

  test('the compiled subset test agrees with the workspace rule', () => {
    const cases: [JsonValue, JsonValue][] = [
      [{ id: '5' }, { id: 5 }],
      [{ id: 5 }, { id: '5' }],
      [{ id: 5 }, { id: '6' }],
      [{ a: { b: [1, 2] } }, { a: { b: [1, 2], c: 3 } }],
      [{ a: { b: [1, 2] } }, { a: { b: [1] } }],
      [{ a: null }, { a: null }],
      [{ a: null }, {}],
      [[{ x: 1 }], [{ x: 1, y: 2 }]],
      [{ a: true }, { a: 'true' }],
      ['x', 'x'],
      [{}, []],
    ];
    for (const [expected, actual] of cases) {
      expect(compileSubset(expected)(actual), JSON.stringify([expected, actual])).toBe(
        jsonSubsetMismatch(expected, actual) === undefined,
      );
    }
  });
});
