import { rm } from 'node:fs/promises';
import type { MockCall, MockReply } from '../../src/core/mock/handler';
import { createStubHandler } from '../../src/core/mock/stubs/stub-handler';
import type { Schema } from '../../src/core/schema/schema';
import { median } from '../stats';
import { stubsFolder } from './stubs-folder';

const BATCHES = 15;
const CALLS_PER_BATCH = 2_000;

/**
 * The stub handler's median time per unary call (matching, templates, answer) with `rules` rules whose last one
 * answers, and with that one rule alone, driven directly in this process: no network, so only the handler's cost.
 */
export async function matchingCost(
  schema: Schema,
  body: Uint8Array,
  rules: number,
): Promise<{ manyUs: number; oneUs: number; batches: number }> {
  const method = schema.method('grpc.testing.TestService/UnaryCall')!;
  const perCall = async (count: number): Promise<number[]> => {
    const dir = await stubsFolder(count);
    const stubs = await createStubHandler({ schema, stubsDir: dir, fallback: 'unimplemented' });
    try {
      const times: number[] = [];
      for (let batch = 0; batch < BATCHES; batch++) {
        const start = performance.now();
        for (let i = 0; i < CALLS_PER_BATCH; i++) await stubs.handler(unaryCall(method, body), discard);
        times.push(((performance.now() - start) * 1000) / CALLS_PER_BATCH);
      }
      return times;
    } finally {
      await stubs.close();
      await rm(dir, { recursive: true, force: true });
    }
  };
  // Untimed warm-up of both, then alternate so drift on a shared machine hits both alike.
  await perCall(rules);
  await perCall(1);
  const many: number[] = [];
  const one: number[] = [];
  for (let round = 0; round < 2; round++) {
    many.push(...(await perCall(rules)));
    one.push(...(await perCall(1)));
  }
  return { manyUs: median(many), oneUs: median(one), batches: many.length };
}

const signal = new AbortController().signal;

function unaryCall(method: MockCall['method'], body: Uint8Array): MockCall {
  return {
    method,
    protocol: 'grpc',
    metadata: {},
    signal,
    requests: (async function* () {
      yield body;
    })(),
  };
}

const discard: MockReply = {
  sendHeaders: () => undefined,
  sendMessage: () => Promise.resolve(),
  finish: () => undefined,
};
