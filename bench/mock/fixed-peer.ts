// The mock benchmark's reference: a hand-written grpc-js server whose UnaryCall answers one fixed SimpleResponse,
// encoded once. Its own process (bundled as bench/mock-fixed-peer.js): prints its port, serves until stdin closes.
import * as grpc from '@grpc/grpc-js';
import { fixedAnswer, unaryCallPath } from './fixed-answer';

const answer = Buffer.from(fixedAnswer());
const identity = (bytes: Buffer): Buffer => bytes;
const server = new grpc.Server();
server.addService(
  {
    UnaryCall: {
      path: unaryCallPath,
      requestStream: false,
      responseStream: false,
      requestSerialize: identity,
      requestDeserialize: identity,
      responseSerialize: identity,
      responseDeserialize: identity,
    },
  },
  { UnaryCall: (_call: unknown, done: grpc.sendUnaryData<Buffer>) => done(null, answer) },
);
server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, port) => {
  if (error) throw error;
  process.stdout.write(`${port}\n`);
});
process.stdin.on('end', () => server.tryShutdown(() => process.exit(0))).resume();
