import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schema } from '../../../../src/core/schema/schema';
import { startMisbehavingServer, type FaultyServer } from '../../../helpers/misbehaving-server';
import { request, runLoad, testServiceSchema } from './load-helpers';

const emptyCall = 'grpc.testing.TestService/EmptyCall';

let server: FaultyServer;
let schema: Schema;

beforeAll(async () => {
  [server, schema] = await Promise.all([startMisbehavingServer(), testServiceSchema()]);
});

afterAll(async () => {
  await server.close();
});

/** A load test of EmptyCall whose metadata tells the server how to misbehave. */
const misbehaving = (metadata: { key: string; value: string }[], deadlineMs?: number) =>
  runLoad(
    schema,
    request(server.port, emptyCall, '{}', {
      metadata,
      ...(deadlineMs === undefined ? {} : { options: { deadlineMs } }),
    }),
    { model: { kind: 'closed', concurrency: 2, total: 6 } },
  );

// Statuses as a call reports them, by the same rules (the metadata reached the server: it misbehaved as asked).
describe('startLoad against a misbehaving server', () => {
  it('fails a unary call answered OK with two messages as INTERNAL, as a call does', async () => {
    const { report } = await misbehaving([
      { key: 'misbehave', value: 'stream-many' },
      { key: 'count', value: '2' },
    ]);
    expect(report.statusCounts).toEqual({ INTERNAL: 6 });
    expect(report.errors).toEqual([
      {
        status: 'INTERNAL',
        message: 'The server ended a unary call with OK after 2 responses; exactly one is required.',
        count: 6,
      },
    ]);
  });

  it('ends calls that are never answered at their deadline', async () => {
    const { report } = await misbehaving([{ key: 'misbehave', value: 'never-answer' }], 300);
    expect(report.statusCounts).toEqual({ DEADLINE_EXCEEDED: 6 });
    expect(report.latency.min).toBeGreaterThanOrEqual(300);
  });
});
