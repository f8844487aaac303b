import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import { Server, type ServerDuplexStream } from '@grpc/grpc-js';
import { afterEach, describe, expect, test } from 'vitest';
import { SchemaError } from '../../../../src/core/schema/errors';
import { reflectSchema } from '../../../../src/core/schema/reflection/reflect';
import { listenInsecure, rawMethod } from '../../../peers/grpc-js-server';

type Handler = (call: ServerDuplexStream<Buffer, Buffer>) => void;

/** A real grpc-js server whose v1 reflection stream runs `handler` on raw bytes (stopped by force: streams may hang). */
async function serve(handler: Handler): Promise<{ port: number; server: Server }> {
  const reflection = rawMethod('/grpc.reflection.v1.ServerReflection/ServerReflectionInfo', {
    requestStream: true,
    responseStream: true,
  });
  const server = new Server();
  server.addService({ ServerReflectionInfo: reflection }, { ServerReflectionInfo: handler });
  const { port } = await listenInsecure(server);
  return { port, server };
}

const listing = (name: string): Buffer => {
  const service = new BinaryWriter().tag(1, WireType.LengthDelimited).string(name).finish();
  const list = new BinaryWriter().tag(1, WireType.LengthDelimited).bytes(service).finish();
  return Buffer.from(new BinaryWriter().tag(6, WireType.LengthDelimited).bytes(list).finish());
};
const errorResponse = (code: number, message: string): Buffer => {
  const error = new BinaryWriter()
    .tag(1, WireType.Varint)
    .int32(code)
    .tag(2, WireType.LengthDelimited)
    .string(message)
    .finish();
  return Buffer.from(new BinaryWriter().tag(7, WireType.LengthDelimited).bytes(error).finish());
};

describe('reflectSchema against servers that misbehave', () => {
  let server: Server | undefined;
  afterEach(() => server?.forceShutdown());

  async function failureAgainst(handler: Handler): Promise<{ port: number; error: SchemaError }> {
    const started = await serve(handler);
    server = started.server;
    const error = await reflectSchema({
      target: `127.0.0.1:${started.port}`,
      tls: { mode: 'plaintext' },
    }).then(
      () => new Error('expected a failure'),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SchemaError);
    return { port: started.port, error: error as SchemaError };
  }

  test('a listed service the server cannot describe', async () => {
    let answered = 0;
    const { port, error } = await failureAgainst((call) =>
      call.on('data', () =>
        call.write(answered++ === 0 ? listing('a.Ghost') : errorResponse(5, 'symbol not found: a.Ghost')),
      ),
    );
    expect(error.problems).toEqual([
      {
        message: `The server at 127.0.0.1:${port} could not send the file of service a.Ghost: symbol not found: a.Ghost.`,
        hint: "The server's reflection data is incomplete; load its .proto files or a descriptor set instead.",
      },
    ]);
  });

  test('a stream closed without an answer', async () => {
    const { port, error } = await failureAgainst((call) => call.end());
    expect(error.message).toBe(
      `Reflection failed at 127.0.0.1:${port}: The server closed the reflection stream before answering.`,
    );
  });

  test('a descriptor that does not decode', async () => {
    let answered = 0;
    const { port, error } = await failureAgainst((call) =>
      call.on('data', () => {
        if (answered++ === 0) return call.write(listing('a.Broken'));
        const files = new BinaryWriter()
          .tag(1, WireType.LengthDelimited)
          .bytes(new Uint8Array([0x0a, 0x05, 0x61]))
          .finish();
        call.write(Buffer.from(new BinaryWriter().tag(4, WireType.LengthDelimited).bytes(files).finish()));
      }),
    );
    expect(error.message).toMatch(
      new RegExp(`^The server at 127\\.0\\.0\\.1:${port} sent a file descriptor that cannot be decoded: `),
    );
  });
});
