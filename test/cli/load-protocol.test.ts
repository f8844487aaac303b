// `protodesk load --protocol …` against the real gRPC-Web and Connect peers: the load workers send through the
// gRPC-Web / Connect call channel. connect-node on HTTP/1.1 and grpc-go behind the gRPC-Web wrapper cannot be reached by
// gRPC, so every OK there was a web call; the byte counts are the exact serialized sizes of what was sent and answered.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LoadReport } from '../../src/shared/load';
import { startConnectNode, type ConnectNodeServer } from '../peers/connect-node/server';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import { interopProtoFlags, protoRoot } from './call-harness';
import { protodeskRun } from './load-harness';

const unary = 'grpc.testing.TestService/UnaryCall';
const bidi = 'grpc.testing.TestService/FullDuplexCall';

let connect11: ConnectNodeServer;
let connectH2c: ConnectNodeServer;
let goWeb: GoReflectServer;
let dir: string;
beforeAll(async () => {
  [connect11, connectH2c, goWeb] = await Promise.all([
    startConnectNode({ http: '1.1' }),
    startConnectNode({ http: 'h2c' }),
    startGoReflect({ grpcWeb: true }),
  ]);
  dir = await mkdtemp(join(tmpdir(), 'protodesk-load-protocol-'));
});
afterAll(async () => {
  await Promise.all([connect11?.stop(), connectH2c?.stop(), goWeb?.stop()]);
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** `protodesk load … --format json`, expecting exit 0: the report. Its data folder is the scratch folder's. */
async function loadReport(args: string[]): Promise<LoadReport> {
  const env = { PROTODESK_DATA_DIR: join(dir, '.data') };
  const { code, out, err } = await protodeskRun(['load', ...args, '--format', 'json', '-q'], env);
  expect(code, err).toBe(0);
  return JSON.parse(out) as LoadReport;
}

// {"responseSize": 3} is 2 bytes; its answer, a payload of 3 zero bytes, 7.
describe('protodesk load over gRPC-Web and Connect', () => {
  test('grpc-web on HTTP/1.1 (connect-node): 300 calls, all OK, exact bytes both ways', async () => {
    const report = await loadReport([
      connect11.url,
      unary,
      '--protocol',
      'grpc-web',
      ...interopProtoFlags,
      '-d',
      '{"responseSize": 3}',
      '-c',
      '10',
      '-n',
      '300',
    ]);
    expect(report.count).toBe(300);
    expect(report.statusCounts).toEqual({ OK: 300 });
    expect([report.bytesSent, report.bytesReceived]).toEqual([300 * 2, 300 * 7]);
  });

  test('grpc-web-text against grpc-go behind the gRPC-Web wrapper: 200 calls, all OK', async () => {
    const report = await loadReport([
      `http://127.0.0.1:${goWeb.port}`,
      unary,
      '--protocol',
      'grpc-web-text',
      ...interopProtoFlags,
      '-d',
      '{"responseSize": 3}',
      '-c',
      '5',
      '-n',
      '200',
      '--connections',
      '2',
    ]);
    expect(report.statusCounts).toEqual({ OK: 200 });
    expect([report.bytesSent, report.bytesReceived]).toEqual([200 * 2, 200 * 7]);
  });

  test('connect --http2 (h2c): 200 bidi calls of 3 messages each, all OK', async () => {
    const report = await loadReport([
      connectH2c.url,
      bidi,
      '--protocol',
      'connect',
      '--http2',
      ...interopProtoFlags,
      '-d',
      '{"responseParameters": [{"size": 3}]}',
      '--messages',
      '3',
      '-c',
      '10',
      '-n',
      '200',
    ]);
    expect(report.statusCounts).toEqual({ OK: 200 });
    // Each message is 4 bytes (responseParameters: one entry of size 3) and is answered with a 7-byte response.
    expect([report.bytesSent, report.bytesReceived]).toEqual([200 * 3 * 4, 200 * 3 * 7]);
  });

  test('a bidi call over plaintext HTTP/1.1 is refused before the run, saying to add --http2', async () => {
    const args = ['load', connect11.url, bidi, '--protocol', 'connect', ...interopProtoFlags, '-n', '10'];
    const { code, out, err } = await protodeskRun(args);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toContain('Connect over HTTP/1.1 carries unary and server-streaming calls only');
    expect(err).toContain('--http2');
  });

  test("--workspace: a saved request without a protocol uses its environment's (grpc-web)", async () => {
    const source = {
      kind: 'protoFiles',
      files: [join(protoRoot, 'grpc/testing/test.proto')],
      importPaths: [protoRoot],
    };
    await workspaceFile('protodesk.json', { format: 1, sources: [source] });
    const environment = { format: 1, variables: { url: connect11.url }, secrets: [], protocol: 'grpc-web' };
    await workspaceFile('environments/web.json', environment);
    const request = { format: 1, method: unary, target: '{{url}}', metadata: [], body: { responseSize: 3 } };
    await workspaceFile('collections/smoke/Unary.json', request);
    const report = await loadReport([
      '--workspace',
      dir,
      '--request',
      'smoke/Unary',
      '--env',
      'web',
      '-c',
      '5',
      '-n',
      '100',
    ]);
    expect(report.statusCounts).toEqual({ OK: 100 });
    expect(report.bytesReceived).toBe(100 * 7);
  });
});

/** Writes `value` as a workspace file at `path` in the scratch folder (folders made as needed). */
async function workspaceFile(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(join(dir, path)), { recursive: true });
  await writeFile(join(dir, path), `${JSON.stringify(value, null, 2)}\n`);
}
