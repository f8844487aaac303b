import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schema } from '../../../../src/core/schema/schema';
import { startPyServer, type PyServer } from '../../../peers/py-grpc/server';
import { dataFile, pyServiceSchema, request, runLoad } from './load-helpers';

const getMovie = 'protodesk.pyservice.v1.MovieService/GetMovie';

let server: PyServer;
let schema: Schema;

beforeAll(async () => {
  [server, schema] = await Promise.all([startPyServer({ schema: 'pyservice' }), pyServiceSchema()]);
});

afterAll(async () => {
  await server.stop();
});

// The seeds' case: a Python grpcio server under load.
describe('startLoad against a Python grpcio server', () => {
  it('makes exactly -n calls with c users, all OK', async () => {
    const { report } = await runLoad(schema, request(server.port, getMovie, '{"movieId": "m-001"}'), {
      model: { kind: 'closed', concurrency: 10, total: 500 },
    });
    expect(report.count).toBe(500);
    expect(report.statusCounts).toEqual({ OK: 500 });
    expect(report.bytesReceived).toBeGreaterThan(500 * 20);
  });

  it('fills each call from the data file round-robin: one id in four is unknown to the server', async () => {
    const file = await dataFile('movies.csv', 'movie\nm-001\nm-002\nm-404\nm-003\n');
    const { report } = await runLoad(schema, request(server.port, getMovie, '{"movieId": "{{movie}}"}'), {
      model: { kind: 'closed', concurrency: 6, total: 200 },
      workers: 2,
      dataFile: file,
    });
    expect(report.statusCounts).toEqual({ OK: 150, NOT_FOUND: 50 });
    expect(report.errors).toEqual([{ status: 'NOT_FOUND', message: "no movie has id 'm-404'", count: 50 }]);
  });
});
