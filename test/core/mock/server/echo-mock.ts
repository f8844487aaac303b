// The mock server under test with a handler written here: grpc.testing.TestService answered the way grpc's interop
// servers answer it, so any client can check what it gets back.
import { fromBinary, fromJson, toBinary, toJson, type DescMessage, type JsonValue } from '@bufbuild/protobuf';
import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { MockCall, MockHandler, MockMetadata, MockReply } from '../../../../src/core/mock/handler';
import {
  startMockServer,
  type MockServer,
  type MockServerOptions,
} from '../../../../src/core/mock/server/mock-server';
import { loadSchema } from '../../../../src/core/schema/load';
import type { Schema } from '../../../../src/core/schema/schema';

export const fixtureProtos = fileURLToPath(new URL('../../../fixtures/protos', import.meta.url));

/** test.proto with the interop messages, loaded as the app loads it. */
export function loadTestSchema(): Promise<Schema> {
  return loadSchema({ kind: 'protoFiles', files: ['grpc/testing/test.proto'], importPaths: [fixtureProtos] });
}

/** What the handler saw of one call, for tests of signals and metadata. */
export interface SeenCall {
  method: string;
  protocol: string;
  metadata: MockMetadata;
  /** Set when the call's signal aborted: the reason's message. */
  aborted?: string;
  /** Resolves when the signal aborts. */
  abortedNow: Promise<string>;
}

interface EchoStatus {
  code?: number;
  message?: string;
}

/**
 * The ResourceInfo detail every error carries (google.rpc.ResourceInfo { resource_type = 1; resource_name = 2; }),
 * so clients can show typed details.
 */
export function resourceInfo(name: string): { typeUrl: string; value: Uint8Array } {
  const value = new BinaryWriter()
    .tag(1, WireType.LengthDelimited)
    .string('animal')
    .tag(2, WireType.LengthDelimited)
    .string(name)
    .finish();
  return { typeUrl: 'type.googleapis.com/google.rpc.ResourceInfo', value };
}

/**
 * The echo metadata of grpc's interop tests: the initial one comes back as a header, the -bin one as a trailer; the
 * header x-mock-protocol says which protocol the server saw.
 */
function echoed(call: MockCall): { headers: MockMetadata; trailers: MockMetadata } {
  const metadata = call.metadata;
  const headers: MockMetadata = { 'x-mock-protocol': [call.protocol] };
  const trailers: MockMetadata = {};
  const initial = metadata['x-grpc-test-echo-initial'];
  const trailing = metadata['x-grpc-test-echo-trailing-bin'];
  if (initial) headers['x-grpc-test-echo-initial'] = initial;
  if (trailing) trailers['x-grpc-test-echo-trailing-bin'] = trailing;
  return { headers, trailers };
}

/** Answers TestService's methods; every other method of the schema gets UNIMPLEMENTED. */
export function echoHandler(schema: Schema, seen: SeenCall[] = []): MockHandler {
  const message = (name: string): DescMessage => schema.message(`grpc.testing.${name}`)!;
  const read = (desc: DescMessage, bytes: Uint8Array): Record<string, unknown> =>
    toJson(desc, fromBinary(desc, bytes), { registry: schema.registry }) as Record<string, unknown>;
  const write = (desc: DescMessage, json: JsonValue): Uint8Array =>
    toBinary(desc, fromJson(desc, json, { registry: schema.registry }));
  const payload = (size: number): JsonValue => ({ body: Buffer.alloc(size).toString('base64') });

  /** Ends with the status a request's responseStatus asks for (NOT_FOUND etc. with a ResourceInfo), or OK. */
  const finish = (reply: MockReply, status: EchoStatus | undefined, trailers: MockMetadata): void => {
    if (status?.code) {
      return reply.finish(
        { code: status.code, message: status.message ?? '', details: [resourceInfo(status.message ?? '')] },
        trailers,
      );
    }
    reply.finish({ code: 0, message: '' }, trailers);
  };

  return async (call: MockCall, reply: MockReply) => {
    const entry: SeenCall = {
      method: call.method.name,
      protocol: call.protocol,
      metadata: call.metadata,
      abortedNow: new Promise((resolve) =>
        call.signal.addEventListener('abort', () => {
          entry.aborted = (call.signal.reason as Error).message;
          resolve(entry.aborted);
        }),
      ),
    };
    seen.push(entry);
    const { headers, trailers } = echoed(call);
    reply.sendHeaders(headers);
    const wait = async (intervalUs: number | undefined): Promise<void> => {
      if (intervalUs) await sleep(intervalUs / 1000, undefined, { signal: call.signal });
    };
    switch (call.method.name) {
      case 'EmptyCall':
        for await (const _ of call.requests);
        await reply.sendMessage(new Uint8Array());
        return reply.finish({ code: 0, message: '' }, trailers);
      case 'UnaryCall': {
        for await (const bytes of call.requests) {
          const request = read(message('SimpleRequest'), bytes);
          const status = request.responseStatus as EchoStatus | undefined;
          if (!status?.code) {
            const username = call.metadata['x-user']?.[0] ?? '';
            await reply.sendMessage(
              write(message('SimpleResponse'), {
                payload: payload(Number(request.responseSize ?? 0)),
                username,
              }),
            );
          }
          return finish(reply, status, trailers);
        }
        return reply.finish({ code: 3, message: 'UnaryCall needs a request' });
      }
      case 'StreamingOutputCall':
      case 'FullDuplexCall':
      case 'HalfDuplexCall': {
        let status: EchoStatus | undefined;
        for await (const bytes of call.requests) {
          const request = read(message('StreamingOutputCallRequest'), bytes);
          const parameters = (request.responseParameters ?? []) as { size?: number; intervalUs?: number }[];
          for (const { size, intervalUs } of parameters) {
            await wait(intervalUs);
            await reply.sendMessage(
              write(message('StreamingOutputCallResponse'), { payload: payload(size ?? 0) }),
            );
          }
          status = request.responseStatus as EchoStatus | undefined;
        }
        return finish(reply, status, trailers);
      }
      case 'StreamingInputCall': {
        let total = 0;
        for await (const bytes of call.requests) {
          const body = (read(message('StreamingInputCallRequest'), bytes).payload as { body?: string })?.body;
          total += Buffer.from(body ?? '', 'base64').length;
        }
        await reply.sendMessage(
          write(message('StreamingInputCallResponse'), { aggregatedPayloadSize: total }),
        );
        return reply.finish({ code: 0, message: '' }, trailers);
      }
      default:
        return reply.finish({
          code: 12,
          message: `${call.method.name} is not implemented by the echo handler`,
        });
    }
  };
}

/** Starts the mock on 127.0.0.1 with the echo handler; `seen` collects the calls. */
export async function startEchoMock(
  options: Partial<MockServerOptions> = {},
): Promise<{ server: MockServer; schema: Schema; seen: SeenCall[]; address: string }> {
  const schema = options.schema ?? (await loadTestSchema());
  const seen: SeenCall[] = [];
  const server = await startMockServer({
    schema,
    handler: echoHandler(schema, seen),
    host: '127.0.0.1',
    port: 0,
    ...options,
  });
  return { server, schema, seen, address: `127.0.0.1:${server.port}` };
}
