import type { FileRegistry } from '@bufbuild/protobuf';
import { createConnectTransport, createGrpcWebTransport } from '@connectrpc/connect-node';
import type { CallEngine } from '../../src/core/call/engine';
import type { Schema } from '../../src/core/schema/schema';
import type { CallEvent, CallRequest } from '../../src/shared/call';
import { interopMethods } from '../../test/helpers/interop-registry';

/** The web protocols both sides speak (connect-node's clients have no gRPC-Web text mode). */
export type WebProtocol = 'grpc-web' | 'connect';
/** Plaintext HTTP/1.1, or HTTP/2 with prior knowledge. */
export type WebHttp = '1.1' | 'h2c';

/** One sequential unary call: rejects unless it ends OK. */
export type UnaryCall = () => Promise<void>;

/**
 * EmptyCall through the engine as the UI and CLI drive it (one CallEngine, channels reused, the response's JSON text
 * made). Each call checks the engine really used the protocol's HTTP version, so a build whose engine does not carry
 * the web protocols fails instead of measuring plain gRPC.
 */
export function engineUnary(
  engine: CallEngine,
  schema: Schema,
  protocol: WebProtocol,
  http: WebHttp,
  port: number,
): UnaryCall {
  const request: CallRequest = {
    target: `127.0.0.1:${port}`,
    tls: { mode: 'plaintext' },
    method: 'grpc.testing.TestService/EmptyCall',
    metadata: [],
    requests: ['{}'],
    protocol,
    options: { http2: http === 'h2c' },
  };
  const expected = http === 'h2c' ? '2' : '1.1';
  return async () => {
    let version: string | undefined;
    const onEvent = (event: CallEvent): void => {
      if (event.type === 'status') version = event.httpVersion;
    };
    const { status } = await (await engine.start(schema, request, onEvent)).done;
    if (status.code !== 0)
      throw new Error(`engine ${protocol} over ${http}: ${status.name}: ${status.message}`);
    if (version !== expected)
      throw new Error(
        `the engine's ${protocol} call reported HTTP version ${version ?? 'none'}, not ${expected}: it does not carry ${protocol} over ${http}`,
      );
  };
}

/** EmptyCall through a bare connect-node client (its own transport, the runtime registry), as its users call it. */
export function bareUnary(
  registry: FileRegistry,
  protocol: WebProtocol,
  http: WebHttp,
  port: number,
): UnaryCall {
  const options = { baseUrl: `http://127.0.0.1:${port}`, httpVersion: http === 'h2c' ? '2' : '1.1' } as const;
  const transport =
    protocol === 'connect' ? createConnectTransport(options) : createGrpcWebTransport(options);
  const method = interopMethods(registry).emptyCall;
  return async () => void (await transport.unary(method, undefined, undefined, undefined, {}));
}
