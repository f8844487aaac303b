import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schema } from '../../../../src/core/schema/schema';
import { startGoReflect, type GoReflectServer } from '../../../peers/go-reflect/server';
import { dataFile, request, runLoad, testServiceSchema } from './load-helpers';

const emptyCall = 'grpc.testing.TestService/EmptyCall';
const unaryCall = 'grpc.testing.TestService/UnaryCall';

let server: GoReflectServer;
let schema: Schema;

beforeAll(async () => {
  [server, schema] = await Promise.all([startGoReflect(), testServiceSchema()]);
});

afterAll(async () => {
  await server.stop();
});

describe('startLoad against grpc-go', () => {
  it('makes exactly -n calls with c users, all OK', async () => {
    const { report } = await runLoad(schema, request(server.port, emptyCall), {
      model: { kind: 'closed', concurrency: 10, total: 500 },
    });
    expect(report.count).toBe(500);
    expect(report.statusCounts).toEqual({ OK: 500 });
    expect(report.stopped).toBe(false);
    expect(report.method).toBe(emptyCall);
    expect(report.target).toBe(`127.0.0.1:${server.port}`);
    expect(report.latency.p50).toBeGreaterThan(0);
    expect(Date.parse(report.endedAt)).toBeGreaterThanOrEqual(Date.parse(report.startedAt));
  });

  it('fails exactly the rows of the data file that ask for it, with their message', async () => {
    const rows = ['0', '0', '0', '14'].map((code, index) =>
      JSON.stringify({ code, message: code === '0' ? '' : `refused by row ${index + 1}` }),
    );
    const file = await dataFile('rows.jsonl', `${rows.join('\n')}\n`);
    const body = '{"responseStatus": {"code": "{{code}}", "message": "{{message}}"}}';
    const { report } = await runLoad(schema, request(server.port, unaryCall, body), {
      model: { kind: 'closed', concurrency: 8, total: 400 },
      dataFile: file,
    });
    expect(report.count).toBe(400);
    expect(report.statusCounts).toEqual({ OK: 300, UNAVAILABLE: 100 });
    expect(report.errors).toEqual([{ status: 'UNAVAILABLE', message: 'refused by row 4', count: 100 }]);
  });
});
