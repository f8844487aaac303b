import { Metadata, Server, type ServerUnaryCall, type sendUnaryData } from '@grpc/grpc-js';
import { listenInsecure, rawMethod, type PeerServer } from '../grpc-js-server';

/** A running echo peer. */
export type EchoServer = PeerServer;

/**
 * A grpc-js server whose `grpc.testing.TestService/EmptyCall` answers with the request's metadata as response headers
 * (every value of every key), plus `x-authority` and `x-user-agent` as the server saw them: what the client really sent.
 */
export async function startEchoServer(address: string): Promise<EchoServer> {
  const server = new Server();
  const echo = (call: ServerUnaryCall<Buffer, Buffer>, callback: sendUnaryData<Buffer>): void => {
    const headers = new Metadata();
    for (const [key, values] of Object.entries(call.metadata.toJSON())) {
      if (key !== 'user-agent') for (const value of values) headers.add(`x-echo-${key}`, value);
    }
    headers.set('x-authority', call.getHost());
    headers.set('x-user-agent', String(call.metadata.get('user-agent')[0] ?? ''));
    call.sendMetadata(headers);
    callback(null, Buffer.alloc(0));
  };
  server.addService({ EmptyCall: rawMethod('/grpc.testing.TestService/EmptyCall') }, { EmptyCall: echo });
  return listenInsecure(server, address);
}
