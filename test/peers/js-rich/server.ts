import { fromBinary, toJson } from '@bufbuild/protobuf';
import {
  Metadata,
  Server,
  ServerCredentials,
  status,
  type sendUnaryData,
  type ServerUnaryCall,
  type ServiceDefinition,
} from '@grpc/grpc-js';
import { richFailures, richRegistry } from './details';

/** A running rich-error peer on 127.0.0.1. */
export interface JsRichServer {
  port: number;
  stop: () => Promise<void>;
}

/**
 * Starts a grpc-js server for rich.Errors on a free 127.0.0.1 port. `Fail` fails with the status of the request's
 * `kind` (see details.ts) and its google.rpc.Status in grpc-status-details-bin; an unknown kind fails with
 * INVALID_ARGUMENT and no details.
 */
export async function startJsRich(): Promise<JsRichServer> {
  const registry = await richRegistry();
  const failures = await richFailures();
  const requestDesc = registry.getMessage('rich.FailRequest');
  if (!requestDesc) throw new Error('rich.FailRequest is missing from the registry');
  const definition: ServiceDefinition = {
    fail: {
      path: '/rich.Errors/Fail',
      requestStream: false,
      responseStream: false,
      requestSerialize: (value: Buffer) => value,
      requestDeserialize: (bytes: Buffer) => bytes,
      responseSerialize: (value: Buffer) => value,
      responseDeserialize: (bytes: Buffer) => bytes,
    },
  };
  const fail = (call: ServerUnaryCall<Buffer, Buffer>, callback: sendUnaryData<Buffer>): void => {
    const request = toJson(requestDesc, fromBinary(requestDesc, call.request)) as { kind?: string };
    const kind = request.kind ?? '';
    const failure = failures.get(kind);
    if (!failure) {
      callback({ code: status.INVALID_ARGUMENT, details: `unknown kind "${kind}"` });
      return;
    }
    const trailers = new Metadata();
    trailers.set('grpc-status-details-bin', Buffer.from(failure.details));
    callback({ code: failure.code, details: failure.message, metadata: trailers });
  };
  const server = new Server();
  server.addService(definition, { fail });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
  );
  return { port, stop: () => new Promise((resolve) => server.tryShutdown(() => resolve())) };
}
