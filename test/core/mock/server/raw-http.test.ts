// The mock's protocol edges, driven by hand-made HTTP requests (fetch over HTTP/1.1, node's http2 client): what no
// generated client sends, such as grpc-web-text in chunks, Connect GET, bad frames and bad content types.
import { fromBinary, toBinary, create, type DescMessage } from '@bufbuild/protobuf';
import { connect, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockServer } from '../../../../src/core/mock/server/mock-server';
import type { Schema } from '../../../../src/core/schema/schema';
import { Base64StreamDecoder } from '../../../../src/core/wire/base64-stream';
import { EnvelopeReader, writeEnvelope } from '../../../../src/core/wire/envelope';
import { parseGrpcWebTrailers } from '../../../../src/core/wire/grpc-web-trailers';
import { startEchoMock } from './echo-mock';

let server: MockServer;
let schema: Schema;
let base: string;
beforeAll(async () => {
  ({ server, schema } = await startEchoMock());
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server.close(0));

const message = (name: string): DescMessage => schema.message(`grpc.testing.${name}`)!;
const simpleRequest = (size: number): Uint8Array =>
  toBinary(message('SimpleRequest'), create(message('SimpleRequest'), { responseSize: size }));
const bodySize = (bytes: Uint8Array): number =>
  (fromBinary(message('SimpleResponse'), bytes) as unknown as { payload?: { body: Uint8Array } }).payload
    ?.body.length ?? -1;

/** The messages and the trailer block of a gRPC-Web response body. */
function grpcWebBody(bytes: Uint8Array): { messages: Uint8Array[]; trailers: IncomingHttpHeaders } {
  const envelopes = new EnvelopeReader(1 << 20).push(bytes);
  const last = envelopes.pop()!;
  expect(last.flags).toBe(0x80);
  return { messages: envelopes.map((e) => e.data), trailers: parseGrpcWebTrailers(last.data) };
}

describe('gRPC-Web text', () => {
  test('a request base64-encoded a message at a time (padding mid-body), answered in base64', async () => {
    // Two separately padded base64 runs, as browsers' grpc-web-text clients may send.
    const frame = writeEnvelope(0, simpleRequest(4));
    const body = frame.subarray(0, 4).toString('base64') + frame.subarray(4).toString('base64');
    expect(body.slice(0, 8)).toMatch(/=/);
    const response = await fetch(`${base}/grpc.testing.TestService/UnaryCall`, {
      method: 'POST',
      headers: { 'content-type': 'application/grpc-web-text', 'x-grpc-web': '1' },
      body,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/grpc-web-text+proto');
    expect(response.headers.get('x-mock-protocol')).toBe('grpc-web-text');
    const decoded = new Base64StreamDecoder().push(new Uint8Array(await response.arrayBuffer()));
    const { messages, trailers } = grpcWebBody(decoded);
    expect(messages.map(bodySize)).toEqual([4]);
    expect(trailers['grpc-status']).toBe('0');
  });

  test('a body that is not base64 is INTERNAL, saying so', async () => {
    const response = await fetch(`${base}/grpc.testing.TestService/UnaryCall`, {
      method: 'POST',
      headers: { 'content-type': 'application/grpc-web-text' },
      body: '!!not base64!!',
    });
    const { trailers } = grpcWebBody(
      new Base64StreamDecoder().push(new Uint8Array(await response.arrayBuffer())),
    );
    expect(trailers['grpc-status']).toBe('13');
    expect(decodeURIComponent(String(trailers['grpc-message']))).toContain('not base64');
  });
});

describe('gRPC-Web binary over HTTP/1.1', () => {
  const call = async (
    body: Uint8Array,
  ): Promise<{ messages: Uint8Array[]; trailers: IncomingHttpHeaders }> => {
    const response = await fetch(`${base}/grpc.testing.TestService/UnaryCall`, {
      method: 'POST',
      headers: { 'content-type': 'application/grpc-web+proto' },
      body,
    });
    expect(response.status).toBe(200);
    return grpcWebBody(new Uint8Array(await response.arrayBuffer()));
  };

  test('a truncated frame is INTERNAL, never a crash', async () => {
    const { trailers } = await call(writeEnvelope(0, simpleRequest(4)).subarray(0, 6));
    expect(trailers['grpc-status']).toBe('13');
    expect(trailers['grpc-message']).toContain('truncated');
  });

  test('a message over 4 MiB is RESOURCE_EXHAUSTED', async () => {
    const prefix = Buffer.from([0, 0x7f, 0, 0, 0]);
    const { trailers } = await call(prefix);
    expect(trailers['grpc-status']).toBe('8');
    expect(decodeURIComponent(String(trailers['grpc-message']))).toContain(
      'the mock accepts messages up to 4194304 bytes',
    );
  });

  test('bytes that are no SimpleRequest reach the handler, whose failure is INTERNAL with its reason', async () => {
    const { trailers } = await call(writeEnvelope(0, Buffer.from([0xff, 0xff, 0xff])));
    expect(trailers['grpc-status']).toBe('13');
    expect(decodeURIComponent(String(trailers['grpc-message']))).toContain(
      "The mock's handler for grpc.testing.TestService/UnaryCall failed",
    );
  });

  test('CORS: a browser preflight is allowed, and responses expose gRPC’s headers', async () => {
    const preflight = await fetch(`${base}/grpc.testing.TestService/UnaryCall`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-grpc-web',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type,x-grpc-web');
    const response = await fetch(`${base}/grpc.testing.TestService/UnaryCall`, {
      method: 'POST',
      headers: { 'content-type': 'application/grpc-web+proto', origin: 'http://localhost:5173' },
      body: writeEnvelope(0, simpleRequest(1)),
    });
    expect(response.headers.get('access-control-expose-headers')).toContain('grpc-status');
  });
});

describe('Connect unary by hand', () => {
  test('GET with ?encoding=json&message=…', async () => {
    const query = new URLSearchParams({ connect: 'v1', encoding: 'json', message: '{"responseSize":2}' });
    const response = await fetch(`${base}/grpc.testing.TestService/UnaryCall?${query}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ payload: { body: 'AAA=' } });
  });

  test('GET with a base64url proto message', async () => {
    const query = new URLSearchParams({
      encoding: 'proto',
      base64: '1',
      message: Buffer.from(simpleRequest(5)).toString('base64url'),
    });
    const response = await fetch(`${base}/grpc.testing.TestService/UnaryCall?${query}`);
    expect(response.headers.get('content-type')).toBe('application/proto');
    expect(bodySize(new Uint8Array(await response.arrayBuffer()))).toBe(5);
  });

  test('an error is its HTTP status and Connect’s error JSON; trailers are trailer- headers', async () => {
    const response = await fetch(`${base}/grpc.testing.TestService/UnaryCall`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-grpc-test-echo-trailing-bin': 'q6ur' },
      body: JSON.stringify({ responseStatus: { code: 5, message: 'no animal 404' } }),
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('trailer-x-grpc-test-echo-trailing-bin')).toBe('q6ur');
    const error = (await response.json()) as { details: { value: string }[] };
    expect(error).toEqual({
      code: 'not_found',
      message: 'no animal 404',
      details: [{ type: 'google.rpc.ResourceInfo', value: expect.stringMatching(/^[A-Za-z0-9+/]+$/) }],
    });
    expect(Buffer.from(error.details[0]!.value, 'base64').toString('latin1')).toContain('no animal 404');
  });

  test('JSON that does not fit the request message is INVALID_ARGUMENT naming the field', async () => {
    const response = await fetch(`${base}/grpc.testing.TestService/UnaryCall`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"responseSize": "lots"}',
    });
    expect(response.status).toBe(400);
    const error = (await response.json()) as { code: string; message: string };
    expect(error.code).toBe('invalid_argument');
    expect(error.message).toContain(
      'The request is not valid JSON for grpc.testing.SimpleRequest: responseSize',
    );
  });

  test('a streaming method with a unary content type is 415, saying which to use', async () => {
    const response = await fetch(`${base}/grpc.testing.TestService/StreamingOutputCall`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(415);
    expect(await response.text()).toContain(
      'send it with application/connect+proto or application/connect+json',
    );
  });

  test('an unknown method is unimplemented (HTTP 501) with what is served', async () => {
    const response = await fetch(`${base}/grpc.testing.TestService/Nope`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(501);
    expect(((await response.json()) as { message: string }).message).toContain(
      'Method grpc.testing.TestService/Nope is not served by this mock: grpc.testing.TestService has ',
    );
  });
});

describe('what the mock does not serve', () => {
  test('another content type: 415 listing the served ones', async () => {
    const response = await fetch(`${base}/grpc.testing.TestService/UnaryCall`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml' },
      body: '<a/>',
    });
    expect(response.status).toBe(415);
    expect(await response.text()).toContain('not content type text/xml. Send one of application/grpc');
  });

  test('gRPC over HTTP/1.1: 415 and UNIMPLEMENTED saying gRPC needs HTTP/2', async () => {
    const response = await fetch(`${base}/grpc.testing.TestService/UnaryCall`, {
      method: 'POST',
      headers: { 'content-type': 'application/grpc' },
      body: writeEnvelope(0, simpleRequest(1)),
    });
    expect(response.status).toBe(415);
    expect(response.headers.get('grpc-status')).toBe('12');
    expect(await response.text()).toContain('gRPC needs HTTP/2');
  });
});

describe('gRPC by hand over h2c', () => {
  let session: ClientHttp2Session;
  beforeAll(() => {
    session = connect(base);
  });
  afterAll(() => session.close());

  /** One gRPC request: its response headers, body bytes and trailers. */
  function request(
    path: string,
    body: Uint8Array,
    headers: Record<string, string> = {},
  ): Promise<{ headers: IncomingHttpHeaders; body: Buffer; trailers: IncomingHttpHeaders }> {
    return new Promise((resolve, reject) => {
      const stream = session.request({
        ':method': 'POST',
        ':path': path,
        'content-type': 'application/grpc',
        te: 'trailers',
        ...headers,
      });
      let responseHeaders: IncomingHttpHeaders = {};
      let trailers: IncomingHttpHeaders = {};
      const chunks: Buffer[] = [];
      stream.on('response', (h) => (responseHeaders = h));
      stream.on('trailers', (t) => (trailers = t));
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => resolve({ headers: responseHeaders, body: Buffer.concat(chunks), trailers }));
      stream.on('error', reject);
      stream.end(body);
    });
  }

  test('a gzip-compressed request message is read', async () => {
    const { gzipSync } = await import('node:zlib');
    const answer = await request(
      '/grpc.testing.TestService/UnaryCall',
      writeEnvelope(1, gzipSync(simpleRequest(6))),
      { 'grpc-encoding': 'gzip' },
    );
    expect(answer.trailers['grpc-status']).toBe('0');
    expect(bodySize(new EnvelopeReader(1 << 20).push(answer.body)[0]!.data)).toBe(6);
  });

  test('a compression the mock lacks is UNIMPLEMENTED, naming what it reads', async () => {
    const answer = await request('/grpc.testing.TestService/UnaryCall', writeEnvelope(1, simpleRequest(1)), {
      'grpc-encoding': 'snappy',
    });
    const status = { ...answer.headers, ...answer.trailers };
    expect(status['grpc-status']).toBe('12');
    expect(status['grpc-message']).toContain('cannot decompress "snappy": send identity, gzip or deflate');
  });

  test('an error before any message is trailers-only, the message percent-encoded', async () => {
    const request2 = toBinary(
      message('SimpleRequest'),
      create(message('SimpleRequest'), { responseStatus: { code: 9, message: 'café 100%' } }),
    );
    const answer = await request('/grpc.testing.TestService/UnaryCall', writeEnvelope(0, request2));
    expect(answer.headers['grpc-status']).toBe('9');
    expect(answer.headers['grpc-message']).toBe('caf%C3%A9 100%25');
    expect(answer.headers['grpc-status-details-bin']).toBeTruthy();
    expect(answer.body.length).toBe(0);
  });
});
