import { afterEach, describe, expect, test } from 'vitest';
import type { HttpClient, HttpClientState } from '../../../../src/core/wire/http/http-client';
import { createServer } from 'node:http';
import { echo, listen, plaintextClient, post, startH2c, startHttp1, until, type TestServer } from './servers';

describe('HttpClient in plaintext', () => {
  const cleanup: (() => unknown)[] = [];
  afterEach(async () => {
    await Promise.all(cleanup.splice(0).map((step) => step()));
  });
  const client = (server: TestServer, http2: boolean): HttpClient => {
    const created = plaintextClient(server.port, http2);
    cleanup.push(() => created.close());
    return created;
  };

  test('HTTP/1.1: a POST gets the status, headers, body and chunked trailers; sequential requests reuse one socket', async () => {
    const server = await startHttp1();
    cleanup.push(server.close);
    const http = client(server, false);
    const states: HttpClientState[] = [];
    http.onState((state) => states.push(state));
    for (const body of ['first', 'second', 'third']) {
      const outcome = await post(http, body, '/prefix/pkg.Service/Method');
      expect(outcome).toMatchObject({ status: 200, events: ['response', 'data', 'end'] });
      expect(outcome.body.toString()).toBe(body);
      expect(outcome.headers?.['x-echo-path']).toBe('/prefix/pkg.Service/Method');
      expect(outcome.trailers).toEqual({ 'x-body-bytes': String(body.length) });
    }
    expect(server.connections).toHaveLength(1);
    expect(http.httpVersion).toBe('1.1');
    expect(states).toEqual(['connecting', 'ready']);
  });

  test('HTTP/1.1: concurrent requests each get a socket of their own, then the sockets are reused', async () => {
    const server = await startHttp1();
    cleanup.push(server.close);
    const http = client(server, false);
    const first = await Promise.all(['a', 'b', 'c'].map((body) => post(http, body)));
    expect(first.map((outcome) => outcome.body.toString())).toEqual(['a', 'b', 'c']);
    expect(server.connections).toHaveLength(3);
    const second = await Promise.all(['d', 'e', 'f'].map((body) => post(http, body)));
    expect(second.map((outcome) => outcome.body.toString())).toEqual(['d', 'e', 'f']);
    expect(server.connections).toHaveLength(3);
  });

  test('HTTP/1.1: a connection the server closes before its first request is noticed, and the request dials anew', async () => {
    // Node closes connections that send no request within headersTimeout; here within a fraction of a second.
    const server = await listen(
      createServer({ connectionsCheckingInterval: 20, headersTimeout: 100, requestTimeout: 100 }, echo),
    );
    cleanup.push(server.close);
    const http = client(server, false);
    http.connect();
    await until(() => http.state === 'ready');
    await until(() => http.state === 'idle');
    expect((await post(http, 'after')).body.toString()).toBe('after');
    expect(server.connections).toHaveLength(2);
    expect(http.state).toBe('ready');
  });

  test('h2c with prior knowledge: concurrent requests share one connection and get HTTP/2 trailers', async () => {
    const server = await startH2c();
    cleanup.push(server.close);
    const http = client(server, true);
    const outcomes = await Promise.all(['one', 'two', 'three'].map((body) => post(http, body)));
    for (const [index, body] of ['one', 'two', 'three'].entries()) {
      expect(outcomes[index]).toMatchObject({ status: 200, events: ['response', 'data', 'end'] });
      expect(outcomes[index]!.body.toString()).toBe(body);
      expect(outcomes[index]!.trailers).toEqual({ 'x-body-bytes': String(body.length) });
      expect(outcomes[index]!.headers).not.toHaveProperty(':status');
    }
    await post(http, 'again');
    expect(server.connections).toHaveLength(1);
    expect(http.httpVersion).toBe('2');
    expect(http.state).toBe('ready');
  });

  test('connection refused fails the request with ECONNREFUSED, and the next request tries again', async () => {
    const server = await startHttp1();
    const port = server.port;
    await server.close();
    const http = plaintextClient(port, false);
    cleanup.push(() => http.close());
    const outcome = await post(http, 'x');
    expect(outcome.events).toEqual(['error']);
    expect(outcome.error?.code).toBe('ECONNREFUSED');
    expect(outcome.error?.message).toBe(`connect ECONNREFUSED 127.0.0.1:${port}`);
    expect(http.state).toBe('failed');
    const again = await post(http, 'y');
    expect(again.error?.code).toBe('ECONNREFUSED');
  });
});
