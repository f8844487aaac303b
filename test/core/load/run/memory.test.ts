import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Schema } from '../../../../src/core/schema/schema';
import { median } from '../../../../bench/stats';
import { startGoReflect, type GoReflectServer } from '../../../peers/go-reflect/server';
import { request, runLoad, testServiceSchema } from './load-helpers';

let server: GoReflectServer;
let schema: Schema;

beforeAll(async () => {
  [server, schema] = await Promise.all([startGoReflect(), testServiceSchema()]);
});

afterAll(async () => {
  await server.stop();
});

// A long run must not grow: the workers' recorders and the aggregator hold a few seconds of histograms, whatever the
// length. The process's RSS (the workers' heaps included), sampled with each snapshot, about once a second.
it('keeps memory flat over a 60-second run at 500 calls/s', { timeout: 90_000 }, async () => {
  const rssMiB: number[] = [];
  const { report } = await runLoad(
    schema,
    request(server.port, 'grpc.testing.TestService/UnaryCall', '{"responseSize": 100}'),
    { model: { kind: 'open', rate: 500, durationMs: 60_000 } },
    new Map(),
    [],
    () => rssMiB.push(process.memoryUsage().rss / 1024 / 1024),
  );
  expect(report.statusCounts).toEqual({ OK: 30_000 });
  expect(rssMiB.length).toBeGreaterThanOrEqual(55);
  const early = median(rssMiB.slice(10, 20));
  const late = median(rssMiB.slice(-10));
  // Allocation noise only: 5 % of the early figure. A leak of a few hundred bytes a call would add 7 MiB a minute.
  expect(late).toBeLessThan(early * 1.05);
});
