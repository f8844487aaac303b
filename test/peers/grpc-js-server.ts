// What every grpc-js peer does alike: methods on raw protobuf bytes, and listening without TLS.
import { ServerCredentials, type MethodDefinition, type Server } from '@grpc/grpc-js';

/** A running grpc-js peer: its port (0 on a unix socket) and a stop that lets calls in flight end. */
export interface PeerServer {
  port: number;
  stop: () => Promise<void>;
}

const identity = (bytes: Buffer): Buffer => bytes;

/** A method whose handler reads and writes the encoded protobuf bytes itself. */
export function rawMethod(
  path: string,
  { requestStream = false, responseStream = false } = {},
): MethodDefinition<Buffer, Buffer> {
  return {
    path,
    requestStream,
    responseStream,
    requestSerialize: identity,
    requestDeserialize: identity,
    responseSerialize: identity,
    responseDeserialize: identity,
  };
}

/** Binds `server` without TLS on `address` (port 0: a free one) and starts it as a running peer. */
export async function listenInsecure(server: Server, address = '127.0.0.1:0'): Promise<PeerServer> {
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(address, ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return { port, stop: () => new Promise((resolve) => server.tryShutdown(() => resolve())) };
}
