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
  // The first 20 s are warm-up (V8 sizes its heaps, the workers' JIT settles); compare 20–30 s with the last 10 s.
  const early = median(rssMiB.slice(20, 30));
  const late = median(rssMiB.slice(-10));
  // One major GC cycle moves RSS by about 10 MiB on a loaded machine, so allow 10 % (20 MiB). Between the windows lie
  // about 15,000 calls: a leak of 1.5 kB a call, the size of a kept call record, would exceed that.
  expect(late).toBeLessThan(early * 1.1);
});
