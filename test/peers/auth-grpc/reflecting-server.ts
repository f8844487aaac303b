import {
  Server,
  ServerInterceptingCall,
  ServerListenerBuilder,
  loadPackageDefinition,
  status,
  type GrpcObject,
  type Metadata,
  type ServerInterceptor,
  type ServerUnaryCall,
  type ServiceClientConstructor,
  type sendUnaryData,
} from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { ReflectionService } from '@grpc/reflection';
import { fileURLToPath } from 'node:url';
import { listenInsecure } from '../grpc-js-server';
import { unaryAnswer } from './answers';
import type { AuthGrpcServer } from './server';
import { createVerifier, type AuthOptions, type Verifier } from './verify';

const protoRoot = fileURLToPath(new URL('../../fixtures/protos', import.meta.url));

/** Where the interceptor leaves the verified caller for the handler (set by the server, so a client cannot forge it). */
const principalHeader = 'x-verified-principal';

/** Checks every call's metadata, reflection's too, before its handler sees it: UNAUTHENTICATED otherwise. */
function verifyingInterceptor(verifier: Verifier): ServerInterceptor {
  return (_method, call) =>
    new ServerInterceptingCall(call, {
      start: (next) =>
        next(
          new ServerListenerBuilder()
            .withOnReceiveMetadata((metadata: Metadata, pass) => {
              const header = (name: string) => metadata.get(name)[0]?.toString();
              verifier.verify(header).then(
                (verdict) => {
                  if (!verdict.ok)
                    return call.sendStatus({ code: status.UNAUTHENTICATED, details: verdict.message });
                  metadata.set(principalHeader, JSON.stringify(verdict.principal));
                  pass(metadata);
                },
                (error: Error) =>
                  call.sendStatus({ code: status.INTERNAL, details: `auth check failed: ${error.message}` }),
              );
            })
            .build(),
        ),
    });
}

/**
 * A grpc-js server on 127.0.0.1 that asks for credentials on server reflection as well as on its calls (one check,
 * the auth peer's AuthOptions, for every method): @grpc/reflection serves grpc/testing/test.proto, and
 * TestService/UnaryCall answers who the caller is, as the auth peer's server does.
 */
export async function startReflectingAuthServer(options: AuthOptions): Promise<AuthGrpcServer> {
  const definition = loadSync('grpc/testing/test.proto', { includeDirs: [protoRoot] });
  const testing = (loadPackageDefinition(definition).grpc as GrpcObject).testing as GrpcObject;
  const service = (testing.TestService as ServiceClientConstructor).service;
  const verifier = createVerifier(options);
  const server = new Server({ interceptors: [verifyingInterceptor(verifier)] });
  server.addService(service, {
    unaryCall: (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) => {
      const principal = String(call.metadata.get(principalHeader)[0] ?? '{}');
      callback(null, unaryAnswer(JSON.parse(principal) as Parameters<typeof unaryAnswer>[0]));
    },
  });
  new ReflectionService(definition).addToServer(server);
  const peer = await listenInsecure(server);
  return {
    address: `127.0.0.1:${peer.port}`,
    port: peer.port,
    seen: verifier.seen,
    receivedTokens: verifier.receivedTokens,
    stop: peer.stop,
  };
}
