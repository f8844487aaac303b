import { rm } from 'node:fs/promises';
import { beforeAll, describe, expect, test } from 'vitest';
import { createStubHandler } from '../../../../src/core/mock/stubs';
import type { Schema } from '../../../../src/core/schema/schema';
import type { MockFallback, MockLogEntry } from '../../../../src/shared/mock';
import { zooCall, zooSchema } from '../mock-call';
import { stubFolder } from './stub-folder';

let schema: Schema;
beforeAll(async () => {
  schema = await zooSchema();
});

async function unmatched(fallback: MockFallback, method: string, messages = 1) {
  const dir = await stubFolder({
    'get.json': {
      method: 'mock.zoo.Zoo/GetAnimal',
      rules: [{ match: { body: { id: '1' } }, respond: { body: { name: 'one' } } }],
    },
  });
  const log: MockLogEntry[] = [];
  const stubs = await createStubHandler({ schema, stubsDir: dir, fallback, onCall: (e) => log.push(e) });
  try {
    const { call, reply, send, feed } = zooCall(schema, method);
    for (let i = 0; i < messages; i++) send({ id: '2' });
    feed.end();
    await stubs.handler(call, reply);
    return { reply, log };
  } finally {
    await stubs.close();
    await rm(dir, { recursive: true, force: true });
  }
}

describe('a call no rule matches', () => {
  test("'sample' answers with the minimal sample of the output (the empty message)", async () => {
    const { reply, log } = await unmatched('sample', 'GetAnimal');
    expect(reply.messages).toEqual([{}]);
    expect(reply.status?.code).toBe(0);
    expect(log[0]?.answer).toEqual({ kind: 'fallback', fallback: 'sample' });
  });

  test("'full' answers with every field filled", async () => {
    const { reply } = await unmatched('full', 'GetAnimal');
    // kind gets the enum's first value, its default, which the wire does not carry.
    expect(Object.keys(reply.messages[0] as object).sort()).toEqual([
      'id',
      'legs',
      'name',
      'seen',
      'tags',
      'wild',
    ]);
  });

  test("'unimplemented' answers UNIMPLEMENTED naming the method and where to add a rule", async () => {
    const matchedNone = await unmatched('unimplemented', 'GetAnimal');
    expect(matchedNone.reply.status).toEqual({
      code: 12,
      message:
        'The mock has no rule of mock.zoo.Zoo/GetAnimal that matches this call: add a rule to mocks/mock.zoo.Zoo/GetAnimal.json, or start the mock with the sample fallback.',
    });
    const noStub = await unmatched('unimplemented', 'ListAnimals');
    expect(noStub.reply.status?.message).toMatch(
      /^The mock has no stub for mock.zoo.Zoo\/ListAnimals: add a rule to mocks\/mock.zoo.Zoo\/ListAnimals.json/,
    );
    expect(noStub.log[0]).toMatchObject({
      answer: { kind: 'fallback', fallback: 'unimplemented' },
      status: { code: 'UNIMPLEMENTED' },
    });
  });

  test('a bidi call gets one sample per message, then OK', async () => {
    const { reply } = await unmatched('sample', 'Chat', 3);
    expect(reply.messages).toEqual([{}, {}, {}]);
    expect(reply.status?.code).toBe(0);
  });

  test('without a stubs folder every call gets the fallback', async () => {
    const stubs = await createStubHandler({ schema, fallback: 'sample' });
    const { call, reply, send, feed } = zooCall(schema, 'CountAnimals');
    send({});
    feed.end();
    await stubs.handler(call, reply);
    expect(reply.messages).toEqual([{}]);
    expect(stubs.methods()).toEqual([]);
    await stubs.close();
  });
});
