import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallRequest } from '../../../src/shared/call';
import { callAndCollect } from '../../helpers/collect-call';
import { CallEngine } from '../../../src/core/call/engine';
import { loadSchema } from '../../../src/core/schema/load';
import type { Schema } from '../../../src/core/schema/schema';
import { startEchoServer, type EchoServer } from '../../peers/js-echo/server';

const protos = join(import.meta.dirname, '../../fixtures/protos');
const socket = join(mkdtempSync(join(tmpdir(), 'protodesk-echo-')), 'echo.sock');

let schema: Schema;
let engine: CallEngine;
let servers: { v4: EchoServer; v6: EchoServer; unix: EchoServer };

beforeAll(async () => {
  schema = await loadSchema({
    kind: 'protoFiles',
    files: [join(protos, 'grpc/testing/test.proto')],
    importPaths: [protos],
  });
  engine = new CallEngine();
  servers = {
    v4: await startEchoServer('127.0.0.1:0'),
    v6: await startEchoServer('[::1]:0'),
    unix: await startEchoServer(`unix://${socket}`),
  };
});

afterAll(async () => {
  engine.close();
  await Promise.all(Object.values(servers).map((s) => s.stop()));
});

function echo(target: string, extra: Partial<CallRequest> = {}) {
  const request: CallRequest = {
    target,
    tls: { mode: 'plaintext' },
    method: 'grpc.testing.TestService/EmptyCall',
    metadata: [],
    requests: ['{}'],
    ...extra,
  };
  return callAndCollect(engine, schema, request);
}

const header = (headers: { key: string; value: string }[], key: string) =>
  headers.filter((h) => h.key === key).map((h) => h.value);

describe('targets', () => {
  it.each([
    ['host:port', () => `127.0.0.1:${servers.v4.port}`],
    ['grpc://host:port', () => `grpc://127.0.0.1:${servers.v4.port}`],
    ['dns:///host:port', () => `dns:///localhost:${servers.v4.port}`],
    ['[::1]:port', () => `[::1]:${servers.v6.port}`],
    ['unix:///path', () => `unix://${socket}`],
  ])('reaches a server addressed as %s', async (_, target) => {
    const call = await echo(target());
    expect(call.status.name).toBe('OK');
    expect(call.messages).toEqual(['{}']);
  });
});

describe('what the server sees', () => {
  it('gets every value of a repeated key, in order, and -bin values as bytes', async () => {
    const call = await echo(`127.0.0.1:${servers.v4.port}`, {
      metadata: [
        { key: 'X-Team', value: 'a' },
        { key: 'x-team', value: 'b' },
        { key: 'x-blob-bin', value: Buffer.from([0, 1, 254, 255]).toString('base64') },
      ],
    });
    // Node's HTTP/2 joins a repeated header into one comma-separated value, which gRPC defines as equivalent.
    expect(header(call.headers, 'x-echo-x-team')).toEqual(['a, b']);
    expect(header(call.headers, 'x-echo-x-blob-bin')).toEqual(['AAH+/w==']);
  });

  it('gets the :authority override and the user agent', async () => {
    const call = await echo(`127.0.0.1:${servers.v4.port}`, {
      options: { authority: 'api.example.test', userAgent: 'protodesk-test/1' },
    });
    expect(header(call.headers, 'x-authority')).toEqual(['api.example.test']);
    expect(header(call.headers, 'x-user-agent')[0]).toMatch(/^protodesk-test\/1 grpc-node-js\//);
  });

  it('sees the target host as :authority by default', async () => {
    const call = await echo(`localhost:${servers.v4.port}`);
    expect(header(call.headers, 'x-authority')).toEqual([`localhost:${servers.v4.port}`]);
  });
});
