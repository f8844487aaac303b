import { fromBinary, toJson } from '@bufbuild/protobuf';
import { Metadata, Server, status, type sendUnaryData, type ServerUnaryCall } from '@grpc/grpc-js';
import { listenInsecure, rawMethod, type PeerServer } from '../grpc-js-server';
import { richFailures, richRegistry } from './details';

/** A running rich-error peer on 127.0.0.1. */
export type JsRichServer = PeerServer;

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
  const definition = { fail: rawMethod('/rich.Errors/Fail') };
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
  return listenInsecure(server);
}
