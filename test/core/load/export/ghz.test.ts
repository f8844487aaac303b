import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ghzCommand } from '../../../../src/core/load/export/ghz';
import type { LoadExportInput } from '../../../../src/core/load/export/export-input';
import { loadSchema } from '../../../../src/core/schema/load';
import type { Schema } from '../../../../src/core/schema/schema';
import type { SchemaSource } from '../../../../src/shared/schema';
import { peers } from '../../../helpers/peer-paths';
import { mutualTlsServer } from './mutual-tls-server';
import { startGoReflect, type GoReflectServer } from '../../../peers/go-reflect/server';

const unaryCall = 'grpc.testing.TestService/UnaryCall';
const protos = new URL('../../../fixtures/protos/', import.meta.url).pathname;
const bundled = new URL('../../../../src/core/schema/bundled/protos/', import.meta.url).pathname;

/** What ghz -O json reports that these tests read. */
interface GhzReport {
  count: number;
  statusCodeDistribution: Record<string, number>;
  errorDistribution?: Record<string, number>;
}

/** Writes the export's files into `dir` and runs its command there with bash, ghz on PATH, adding `-O json`. */
async function runExport(
  dir: string,
  exported: { command: string; files: { name: string; bytes: Uint8Array }[] },
) {
  for (const file of exported.files) await writeFile(join(dir, file.name), file.bytes);
  const env = { ...process.env, PATH: `${dirname(peers.ghz)}:${process.env.PATH ?? ''}` };
  return new Promise<GhzReport>((resolve, reject) => {
    execFile(
      'bash',
      ['-c', `${exported.command} -O json`],
      { cwd: dir, env, timeout: 30_000 },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`${exported.command}\n${stderr}`))
          : resolve(JSON.parse(stdout) as GhzReport),
    );
  });
}

describe('ghz command against grpc-go', () => {
  let server: GoReflectServer;
  let target: string;
  let dir: string;
  let reflected: { source: SchemaSource; schema: Schema };
  let compiled: { source: SchemaSource; schema: Schema };
  beforeAll(async () => {
    server = await startGoReflect({ requireToken: 's3cret' });
    target = `127.0.0.1:${server.port}`;
    const reflection: SchemaSource = {
      kind: 'reflection',
      target,
      tls: { mode: 'plaintext' },
      metadata: [{ key: 'authorization', value: 'Bearer s3cret' }],
    };
    const files: SchemaSource = {
      kind: 'protoFiles',
      files: ['grpc/testing/test.proto'],
      importPaths: [protos, bundled],
    };
    reflected = { source: reflection, schema: await loadSchema(reflection) };
    compiled = { source: files, schema: await loadSchema(files) };
    dir = await mkdtemp(join(tmpdir(), 'protodesk-ghz-'));
  });
  afterAll(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const input = (
    from: { source: SchemaSource; schema: Schema },
    body: object,
    plan: Partial<LoadExportInput['plan']> = {},
  ): LoadExportInput => ({
    ...from,
    request: {
      target,
      tls: { mode: 'plaintext' },
      method: unaryCall,
      metadata: [{ key: 'X-User', value: "o'brien" }],
      requests: [JSON.stringify(body, null, 2)],
      options: { deadlineMs: 5000 },
    },
    plan: { model: { kind: 'closed', concurrency: 4, total: 200 }, ...plan },
  });

  it("makes exactly -n calls, letting ghz reflect with the source's metadata", async () => {
    const exported = ghzCommand(input(reflected, { responseSize: 8 }));
    expect(exported.files).toEqual([]);
    expect(exported.command).toContain('--reflect-metadata \'{"authorization":"Bearer s3cret"}\'');
    expect(exported.command).toContain(`-m '{"x-user":"o'\\''brien"}'`);
    const report = await runExport(dir, exported);
    expect(report.count).toBe(200);
    expect(report.statusCodeDistribution).toEqual({ OK: 200 });
  });

  it('ships a .protoset for a schema from .proto files', async () => {
    const exported = ghzCommand(
      input(compiled, {}, { model: { kind: 'closed', concurrency: 2, total: 50 } }),
    );
    expect(exported.files.map((f) => f.name)).toEqual(['grpc.testing.TestService.protoset']);
    expect(exported.command).toContain('--protoset grpc.testing.TestService.protoset');
    const report = await runExport(dir, exported);
    expect(report.statusCodeDistribution).toEqual({ OK: 50 });
  });

  it('sends the body literally: quotes, braces ghz would read as a template, failures counted by status', async () => {
    const message = `it's {{.RequestNumber}} "down"`;
    const exported = ghzCommand(
      input(
        compiled,
        { responseStatus: { code: 14, message } },
        { model: { kind: 'closed', concurrency: 2, total: 30 } },
      ),
    );
    const report = await runExport(dir, exported);
    expect(report.statusCodeDistribution).toEqual({ Unavailable: 30 });
    expect(report.errorDistribution).toEqual({ [`rpc error: code = Unavailable desc = ${message}`]: 30 });
  });

  it("holds an open model's rate with --rps, and ramps up to it", async () => {
    const steady = ghzCommand(input(reflected, {}, { model: { kind: 'open', rate: 50, durationMs: 2000 } }));
    expect(steady.command).toContain('-c 5 -z 2000ms --rps 50');
    const report = await runExport(dir, steady);
    expect(report.count).toBeGreaterThanOrEqual(95);
    expect(report.count).toBeLessThanOrEqual(105);
    // 0 to 100 calls/s over 2 s, then 1 s at 100: 25 + 75 + 100 calls.
    const ramped = ghzCommand(
      input(reflected, {}, { model: { kind: 'open', rate: 100, durationMs: 1000, rampMs: 2000 } }),
    );
    expect(ramped.command).toContain('--load-schedule line --load-start 25 --load-step 50 --load-end 100');
    const rampReport = await runExport(dir, ramped);
    expect(rampReport.count).toBeGreaterThanOrEqual(190);
    expect(rampReport.count).toBeLessThanOrEqual(210);
  });

  it('uses data rows round-robin for a unary method', async () => {
    const base = input(
      compiled,
      {},
      { model: { kind: 'closed', concurrency: 1, total: 40 }, dataFile: 'rows.csv' },
    );
    const row = (code: number) => ({
      ...base.request,
      requests: [JSON.stringify({ responseStatus: { code } })],
    });
    // Three rows, one failing: 40 calls round-robin are 14 + 13 OK and 13 failing.
    const report = await runExport(dir, ghzCommand({ ...base, rows: [row(0), row(14), row(0)] }));
    expect(report.statusCodeDistribution).toEqual({ OK: 27, Unavailable: 13 });
  });

  it('refuses what ghz cannot send, saying what to do', () => {
    const twice = input(compiled, {});
    twice.request.metadata = [
      { key: 'x-a', value: '1' },
      { key: 'x-a', value: '2' },
    ];
    expect(() => ghzCommand(twice)).toThrow(
      expect.objectContaining({ hint: expect.stringMatching(/^Keep one value/) }),
    );
    expect(() => ghzCommand(twice)).toThrow(/x-a has 2 values; ghz sends one per key\.$/);
    const binary = input(compiled, {});
    binary.request.metadata = [{ key: 'trace-bin', value: 'AAEC' }];
    expect(() => ghzCommand(binary)).toThrow('trace-bin carries binary values');
  });
});

describe('ghz command over mutual TLS', () => {
  const tlsServer = mutualTlsServer('protodesk-ghz-tls-');

  it('passes the CA, client certificate and key, and the server name to check', async () => {
    const exported = ghzCommand(await tlsServer.exportInput(20));
    expect(exported.command).toContain('--cname foo.test.google.fr');
    const report = await runExport(tlsServer.dir, exported);
    expect(report.statusCodeDistribution).toEqual({ OK: 20 });
  });
});
