import { Server, loadPackageDefinition, type GrpcObject, type ServiceClientConstructor } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { ReflectionService } from '@grpc/reflection';
import { fileURLToPath } from 'node:url';
import { listenInsecure, type PeerServer } from '../grpc-js-server';

/** grpc's interop protos, as a colleague vendored them. */
const protoRoot = fileURLToPath(new URL('../../fixtures/protos', import.meta.url));

/** A running grpc-js peer on 127.0.0.1. */
export type JsReflectServer = PeerServer;

/**
 * Starts a grpc-js server with grpc.testing.TestService (EmptyCall answers; the rest is UNIMPLEMENTED) and
 * @grpc/reflection serving proto-loader's descriptors of grpc/testing/test.proto, on a free 127.0.0.1 port.
 */
export async function startJsReflect(): Promise<JsReflectServer> {
  const definition = loadSync('grpc/testing/test.proto', { includeDirs: [protoRoot] });
  const grpcPackage = loadPackageDefinition(definition).grpc as GrpcObject;
  const testService = (grpcPackage.testing as GrpcObject).TestService as ServiceClientConstructor;
  const server = new Server();
  server.addService(testService.service, {
    emptyCall: (_call: unknown, callback: (error: null, value: object) => void) => callback(null, {}),
  });
  new ReflectionService(definition).addToServer(server);
  return listenInsecure(server);
}
