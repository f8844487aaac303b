import type { JsonValue } from '@bufbuild/protobuf';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  createStubHandler,
  renderStubFile,
  stubFileFor,
  stubPath,
  type SeenCall,
} from '../../../../src/core/mock/stubs';
import type { Schema } from '../../../../src/core/schema/schema';
import { zooCall, zooSchema } from '../mock-call';

let schema: Schema;
let dir: string;
beforeAll(async () => {
  schema = await zooSchema();
  dir = await mkdtemp(join(tmpdir(), 'stub-writer-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes the stub file for `calls` where stubPath puts it, and replays each call's requests against it. */
async function replay(method: string, calls: SeenCall[]) {
  const desc = schema.method(`mock.zoo.Zoo/${method}`)!;
  const folder = join(dir, method);
  const path = stubPath(folder, desc);
  expect(path).toBe(join(folder, 'mock.zoo.Zoo', `${method}.json`));
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, renderStubFile(stubFileFor(desc, calls)));
  const stubs = await createStubHandler({ schema, stubsDir: folder, fallback: 'unimplemented' });
  expect(stubs.problems()).toEqual([]);
  const answers = [];
  for (const seen of calls) {
    const { call, reply, send, feed } = zooCall(schema, method);
    for (const request of seen.requests) send(request);
    feed.end();
    await stubs.handler(call, reply);
    answers.push({ responses: reply.messages, code: reply.status?.code, trailers: reply.trailers });
  }
  await stubs.close();
  return answers;
}

test('unary: one rule per distinct request, the empty request not shadowing the others, errors with details', async () => {
  const notFound: SeenCall = {
    requests: [{ id: '404' }],
    responses: [],
    status: {
      code: 5,
      message: 'no animal',
      details: [{ '@type': 'type.googleapis.com/google.rpc.ResourceInfo', resourceName: '404' }],
    },
  };
  const calls: SeenCall[] = [
    { requests: [{}], responses: [{ name: 'anyone' }], trailers: { 'x-mock': ['1'] } },
    { requests: [{ id: '7' }], responses: [{ name: 'Tiger', legs: 4 }] },
    notFound,
    { requests: [{ id: '7', name: 'x' }], responses: [{ name: 'Tiger x' }] },
  ];
  const file = stubFileFor(schema.method('mock.zoo.Zoo/GetAnimal')!, calls);
  expect(file.rules.at(-1)).toEqual({
    match: { body: {} },
    respond: { body: { name: 'anyone' }, trailers: { 'x-mock': '1' } },
  });
  expect(file.rules).toContainEqual({
    match: { body: { id: '404' } },
    respond: { status: { code: 'NOT_FOUND', message: 'no animal', details: notFound.status!.details! } },
  });
  expect(await replay('GetAnimal', calls)).toEqual([
    { responses: [{ name: 'anyone' }], code: 0, trailers: { 'x-mock': ['1'] } },
    { responses: [{ name: 'Tiger', legs: 4 }], code: 0, trailers: undefined },
    { responses: [], code: 5, trailers: undefined },
    { responses: [{ name: 'Tiger x' }], code: 0, trailers: undefined },
  ]);
});

test('a later answer to the same request replaces the earlier one', () => {
  const file = stubFileFor(schema.method('mock.zoo.Zoo/GetAnimal')!, [
    { requests: [{ id: '1' }], responses: [{ name: 'old' }] },
    { requests: [{ id: '1' }], responses: [{ name: 'new' }] },
  ]);
  expect(file.rules).toEqual([{ match: { body: { id: '1' } }, respond: { body: { name: 'new' } } }]);
});

test('server stream, client stream and bidi replay what was seen', async () => {
  const stream: SeenCall = {
    requests: [{ name: 'x' }],
    responses: [{ name: 'a' }, { name: 'b' }],
    status: { code: 14, message: 'later' },
  };
  expect(await replay('ListAnimals', [stream])).toEqual([
    { responses: [{ name: 'a' }, { name: 'b' }], code: 14, trailers: undefined },
  ]);

  const counts: SeenCall[] = [
    { requests: [{ id: '1' }, { id: '2' }], responses: [{ count: 2 }] },
    { requests: [{ id: '1' }], responses: [{ count: 1 }] },
  ];
  expect((await replay('CountAnimals', counts)).map((a) => a.responses)).toEqual([
    [{ count: 2 }],
    [{ count: 1 }],
  ]);

  const chat: SeenCall = {
    requests: [{ name: 'hi' }, { name: 'more' }] as JsonValue[],
    responses: [{ name: 'hello' }, { name: 'again' }],
  };
  expect(await replay('Chat', [chat])).toEqual([
    { responses: [{ name: 'hello' }, { name: 'again' }], code: 0, trailers: undefined },
  ]);
});
