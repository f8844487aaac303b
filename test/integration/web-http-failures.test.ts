/**
 * Responses that break the gRPC-Web or Connect protocol, from a real node:http server that misbehaves on purpose (as
 * a misconfigured proxy or a half-finished server does): each ends with a status that says what happened.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CallProtocol, CallRequest } from '../../src/shared/call';
import { callAndCollect, type CollectedCall } from '../helpers/collect-call';
import { CallEngine } from '../../src/core/call/engine';
import type { Schema } from '../../src/core/schema/schema';
import { writeEnvelope } from '../../src/core/wire/envelope';
import { loadInteropSchema } from './interop-cases';

/** SimpleResponse{payload{body: 3 zero bytes}}, as the interop server encodes it. */
const threeZeros = Buffer.from([0x0a, 0x05, 0x12, 0x03, 0, 0, 0]);

/** What the server answers, by the request's `misbehave` header. */
const misbehaviours: Record<string, (response: ServerResponse) => void> = {
  'html-200': (r) => {
    r.writeHead(200, { 'content-type': 'text/html' });
    r.end('<html>hello</html>');
  },
  'http-503': (r) => {
    r.writeHead(503, { 'content-type': 'text/plain' });
    r.end('upstream unavailable');
  },
  'connect-error-503': (r) => {
    r.writeHead(503, { 'content-type': 'application/json' });
    r.end(JSON.stringify({ code: 'unavailable', message: 'draining' }));
  },
  'cut-mid-message': (r) => {
    r.writeHead(200, { 'content-type': 'application/grpc-web+proto' });
    r.end(writeEnvelope(0, Buffer.alloc(100)).subarray(0, 15));
  },
  'no-trailers': (r) => {
    r.writeHead(200, { 'content-type': 'application/grpc-web+proto' });
    r.end(writeEnvelope(0, threeZeros));
  },
  'connect-no-end-stream': (r) => {
    r.writeHead(200, { 'content-type': 'application/connect+proto' });
    r.end(writeEnvelope(0, threeZeros));
  },
  'text-not-base64': (r) => {
    r.writeHead(200, { 'content-type': 'application/grpc-web-text' });
    r.end('{"not": "base64"}');
  },
};

let server: Server;
let engine: CallEngine;
let schema: Schema;

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on('end', () => misbehaviours[String(request.headers.misbehave)]!(response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  schema = await loadInteropSchema();
  engine = new CallEngine();
});
afterAll(async () => {
  engine?.close();
  await new Promise((resolve) => server?.close(resolve));
});

function call(protocol: CallProtocol, misbehave: string, method = 'UnaryCall'): Promise<CollectedCall> {
  const request: CallRequest = {
    target: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tls: { mode: 'plaintext' },
    protocol,
    method: `grpc.testing.TestService/${method}`,
    metadata: [{ key: 'misbehave', value: misbehave }],
    requests: ['{}'],
  };
  return callAndCollect(engine, schema, request);
}

describe('protocol violations end with a status that says what happened', () => {
  test('a web page where a gRPC-Web server was expected', async () => {
    const { status } = await call('grpc-web', 'html-200');
    expect(status).toEqual({
      code: 2,
      name: 'UNKNOWN',
      message:
        'The response is of type text/html, not application/grpc-web: the server at this address and path does not answer gRPC-Web.',
      httpStatus: 200,
      hint: "The response carried no status of the call's protocol (HTTP 200): the server may not speak it at this address, or a proxy in front of it answered.",
    });
  });

  test("an HTTP 503 from a proxy is UNAVAILABLE by gRPC's table, with the HTTP status shown", async () => {
    const { status } = await call('connect', 'http-503');
    expect(status).toMatchObject({
      code: 14,
      name: 'UNAVAILABLE',
      message: 'Received HTTP status code 503',
      httpStatus: 503,
    });
  });

  test("a Connect error with an HTTP status is the error's own code and message, not an HTTP failure", async () => {
    const { status } = await call('connect', 'connect-error-503');
    expect(status).toEqual({ code: 14, name: 'UNAVAILABLE', message: 'draining' });
  });

  test('a body that stops inside a message', async () => {
    const { status, messages } = await call('grpc-web', 'cut-mid-message');
    expect(messages).toEqual([]);
    expect(status).toMatchObject({
      code: 13,
      name: 'INTERNAL',
      message: 'The response ended in the middle of a message.',
    });
  });

  test('a gRPC-Web response without trailers: its message arrives, the missing status is said', async () => {
    const { status, messages } = await call('grpc-web', 'no-trailers');
    expect(messages).toEqual(['{"payload":{"body":"AAAA"}}']);
    expect(status).toEqual({
      code: 13,
      name: 'INTERNAL',
      message: 'Call ended without gRPC status: the response has no trailers.',
      hint: 'The server ended the stream without a gRPC status (trailers): it may have failed mid-response, or a proxy cut the stream.',
    });
  });

  test('a Connect stream without its end-of-stream message', async () => {
    const { status, messages } = await call('connect', 'connect-no-end-stream', 'StreamingOutputCall');
    expect(messages).toHaveLength(1);
    expect(status).toMatchObject({
      code: 13,
      message: 'Call ended without a status: the Connect stream has no end-of-stream message.',
      hint: "The server ended the stream without Connect's end-of-stream message: it may have failed mid-response, or a proxy cut the stream.",
    });
  });

  test('a grpc-web-text body that is not base64', async () => {
    const { status } = await call('grpc-web-text', 'text-not-base64');
    expect(status).toMatchObject({
      code: 13,
      message: 'The grpc-web-text response is not base64: the server may not speak grpc-web-text.',
    });
  });
});
