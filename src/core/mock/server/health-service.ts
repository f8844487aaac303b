import { status as code } from '@grpc/grpc-js';
import { BinaryReader, BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import type { MockHandler } from '../handler';

// grpc.health.v1 (bundled/protos/grpc/health/v1/health.proto), encoded by hand: one string in, one enum out.
const SERVING = 1;
const NOT_SERVING = 2;
const SERVICE_UNKNOWN = 3;

/** HealthCheckRequest { string service = 1; } */
function requestedService(bytes: Uint8Array): string {
  const reader = new BinaryReader(bytes);
  let service = '';
  while (reader.pos < reader.len) {
    const [field, wireType] = reader.tag();
    if (field === 1 && wireType === WireType.LengthDelimited) service = reader.string();
    else reader.skip(wireType, field);
  }
  return service;
}

/** HealthCheckResponse { ServingStatus status = 1; } */
function healthResponse(status: number): Uint8Array {
  return new BinaryWriter().tag(1, WireType.Varint).int32(status).finish();
}

/** The one request of a unary or server-streaming call; undefined when the stream ended empty. */
async function onlyRequest(requests: AsyncIterable<Uint8Array>): Promise<Uint8Array | undefined> {
  for await (const request of requests) return request;
  return undefined;
}

/** The health handlers: "" and every served service are SERVING while the server runs. */
export interface HealthHandlers {
  check: MockHandler;
  watch: MockHandler;
  list: MockHandler;
}

/**
 * grpc.health.v1.Health: Check answers SERVING for "" and each served service, NOT_FOUND for others; Watch sends the
 * current status and stays open until the client cancels or the server stops (`stopping`: it sends NOT_SERVING).
 */
export function healthHandlers(services: readonly string[], stopping: AbortSignal): HealthHandlers {
  const known = new Set(['', ...services]);
  const decodeFailed = (error: unknown): { code: number; message: string } => ({
    code: code.INVALID_ARGUMENT,
    message: `The request is no HealthCheckRequest: ${(error as Error).message}`,
  });
  return {
    async check(call, reply) {
      let service: string;
      try {
        service = requestedService((await onlyRequest(call.requests)) ?? new Uint8Array());
      } catch (error) {
        return reply.finish(decodeFailed(error));
      }
      if (!known.has(service)) {
        return reply.finish({ code: code.NOT_FOUND, message: `unknown service ${service}` });
      }
      await reply.sendMessage(healthResponse(stopping.aborted ? NOT_SERVING : SERVING));
      reply.finish({ code: code.OK, message: '' });
    },
    async watch(call, reply) {
      let service: string;
      try {
        service = requestedService((await onlyRequest(call.requests)) ?? new Uint8Array());
      } catch (error) {
        return reply.finish(decodeFailed(error));
      }
      const status = !known.has(service) ? SERVICE_UNKNOWN : stopping.aborted ? NOT_SERVING : SERVING;
      await reply.sendMessage(healthResponse(status));
      await new Promise<void>((resolve) => {
        const done = (): void => {
          call.signal.removeEventListener('abort', done);
          stopping.removeEventListener('abort', stopped);
          resolve();
        };
        // A stopping server tells its watchers, then ends their calls instead of holding up its close.
        const stopped = (): void => {
          if (known.has(service)) void reply.sendMessage(healthResponse(NOT_SERVING));
          done();
        };
        if (call.signal.aborted || stopping.aborted) return resolve();
        call.signal.addEventListener('abort', done);
        stopping.addEventListener('abort', stopped);
      });
      reply.finish({ code: code.OK, message: '' });
    },
    async list(call, reply) {
      await onlyRequest(call.requests);
      // HealthListResponse { map<string, HealthCheckResponse> statuses = 1; } entries { key = 1; value = 2; }
      const writer = new BinaryWriter();
      for (const service of known) {
        writer.tag(1, WireType.LengthDelimited).fork();
        writer.tag(1, WireType.LengthDelimited).string(service);
        writer
          .tag(2, WireType.LengthDelimited)
          .bytes(healthResponse(stopping.aborted ? NOT_SERVING : SERVING));
        writer.join();
      }
      await reply.sendMessage(writer.finish());
      reply.finish({ code: code.OK, message: '' });
    },
  };
}
