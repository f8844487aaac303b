/**
 * What matching costs a mock call with 100 rules on the method (issue 27: at most 50 µs on the median).
 * Run: npx vite-node bench/mock-stub-matching.ts
 * Drives the stub handler in memory (no network): the median time of a unary call answered by the last of 100 rules
 * (each matching the body and metadata, so every rule is tried), minus the same call answered by a single rule that
 * matches anything.
 */
import { fromJson, toBinary } from '@bufbuild/protobuf';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MockCall, MockReply } from '../src/core/mock/handler';
import { createStubHandler } from '../src/core/mock/stubs';
import { loadSchema } from '../src/core/schema/load';

const protos = new URL('../test/fixtures/protos/mock/', import.meta.url).pathname;
const schema = await loadSchema({ kind: 'protoFiles', files: ['zoo.proto'], importPaths: [protos] });
const method = schema.method('mock.zoo.Zoo/GetAnimal')!;
const request = toBinary(
  method.input,
  fromJson(method.input, { id: '99', name: 'Tiger', owner: { id: 'ann' }, tags: [{ id: 't', weight: 2 }] }),
);

async function handlerWith(rules: unknown[]) {
  const dir = await mkdtemp(join(tmpdir(), 'stub-bench-'));
  await mkdir(join(dir, 'mock.zoo.Zoo'));
  await writeFile(
    join(dir, 'mock.zoo.Zoo', 'GetAnimal.json'),
    JSON.stringify({ format: 1, method: 'mock.zoo.Zoo/GetAnimal', rules }),
  );
  const stubs = await createStubHandler({ schema, stubsDir: dir, fallback: 'unimplemented' });
  if (stubs.problems().length > 0) throw new Error(JSON.stringify(stubs.problems()));
  return { stubs, dir };
}

const signal = new AbortController().signal;
const reply: MockReply = { sendHeaders: () => {}, sendMessage: () => Promise.resolve(), finish: () => {} };
function call(): MockCall {
  return {
    method,
    protocol: 'grpc',
    metadata: { 'x-tenant': ['acme'] },
    requests: (async function* () {
      yield request;
    })(),
    signal,
  };
}

/** Median µs per call over blocks of `perBlock` calls. */
async function median(
  handle: (c: MockCall, r: MockReply) => Promise<void>,
  blocks = 200,
  perBlock = 100,
): Promise<number> {
  for (let i = 0; i < 2000; i++) await handle(call(), reply);
  const times: number[] = [];
  for (let b = 0; b < blocks; b++) {
    const started = performance.now();
    for (let i = 0; i < perBlock; i++) await handle(call(), reply);
    times.push(((performance.now() - started) * 1000) / perBlock);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const hundred = Array.from({ length: 100 }, (_, i) => ({
  match: { body: { id: String(i), owner: { id: 'ann' } }, metadata: { 'x-tenant': 'acme' } },
  respond: { body: { name: 'Tiger', legs: 4 } },
}));
const many = await handlerWith(hundred);
const one = await handlerWith([{ respond: { body: { name: 'Tiger', legs: 4 } } }]);
const templated = await handlerWith([
  ...hundred.slice(0, 99),
  {
    match: { body: { id: '99' } },
    respond: { body: { name: 'Tiger {{request.name}}', id: '{{request.id}}' } },
  },
]);
const base = await median(one.stubs.handler);
const matched = await median(many.stubs.handler);
const withTemplate = await median(templated.stubs.handler);
console.log(`one catch-all rule:              ${base.toFixed(1)} µs per call (median)`);
console.log(`100 rules, the last one matches: ${matched.toFixed(1)} µs per call (median)`);
console.log(`  ... and its body has templates: ${withTemplate.toFixed(1)} µs per call (median)`);
console.log(`matching 100 rules adds ${(matched - base).toFixed(1)} µs to the median (budget 50 µs)`);
for (const { stubs, dir } of [many, one, templated]) {
  await stubs.close();
  await rm(dir, { recursive: true, force: true });
}
