import {
  Metadata,
  Server,
  status,
  type ServerDuplexStream,
  type ServerUnaryCall,
  type sendUnaryData,
} from '@grpc/grpc-js';
import { listenInsecure, rawMethod, type PeerServer } from '../grpc-js-server';

/** A running secret-echo peer. */
export type SecretEchoServer = PeerServer;

/** A protobuf string field (one-byte tag and length). */
function stringField(tag: number, value: string): Buffer {
  const text = Buffer.from(value);
  if (text.length > 127) throw new Error('value too long for a one-byte length');
  return Buffer.concat([Buffer.from([tag, text.length]), text]);
}

/** grpc.testing.SimpleResponse with `username` (field 2) and `oauth_scope` (field 3) set. */
function simpleResponse(username: string, oauthScope: string): Buffer {
  return Buffer.concat([stringField(0x12, username), stringField(0x1a, oauthScope)]);
}

/**
 * A careless grpc-js server on 127.0.0.1: `grpc.testing.TestService/UnaryCall` echoes the `authorization` metadata it
 * received in a response header and a trailer (`x-echo-auth`), and answers by its `x-answer` metadata:
 * - `ok`: a SimpleResponse whose username is the bearer token and oauthScope says how long it is (`12 characters`),
 *   which tells a test what the server really received;
 * - `fail`: INVALID_ARGUMENT `tok <token>; again <token>99` (the token alone and inside a longer word);
 * - `short`: UNAUTHENTICATED `bad token`.
 * `FullDuplexCall` reads requests without answering and ends OK when the client half-closes.
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
      callback({
        code: status.INVALID_ARGUMENT,
        details: `tok ${token}; again ${token}99`,
        metadata: trailer,
      });
    } else if (answer === 'short') {
      callback({ code: status.UNAUTHENTICATED, details: 'bad token', metadata: trailer });
    } else {
      callback(null, simpleResponse(token, `${[...token].length} characters`), trailer);
    }
  };
  const duplex = (call: ServerDuplexStream<Buffer, Buffer>): void => {
    call.on('data', () => undefined);
    call.on('end', () => call.end());
  };
  server.addService(
    {
      FullDuplexCall: rawMethod('/grpc.testing.TestService/FullDuplexCall', {
        requestStream: true,
        responseStream: true,
      }),
      UnaryCall: rawMethod('/grpc.testing.TestService/UnaryCall'),
    },
    { FullDuplexCall: duplex, UnaryCall: unary },
  );
  return listenInsecure(server);
}
