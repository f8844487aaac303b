import { rm, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, expect, test } from 'vitest';
import { createStubHandler, type StubHandler } from '../../../../src/core/mock/stubs';
import type { Schema } from '../../../../src/core/schema/schema';
import type { MockProblem } from '../../../../src/shared/mock';
import { zooCall, zooSchema } from '../mock-call';
import { stubFolder, writeStubFiles } from './stub-folder';

let schema: Schema;
beforeAll(async () => {
  schema = await zooSchema();
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A handler over a folder, and a promise for the problems of the next reload. */
async function watched(files: Record<string, unknown>) {
  const dir = await stubFolder(files);
  const waiting: ((problems: MockProblem[]) => void)[] = [];
  const stubs: StubHandler = await createStubHandler({
    schema,
    stubsDir: dir,
    fallback: 'unimplemented',
    onProblems: (problems) => waiting.splice(0).forEach((wake) => wake(problems)),
  });
  cleanups.push(async () => {
    await stubs.close();
    await rm(dir, { recursive: true, force: true });
  });
  const nextLoad = () => new Promise<MockProblem[]>((resolve) => waiting.push(resolve));
  return { dir, stubs, nextLoad };
}

function listStub(names: string[]) {
  return {
    format: 1,
    method: 'mock.zoo.Zoo/ListAnimals',
    rules: [{ respond: { stream: names.map((name) => ({ body: { name } })), interval: '40ms' } }],
  };
}

async function names(stubs: StubHandler): Promise<unknown[]> {
  const { call, reply, send, feed } = zooCall(schema, 'ListAnimals');
  send({});
  feed.end();
  await stubs.handler(call, reply);
  return reply.status?.code === 0
    ? reply.messages.map((m) => (m as { name: string }).name)
    : [reply.status?.code];
}

test('a stub edited on disk serves the next call; a call streaming meanwhile keeps the rules it started with', async () => {
  const { dir, stubs, nextLoad } = await watched({
    'mock.zoo.Zoo/ListAnimals.json': listStub(['a', 'b', 'c']),
  });
  const streaming = zooCall(schema, 'ListAnimals');
  streaming.send({});
  streaming.feed.end();
  const inFlight = stubs.handler(streaming.call, streaming.reply);
  await streaming.reply.untilMessages(1);

  const loaded = nextLoad();
  await writeStubFiles(dir, { 'mock.zoo.Zoo/ListAnimals.json': listStub(['new']) });
  expect(await loaded).toEqual([]);
  expect(await names(stubs)).toEqual(['new']);

  await inFlight;
  expect(streaming.reply.messages.map((m) => (m as { name: string }).name)).toEqual(['a', 'b', 'c']);
});

test('a broken edit is reported with its line and leaves the other files serving; fixing it serves it again', async () => {
  const { dir, stubs, nextLoad } = await watched({
    'mock.zoo.Zoo/ListAnimals.json': listStub(['a']),
    'mock.zoo.Zoo/GetAnimal.json': {
      method: 'mock.zoo.Zoo/GetAnimal',
      rules: [{ respond: { body: { name: 'g' } } }],
    },
  });
  let loaded = nextLoad();
  await writeFile(
    join(dir, 'mock.zoo.Zoo/ListAnimals.json'),
    '{\n  "method": "mock.zoo.Zoo/ListAnimals",\n  "rules": [\n',
  );
  expect(await loaded).toMatchObject([{ file: 'mock.zoo.Zoo/ListAnimals.json', line: 4 }]);
  expect(stubs.methods()).toEqual(['mock.zoo.Zoo/GetAnimal']);
  expect(await names(stubs)).toEqual([12]);

  loaded = nextLoad();
  await writeStubFiles(dir, { 'mock.zoo.Zoo/ListAnimals.json': listStub(['fixed']) });
  expect(await loaded).toEqual([]);
  expect(await names(stubs)).toEqual(['fixed']);
  expect(stubs.problems()).toEqual([]);
});

test('files added in a subfolder join the rules in natural path order; a removed file takes its rules along', async () => {
  const { dir, stubs, nextLoad } = await watched({ 'zoo/list-10.json': listStub(['ten']) });
  let loaded = nextLoad();
  await writeStubFiles(dir, { 'zoo/list-2.json': listStub(['two']) });
  await loaded;
  // list-2 comes before list-10, so its rule answers first.
  expect(await names(stubs)).toEqual(['two']);

  loaded = nextLoad();
  await unlink(join(dir, 'zoo/list-2.json'));
  await loaded;
  expect(await names(stubs)).toEqual(['ten']);
});

test('a stubs folder created after the mock started is watched from then on', async () => {
  const parent = await stubFolder({});
  const dir = join(parent, 'mocks');
  const waiting: (() => void)[] = [];
  const stubs = await createStubHandler({
    schema,
    stubsDir: dir,
    fallback: 'unimplemented',
    onProblems: () => waiting.splice(0).forEach((wake) => wake()),
  });
  cleanups.push(async () => {
    await stubs.close();
    await rm(parent, { recursive: true, force: true });
  });
  expect(await names(stubs)).toEqual([12]);
  const loaded = new Promise<void>((resolve) => waiting.push(resolve));
  await writeStubFiles(dir, { 'mock.zoo.Zoo/ListAnimals.json': listStub(['late']) });
  await loaded;
  // The first reload may have run before the file was complete; wait for the one that serves it.
  while (stubs.methods().length === 0) await new Promise<void>((resolve) => waiting.push(resolve));
  expect(await names(stubs)).toEqual(['late']);
});
