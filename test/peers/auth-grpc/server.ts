import { create, toBinary, type DescMessage, type FileRegistry } from '@bufbuild/protobuf';
import {
  Server,
  status,
  type Metadata,
  type ServerUnaryCall,
  type ServerWritableStream,
  type sendUnaryData,
} from '@grpc/grpc-js';
import { interopRegistry } from '../../helpers/interop-registry';
import { listenInsecure, rawMethod } from '../grpc-js-server';
import { streamAnswers, unaryAnswer } from './answers';
import { createVerifier, type AuthCounts, type AuthOptions } from './verify';

/** A running auth peer on 127.0.0.1. */
export interface AuthGrpcServer {
  /** 127.0.0.1:PORT. */
  address: string;
  port: number;
  seen: () => AuthCounts;
  stop: () => Promise<void>;
}

/** Reads one metadata value by name (grpc-js keys are lower case). */
const metadataHeader =
  (metadata: Metadata) =>
  (name: string): string | undefined => {
    const value = metadata.get(name)[0];
    return value === undefined ? undefined : value.toString();
  };

function messageType(registry: FileRegistry, typeName: string): DescMessage {
  const desc = registry.getMessage(typeName);
  if (!desc) throw new Error(`${typeName} is missing from the interop registry`);
  return desc;
}

/** The status of a call the verifier refused. */
const unauthenticated = (message: string): { code: status; details: string } => ({
  code: status.UNAUTHENTICATED,
  details: message,
});

/** The status of a call the verifier could not check (e.g. the provider's JWKS could not be fetched). */
const broken = (error: Error): { code: status; details: string } => ({
  code: status.INTERNAL,
  details: `auth check failed: ${error.message}`,
});

/**
 * A grpc-js server on 127.0.0.1 serving grpc.testing.TestService/UnaryCall (a SimpleResponse whose `username` is the
 * caller: the JWT's `sub`, or `client_id`; `oauth_scope` its `scope`) and StreamingOutputCall (3 responses), each
 * only for a call `options` accepts (see AuthOptions); any other call ends UNAUTHENTICATED saying what was wrong.
 */
export async function startAuthGrpcServer(options: AuthOptions): Promise<AuthGrpcServer> {
  const registry = await interopRegistry();
  const simpleResponse = messageType(registry, 'grpc.testing.SimpleResponse');
  const streamingResponse = messageType(registry, 'grpc.testing.StreamingOutputCallResponse');
  const encode = (desc: DescMessage, init: Record<string, unknown>): Buffer =>
    Buffer.from(toBinary(desc, create(desc, init)));
  const verifier = createVerifier(options);

  const unary = (call: ServerUnaryCall<Buffer, Buffer>, callback: sendUnaryData<Buffer>): void => {
    verifier.verify(metadataHeader(call.metadata)).then(
      (verdict) =>
        verdict.ok
          ? callback(null, encode(simpleResponse, unaryAnswer(verdict.principal)))
          : callback(unauthenticated(verdict.message)),
      (error: Error) => callback(broken(error)),
    );
  };
  const streaming = (call: ServerWritableStream<Buffer, Buffer>): void => {
    verifier.verify(metadataHeader(call.metadata)).then(
      (verdict) => {
        if (!verdict.ok) return void call.emit('error', unauthenticated(verdict.message));
        for (const answer of streamAnswers()) call.write(encode(streamingResponse, answer));
        call.end();
      },
      (error: Error) => call.emit('error', broken(error)),
    );
  };

  const server = new Server();
  server.addService(
    {
      UnaryCall: rawMethod('/grpc.testing.TestService/UnaryCall'),
      StreamingOutputCall: rawMethod('/grpc.testing.TestService/StreamingOutputCall', {
        responseStream: true,
      }),
    },
    { UnaryCall: unary, StreamingOutputCall: streaming },
  );
  const peer = await listenInsecure(server);
  return { address: `127.0.0.1:${peer.port}`, port: peer.port, seen: verifier.seen, stop: peer.stop };
}
