import { Metadata, Server, ServerCredentials, status, type ServerUnaryCall, type sendUnaryData } from '@grpc/grpc-js';

/** A running secret-echo peer. */
export interface SecretEchoServer {
  port: number;
  stop: () => Promise<void>;
}

const identity = (bytes: Buffer): Buffer => bytes;

/** grpc.testing.SimpleResponse with only `username` (field 2) set. */
function simpleResponse(username: string): Buffer {
  const text = Buffer.from(username);
  if (text.length > 127) throw new Error('username too long for a one-byte length');
  return Buffer.concat([Buffer.from([0x12, text.length]), text]);
}

/**
 * A careless grpc-js server on 127.0.0.1: `grpc.testing.TestService/UnaryCall` echoes the `authorization` metadata it
 * received in a response header and a trailer (`x-echo-auth`), and answers by its `x-answer` metadata:
 * - `ok`: a SimpleResponse whose username is the bearer token;
 * - `fail`: INVALID_ARGUMENT `tok <token>; again <token>99` (the token alone and inside a longer word);
 * - `short`: UNAUTHENTICATED `bad token`.
 */
export async function startSecretEchoServer(): Promise<SecretEchoServer> {
  const server = new Server();
  const unary = (call: ServerUnaryCall<Buffer, Buffer>, callback: sendUnaryData<Buffer>): void => {
    const authorization = String(call.metadata.get('authorization')[0] ?? '');
    const token = authorization.replace(/^Bearer /, '');
    const echo = new Metadata();
    echo.set('x-echo-auth', authorization);
    call.sendMetadata(echo);
    const trailer = new Metadata();
    trailer.set('x-echo-auth', authorization);
    const answer = String(call.metadata.get('x-answer')[0] ?? 'ok');
    if (answer === 'fail') {
      callback({ code: status.INVALID_ARGUMENT, details: `tok ${token}; again ${token}99`, metadata: trailer });
    } else if (answer === 'short') {
      callback({ code: status.UNAUTHENTICATED, details: 'bad token', metadata: trailer });
    } else {
      callback(null, simpleResponse(token), trailer);
    }
  };
  server.addService(
    {
      UnaryCall: {
        path: '/grpc.testing.TestService/UnaryCall',
        requestStream: false,
        responseStream: false,
        requestSerialize: identity,
        requestDeserialize: identity,
        responseSerialize: identity,
        responseDeserialize: identity,
      },
    },
    { UnaryCall: unary },
  );
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return { port, stop: () => new Promise((resolve) => server.tryShutdown(() => resolve())) };
}
