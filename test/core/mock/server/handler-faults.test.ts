// A handler (a stub, later) that misbehaves: the client gets a status saying what went wrong, the server stays up.
import { Code, type Transport } from '@connectrpc/connect';
import { createConnectTransport, createGrpcTransport } from '@connectrpc/connect-node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockHandler } from '../../../../src/core/mock/handler';
import { startMockServer, type MockServer } from '../../../../src/core/mock/server/mock-server';
import { interopMethods, interopRegistry, type InteropMethods } from '../../../helpers/interop-registry';
import { loadTestSchema } from './echo-mock';

const faulty: MockHandler = async (call, reply) => {
  switch (call.method.name) {
    case 'UnaryCall':
      reply.sendHeaders({ 'x-bad': ['line\nbreak'] });
      await reply.sendMessage(new Uint8Array());
      return reply.finish({ code: 0, message: '' });
    case 'EmptyCall':
      return reply.finish({ code: 0, message: '' }, { 'bad name': ['x'] });
    case 'StreamingOutputCall':
      throw new Error('boom');
    case 'StreamingInputCall':
      // Tag 0 is no field: these bytes are no StreamingInputCallResponse.
      await reply.sendMessage(new Uint8Array([0x00]));
      return reply.finish({ code: 0, message: '' });
    default:
      return; // no finish at all
  }
};

describe('a handler that misbehaves', () => {
  let server: MockServer;
  let methods: InteropMethods;
  let grpc: Transport;
  let connectJson: Transport;
  beforeAll(async () => {
    server = await startMockServer({
      schema: await loadTestSchema(),
      handler: faulty,
      host: '127.0.0.1',
      port: 0,
    });
    methods = interopMethods(await interopRegistry());
    grpc = createGrpcTransport({ baseUrl: `http://127.0.0.1:${server.port}` });
    connectJson = createConnectTransport({
      baseUrl: `http://127.0.0.1:${server.port}`,
      httpVersion: '2',
      useBinaryFormat: false,
    });
  });
  afterAll(() => server.close(0));

  const failure = (promise: Promise<unknown>): Promise<unknown> =>
    promise.then(
      () => 'no error',
      (e: unknown) => e,
    );

  test('a header value with a line break: INTERNAL naming the header', async () => {
    for (const t of [grpc, connectJson]) {
      const error = await failure(t.unary(methods.unaryCall, undefined, undefined, undefined, {}));
      expect(error).toMatchObject({ code: Code.Internal });
      expect((error as Error).message).toContain(`The mock's metadata "x-bad" has a value HTTP cannot carry`);
    }
  });

  test('a trailer name HTTP cannot carry: INTERNAL naming it', async () => {
    const error = await failure(grpc.unary(methods.emptyCall, undefined, undefined, undefined, {}));
    expect((error as Error).message).toContain(`The mock's metadata "bad name" has a name HTTP cannot carry`);
  });

  test('a handler that throws: INTERNAL with its reason', async () => {
    const call = grpc
      .stream(
        methods.streamingOutputCall,
        undefined,
        undefined,
        undefined,
        (async function* () {
          yield {};
        })(),
      )
      .then(async (answer) => {
        for await (const _ of answer.message);
      });
    const error = await failure(call);
    expect(error).toMatchObject({ code: Code.Internal });
    expect((error as Error).message).toContain(
      "The mock's handler for grpc.testing.TestService/StreamingOutputCall failed: boom",
    );
  });

  test('a handler that returns without finishing: INTERNAL saying so', async () => {
    const call = grpc
      .stream(
        methods.halfDuplexCall,
        undefined,
        undefined,
        undefined,
        (async function* () {
          yield {};
        })(),
      )
      .then(async (answer) => {
        for await (const _ of answer.message);
      });
    const error = await failure(call);
    expect(error).toMatchObject({ code: Code.Internal });
    expect((error as Error).message).toContain(
      "The mock's handler for grpc.testing.TestService/HalfDuplexCall returned without a status",
    );
  });

  test('a response that is not the method’s message, over Connect JSON: INTERNAL naming the type', async () => {
    const call = connectJson
      .stream(
        methods.streamingInputCall,
        undefined,
        undefined,
        undefined,
        (async function* () {
          yield {};
        })(),
      )
      .then(async (answer) => {
        for await (const _ of answer.message);
      });
    const error = await failure(call);
    expect(error).toMatchObject({ code: Code.Internal });
    expect((error as Error).message).toContain(
      "The mock's response is not a valid grpc.testing.StreamingInputCallResponse",
    );
  });
});
