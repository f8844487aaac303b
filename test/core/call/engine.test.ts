import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallEvent, CallRequest } from '../../../src/shared/call';
import { CallEngine } from '../../../src/core/call/engine';
import { callAndCollect } from '../../helpers/collect-call';
import { CallSetupError } from '../../../src/core/call/errors';
import { ConnectionError } from '../../../src/core/connection/errors';
import { JsonInputError } from '../../../src/core/schema/json';
import { loadSchema } from '../../../src/core/schema/load';
import type { Schema } from '../../../src/core/schema/schema';
import { startSilentTcpServer } from '../../helpers/misbehaving-server';
import { startGoReflect, type GoReflectServer } from '../../peers/go-reflect/server';

const protos = join(import.meta.dirname, '../../fixtures/protos');

let server: GoReflectServer;
let schema: Schema;
let engine: CallEngine;

beforeAll(async () => {
  server = await startGoReflect();
  schema = await loadSchema({
    kind: 'protoFiles',
    files: [join(protos, 'grpc/testing/test.proto')],
    importPaths: [protos],
  });
  engine = new CallEngine();
});

afterAll(async () => {
  engine.close();
  await server.stop();
});

function request(method: string, requests: string[], extra: Partial<CallRequest> = {}): CallRequest {
  return {
    target: `127.0.0.1:${server.port}`,
    tls: { mode: 'plaintext' },
    method,
    metadata: [],
    requests,
    ...extra,
  };
}

describe('CallEngine', () => {
  it('makes a unary call and reports what it moved and when', async () => {
    const call = await callAndCollect(
      engine,
      schema,
      request('grpc.testing.TestService/UnaryCall', ['{"responseSize": 10, "fillUsername": true}']),
    );
    expect(call.status).toMatchObject({ code: 0, name: 'OK' });
    expect(JSON.parse(call.messages[0]!)).toEqual({ payload: { body: 'AAAAAAAAAAAAAA==' } });
    expect(call.headers.some((h) => h.key === 'content-type' && h.value === 'application/grpc')).toBe(true);
    expect(call.timings).toMatchObject({ messagesSent: 1, messagesReceived: 1, bytesSent: 4 });
    expect(call.timings.bytesReceived).toBeGreaterThan(10);
    expect(call.timings.totalMs).toBeGreaterThanOrEqual(call.timings.headersMs!);
    expect(call.timings.channelReadyMs).toBeDefined();
    expect(call.insecure).toBe(false);
  });

  it('reuses the open channel for the next call to the same server', async () => {
    await callAndCollect(engine, schema, request('grpc.testing.TestService/EmptyCall', ['{}']));
    const second = await callAndCollect(
      engine,
      schema,
      request('grpc.testing.TestService/EmptyCall', ['{}']),
    );
    expect(second.timings.channelReadyMs).toBe(0);
  });

  it('closes a channel left idle, and opens a new one for the next call', async () => {
    const shortLived = new CallEngine({ idleCloseMs: 50 });
    try {
      await callAndCollect(shortLived, schema, request('grpc.testing.TestService/EmptyCall', ['{}']));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const next = await callAndCollect(
        shortLived,
        schema,
        request('grpc.testing.TestService/EmptyCall', ['{}']),
      );
      expect(next.status.name).toBe('OK');
      expect(next.timings.channelReadyMs).toBeGreaterThan(0);
    } finally {
      shortLived.close();
    }
  });

  it('emits headers, sent and received messages, trailers and one status, in that order, for an interactive bidi call', async () => {
    const events: CallEvent[] = [];
    let firstAnswer!: () => void;
    const answered = new Promise<void>((resolve) => (firstAnswer = resolve));
    const session = await engine.start(
      schema,
      request('grpc.testing.TestService/FullDuplexCall', []),
      (e) => {
        events.push(e);
        if (e.type === 'message') firstAnswer();
      },
    );
    expect(session.kind).toBe('bidi');
    session.send('{"responseParameters": [{"size": 3}]}');
    // Interactive: the second request goes only once the first one has been answered.
    await answered;
    session.send('{"responseParameters": [{"size": 5}]}');
    session.end();
    const done = await session.done;
    expect(done.status.name).toBe('OK');
    expect(
      events.map((e) => (e.type === 'sent' || e.type === 'message' ? `${e.type} ${e.index}` : e.type)),
    ).toEqual(['sent 0', 'headers', 'message 0', 'sent 1', 'message 1', 'trailers', 'status']);
    expect(events.at(-1)).toBe(done);
    const received = events.flatMap((e) =>
      e.type === 'message' ? [JSON.parse(e.json) as { payload: { body: string } }] : [],
    );
    expect(received.map((m) => Buffer.from(m.payload.body, 'base64').length)).toEqual([3, 5]);
    expect(() => session.send('{}')).toThrow(CallSetupError);
  });

  it('turns a passed deadline into DEADLINE_EXCEEDED with advice', async () => {
    const call = await callAndCollect(
      engine,
      schema,
      request(
        'grpc.testing.TestService/StreamingOutputCall',
        ['{"responseParameters": [{"size": 1, "intervalUs": 5000000}]}'],
        {
          options: { deadlineMs: 200 },
        },
      ),
    );
    expect(call.status).toMatchObject({ code: 4, name: 'DEADLINE_EXCEEDED' });
    expect(call.status.hint).toMatch(/raise the deadline/);
  });

  it('cancels on request and reports CANCELLED', async () => {
    const session = await engine.start(
      schema,
      request('grpc.testing.TestService/FullDuplexCall', []),
      () => undefined,
    );
    session.cancel();
    const done = await session.done;
    expect(done.status).toMatchObject({ code: 1, name: 'CANCELLED' });
  });

  it('explains a server that is not there', async () => {
    const call = await callAndCollect(engine, schema, {
      ...request('grpc.testing.TestService/EmptyCall', ['{}']),
      target: '127.0.0.1:1',
    });
    expect(call.status.name).toBe('UNAVAILABLE');
    expect(call.status.message).toBe('Cannot reach 127.0.0.1:1: connection refused — is the server running?');
    expect(call.status.hint).toBe('Check the host and port.');
    expect(call.timings.channelReadyMs).toBeUndefined();
    // Nothing reached a connection, so nothing counts as sent.
    expect(call.timings).toMatchObject({ messagesSent: 0, bytesSent: 0 });
  });

  it('reports no sent event for a request that never reached a connection', async () => {
    const events: CallEvent[] = [];
    const session = await engine.start(
      schema,
      { ...request('grpc.testing.TestService/EmptyCall', ['{}']), target: '127.0.0.1:1' },
      (event) => events.push(event),
    );
    await session.done;
    expect(events.map((event) => event.type)).toEqual(['trailers', 'status']);
  });

  /** An EmptyCall to a socket that accepts and never speaks, given up on after 0.5 s. */
  async function callSilentSocket(tls?: CallRequest['tls']) {
    const silent = await startSilentTcpServer();
    const impatient = new CallEngine({ connectTimeoutMs: 500 });
    try {
      const call = await callAndCollect(impatient, schema, {
        ...request('grpc.testing.TestService/EmptyCall', ['{}'], tls && { tls }),
        target: silent.target,
      });
      return { call, target: silent.target };
    } finally {
      impatient.close();
      await silent.close();
    }
  }

  it('gives up on a socket that accepts but never speaks HTTP/2, and says so', async () => {
    const { call, target } = await callSilentSocket();
    expect(call.status).toMatchObject({
      name: 'UNAVAILABLE',
      message: `Could not connect to ${target} within 0.5 s: the server accepted the connection but never spoke HTTP/2.`,
      hint: `Is it a gRPC server, and is this its port? If it needs TLS, switch TLS on (or write grpcs://${target}).`,
    });
    expect(call.timings).toMatchObject({ messagesSent: 0, bytesSent: 0 });
    expect(call.timings.totalMs).toBeLessThan(5_000);
  });

  it('over TLS, says the server never completed TLS and HTTP/2', async () => {
    const { call, target } = await callSilentSocket({ mode: 'tls' });
    expect(call.status).toMatchObject({
      name: 'UNAVAILABLE',
      message: `Could not connect to ${target} within 0.5 s: the server accepted the connection but never completed TLS and HTTP/2.`,
      hint: 'Is it a gRPC server, and is this its port? If it speaks plaintext, switch TLS off.',
    });
  });

  it('refuses bad input before sending anything', async () => {
    const none = () => undefined;
    await expect(
      engine.start(schema, request('grpc.testing.TestService/Nope', ['{}']), none),
    ).rejects.toThrow('The method grpc.testing.TestService/Nope is not in the loaded schema.');
    await expect(
      engine.start(schema, request('grpc.testing.TestService/UnaryCall', []), none),
    ).rejects.toThrow('grpc.testing.TestService/UnaryCall is unary: it takes exactly one request, got 0.');
    await expect(
      engine.start(schema, request('grpc.testing.TestService/UnaryCall', ['{"responseSize": "x"}']), none),
    ).rejects.toThrow(JsonInputError);
    await expect(
      engine.start(
        schema,
        request('grpc.testing.TestService/EmptyCall', ['{}'], { metadata: [{ key: 'bad key', value: 'v' }] }),
        none,
      ),
    ).rejects.toThrow(ConnectionError);
    await expect(
      engine.start(
        schema,
        { ...request('grpc.testing.TestService/EmptyCall', ['{}']), target: 'localhost' },
        none,
      ),
    ).rejects.toThrow('Add the port');
  });

  it('rejects a bad streamed request and keeps the call open for a good one', async () => {
    const session = await engine.start(
      schema,
      request('grpc.testing.TestService/StreamingInputCall', []),
      () => undefined,
    );
    expect(() => session.send('{"payload": {"body": 12}}')).toThrow('payload.body');
    session.send('{"payload": {"body": "AAAA"}}');
    session.end();
    const done = await session.done;
    expect(done.status.name).toBe('OK');
    expect(done.timings.messagesSent).toBe(1);
  });
});
