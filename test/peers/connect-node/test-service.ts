import type { DescMessage, FileRegistry, Message } from '@bufbuild/protobuf';
import { ConnectError, type Code, type ConnectRouter, type HandlerContext } from '@connectrpc/connect';
import { setTimeout as sleep } from 'node:timers/promises';
import { interopMethods } from '../../helpers/interop-registry';

/** The request fields the service reads (runtime-registry messages are plain objects with these properties). */
interface EchoStatus {
  code: number;
  message: string;
}
interface SimpleRequest {
  responseSize: number;
  responseStatus?: EchoStatus;
}
interface StreamingOutputCallRequest {
  responseParameters: { size: number; intervalUs: number }[];
  responseStatus?: EchoStatus;
}
interface StreamingInputCallRequest {
  payload?: { body: Uint8Array };
}

const ECHO_INITIAL = 'x-grpc-test-echo-initial';
const ECHO_TRAILING = 'x-grpc-test-echo-trailing-bin';

/** A Payload of `size` zero bytes (COMPRESSABLE, the enum's zero value), as the interop server sends. */
const payload = (size: number): { body: Uint8Array } => ({ body: new Uint8Array(size) });

/** Echoes the interop test metadata, as grpc's interop servers do: initial into the header, -bin into the trailer. */
function echoMetadata(context: HandlerContext): void {
  const initial = context.requestHeader.get(ECHO_INITIAL);
  if (initial !== null) context.responseHeader.set(ECHO_INITIAL, initial);
  const trailing = context.requestHeader.get(ECHO_TRAILING);
  if (trailing !== null) context.responseTrailer.set(ECHO_TRAILING, trailing);
}

/**
 * The error a request's `response_status` asks for. A message starting with `details:bad-request` carries a
 * google.rpc.BadRequest detail, one starting with `details:error-info` a google.rpc.ErrorInfo (both in every protocol's
 * own form: grpc-status-details-bin for gRPC and gRPC-Web, the error JSON's details for Connect).
 */
function requestedError(status: EchoStatus | undefined, registry: FileRegistry): ConnectError | undefined {
  if (!status || status.code === 0) return undefined;
  const detail = (
    typeName: string,
    value: Record<string, unknown>,
  ): { desc: DescMessage; value: Record<string, unknown> } => {
    const desc = registry.getMessage(typeName);
    if (!desc) throw new Error(`${typeName} is missing from the registry`);
    return { desc, value };
  };
  const details = status.message.startsWith('details:bad-request')
    ? [
        detail('google.rpc.BadRequest', {
          fieldViolations: [{ field: 'response_size', description: 'too large' }],
        }),
      ]
    : status.message.startsWith('details:error-info')
      ? [
          detail('google.rpc.ErrorInfo', {
            reason: 'TEST_ERROR',
            domain: 'connect-node.test',
            metadata: { a: 'b' },
          }),
        ]
      : [];
  return new ConnectError(status.message, status.code as Code, undefined, details);
}

/** Waits `intervalUs` microseconds; when the call ends first (deadline, cancel), fails with the reason it ended. */
async function wait(intervalUs: number, context: HandlerContext): Promise<void> {
  if (intervalUs <= 0) return;
  try {
    await sleep(intervalUs / 1000, undefined, { signal: context.signal });
  } catch (error) {
    // The signal's reason is connect's own ConnectError (e.g. DEADLINE_EXCEEDED); the timer's AbortError is not.
    context.signal.throwIfAborted();
    throw error;
  }
}

/** The responses one StreamingOutputCallRequest asks for, each after its interval. */
async function* outputs(
  request: StreamingOutputCallRequest,
  context: HandlerContext,
): AsyncGenerator<{ payload: { body: Uint8Array } }> {
  for (const parameters of request.responseParameters) {
    await wait(parameters.intervalUs, context);
    yield { payload: payload(parameters.size) };
  }
}

/** Reads a stream of runtime-registry messages as the request shape the service reads. */
async function* as<T>(requests: AsyncIterable<Message>): AsyncGenerator<T> {
  for await (const request of requests) yield request as unknown as T;
}

/**
 * grpc.testing.TestService as grpc's interop servers implement it (doc/interop-test-descriptions.md), on connect-node's
 * router: every method a gRPC-Web or Connect client can be tested with, over Connect, gRPC and gRPC-Web at once.
 */
export function testServiceRoutes(registry: FileRegistry): (router: ConnectRouter) => void {
  const methods = interopMethods(registry);
  return (router) => {
    router.rpc(methods.emptyCall, () => ({}));
    router.rpc(methods.unaryCall, (message, context) => {
      const request = message as unknown as SimpleRequest;
      echoMetadata(context);
      const error = requestedError(request.responseStatus, registry);
      if (error) throw error;
      return { payload: payload(request.responseSize) };
    });
    router.rpc(methods.streamingOutputCall, async function* (message, context) {
      const request = message as unknown as StreamingOutputCallRequest;
      echoMetadata(context);
      yield* outputs(request, context);
      const error = requestedError(request.responseStatus, registry);
      if (error) throw error;
    });
    router.rpc(methods.streamingInputCall, async (requests, context) => {
      echoMetadata(context);
      let size = 0;
      for await (const request of as<StreamingInputCallRequest>(requests))
        size += request.payload?.body.length ?? 0;
      return { aggregatedPayloadSize: size };
    });
    router.rpc(methods.fullDuplexCall, async function* (requests, context) {
      echoMetadata(context);
      for await (const request of as<StreamingOutputCallRequest>(requests)) {
        const error = requestedError(request.responseStatus, registry);
        if (error) throw error;
        yield* outputs(request, context);
      }
    });
    router.rpc(methods.halfDuplexCall, async function* (requests, context) {
      echoMetadata(context);
      const buffered: StreamingOutputCallRequest[] = [];
      for await (const request of as<StreamingOutputCallRequest>(requests)) buffered.push(request);
      for (const request of buffered) yield* outputs(request, context);
    });
  };
}
