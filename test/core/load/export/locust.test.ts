import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locustfile } from '../../../../src/core/load/export/locust';
import type { LoadExportInput } from '../../../../src/core/load/export/export-input';
import { loadSchema } from '../../../../src/core/schema/load';
import type { Schema } from '../../../../src/core/schema/schema';
import type { SchemaSource } from '../../../../src/shared/schema';
import { peers } from '../../../helpers/peer-paths';
import { startGoReflect, type GoReflectServer } from '../../../peers/go-reflect/server';
import { runLocustAlone, runLocustDistributed } from './locust-run';
import { mutualTlsServer } from './mutual-tls-server';

const unaryCall = 'grpc.testing.TestService/UnaryCall';

describe('locustfile against grpc-go', () => {
  let server: GoReflectServer;
  let source: SchemaSource;
  let schema: Schema;
  let dir: string;
  beforeAll(async () => {
    server = await startGoReflect();
    source = { kind: 'reflection', target: `127.0.0.1:${server.port}`, tls: { mode: 'plaintext' } };
    schema = await loadSchema(source);
  });
  afterAll(() => server?.stop());
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'protodesk-locust-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const input = (
    body: object,
    plan: Partial<LoadExportInput['plan']> = {},
    method = unaryCall,
  ): LoadExportInput => ({
    schema,
    source,
    request: {
      target: `127.0.0.1:${server.port}`,
      tls: { mode: 'plaintext' },
      method,
      metadata: [{ key: 'x-user', value: 'load' }],
      requests: [JSON.stringify(body, null, 2)],
      options: { deadlineMs: 5000 },
    },
    plan: { model: { kind: 'closed', concurrency: 4, durationMs: 4000 }, ...plan },
  });

  it('runs distributed (a master and a worker) and counts every call, with no failures', async () => {
    const text = locustfile(input({ responseSize: 16, payload: { body: 'AAEC' } }));
    expect(text).toContain('locust -f locustfile.py --headless -u 4 -r 4 -t 4s');
    expect(text).toContain("It contains the request's metadata as given");
    await writeFile(join(dir, 'locustfile.py'), text);
    const result = await runLocustDistributed(dir, 4, '4s');
    expect(result.codes, result.output).toEqual([0, 0]);
    const row = result.stats.find((r) => r.Type === 'grpc' && r.Name === unaryCall);
    expect(Number(row?.['Request Count'])).toBeGreaterThan(0);
    expect(row?.['Failure Count']).toBe('0');
    // 16 zero bytes of payload come back in every response.
    expect(Number(row?.['Average Content Size'])).toBeGreaterThanOrEqual(16);
  }, 60_000);

  it('reports failing calls with their status, and keeps a body with quotes and backslashes intact', async () => {
    const message = 'down """ for \'now\' \\ back\\nslash';
    const text = locustfile(input({ responseStatus: { code: 14, message } }));
    await writeFile(join(dir, 'locustfile.py'), text);
    const result = await runLocustDistributed(dir, 2, '3s');
    expect(result.codes[1], result.output).toBe(0);
    const row = result.stats.find((r) => r.Name === unaryCall);
    expect(Number(row?.['Request Count'])).toBeGreaterThan(0);
    expect(row?.['Failure Count']).toBe(row?.['Request Count']);
    // Locust's CSV doubles quotes; the message is the one the body asked for, character for character.
    expect(result.failures.replaceAll('""', '"')).toContain(`UNAVAILABLE: ${message}`);
  }, 60_000);

  it('makes exactly the total of a closed plan, then stops by itself, alone or distributed', async () => {
    const text = locustfile(input({}, { model: { kind: 'closed', concurrency: 4, total: 20 } }));
    expect(text).toContain('the master quits once 20 calls are counted');
    await writeFile(join(dir, 'locustfile.py'), text);
    const alone = await runLocustAlone(dir, 4);
    expect(alone.codes, alone.output).toEqual([0]);
    expect(alone.final).toMatchObject([
      { name: unaryCall, method: 'grpc', num_requests: 20, num_failures: 0 },
    ]);
    const distributed = await runLocustDistributed(dir, 4);
    expect(distributed.codes, distributed.output).toEqual([0, 0]);
    expect(distributed.final).toMatchObject([{ num_requests: 20, num_failures: 0 }]);
  }, 60_000);

  it('keeps users waiting on slow calls concurrently (grpcio cooperates with gevent)', async () => {
    // Each call streams one response after 100 ms: 8 users for 3 s make far more than the 30 one-at-a-time calls fit.
    const body = { responseParameters: [{ size: 1, intervalUs: 100_000 }] };
    const model = { kind: 'closed' as const, concurrency: 8, durationMs: 3000 };
    const text = locustfile(input(body, { model }, 'grpc.testing.TestService/StreamingOutputCall'));
    await writeFile(join(dir, 'locustfile.py'), text);
    const result = await runLocustDistributed(dir, 8, '3s');
    expect(result.codes, result.output).toEqual([0, 0]);
    const [stats] = result.final;
    expect(stats?.num_failures).toBe(0);
    expect(stats?.num_requests).toBeGreaterThan(60);
  }, 60_000);

  it('sends messagesPerStream messages per client-streaming and bidi call', async () => {
    // FullDuplexCall answers each message with a 10-byte payload (14 bytes encoded): 3 messages, 42 bytes per call.
    const body = { responseParameters: [{ size: 10 }] };
    const plan = { model: { kind: 'closed' as const, concurrency: 2, total: 12 }, messagesPerStream: 3 };
    await writeFile(
      join(dir, 'locustfile.py'),
      locustfile(input(body, plan, 'grpc.testing.TestService/FullDuplexCall')),
    );
    const result = await runLocustAlone(dir, 2);
    expect(result.final).toMatchObject([
      { num_requests: 12, num_failures: 0, total_content_length: 12 * 42 },
    ]);
    // StreamingInputCall answers with the payload bytes it received: 3 × 100 = 300, which encodes in 3 bytes (100: 2).
    const upload = { payload: { body: Buffer.alloc(100).toString('base64') } };
    await writeFile(
      join(dir, 'locustfile.py'),
      locustfile(input(upload, plan, 'grpc.testing.TestService/StreamingInputCall')),
    );
    const uploaded = await runLocustAlone(dir, 2);
    expect(uploaded.final).toMatchObject([
      { num_requests: 12, num_failures: 0, total_content_length: 12 * 3 },
    ]);
  }, 60_000);

  it('uses data rows round-robin, with their own metadata', async () => {
    const base = input({}, { model: { kind: 'closed', concurrency: 1, total: 30 }, dataFile: 'rows.jsonl' });
    const row = (code: number) => ({
      ...base.request,
      metadata: [{ key: 'x-row', value: String(code) }],
      requests: [JSON.stringify({ responseStatus: { code, message: `row ${code}` } })],
    });
    const text = locustfile({ ...base, rows: [row(0), row(14), row(0)] });
    expect(text).toContain('"metadata": [("x-row", "14")]');
    await writeFile(join(dir, 'locustfile.py'), text);
    const result = await runLocustAlone(dir, 1);
    expect(result.final).toMatchObject([{ num_requests: 30, num_failures: 10 }]);
  }, 60_000);

  it("holds an open model's rate with paced users", async () => {
    const text = locustfile(input({}, { model: { kind: 'open', rate: 20, durationMs: 3000 } }));
    expect(text).toContain('2 users each pace themselves to');
    expect(text).toContain('wait_time = constant_throughput(10)');
    expect(text).toContain('--headless -u 2 -r 2 -t 3s');
    await writeFile(join(dir, 'locustfile.py'), text);
    const result = await runLocustDistributed(dir, 2, '3s');
    expect(result.codes, result.output).toEqual([0, 0]);
    // 20 calls/s for 3 s; Locust starts and stops users on its own clock, so allow a tenth either way.
    expect(result.final[0]?.num_requests).toBeGreaterThanOrEqual(54);
    expect(result.final[0]?.num_requests).toBeLessThanOrEqual(66);
  }, 60_000);

  it('compiles as Python whatever the metadata holds', async () => {
    const odd = input({});
    odd.request.metadata = [
      { key: 'X-Quote', value: `it's "quoted" \\ and """` },
      { key: 'trace-bin', value: 'AAEC' },
    ];
    await writeFile(join(dir, 'odd.py'), locustfile(odd));
    await expect(
      promisify(execFile)(peers.python, ['-m', 'py_compile', join(dir, 'odd.py')]),
    ).resolves.toBeDefined();
  });
});

describe('locustfile over mutual TLS', () => {
  const tlsServer = mutualTlsServer('protodesk-locust-tls-');

  it('reads the CA, client certificate and key from their paths and checks the server name given', async () => {
    const text = locustfile(await tlsServer.exportInput(10));
    expect(text).toContain('they must exist at those paths on every worker');
    expect(text).not.toContain('PRIVATE KEY');
    await writeFile(join(tlsServer.dir, 'locustfile.py'), text);
    const result = await runLocustAlone(tlsServer.dir, 2);
    expect(result.final, result.output).toMatchObject([{ num_requests: 10, num_failures: 0 }]);
  }, 60_000);
});
