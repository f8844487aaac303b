// Not a test: ghz at 50 in flight against the mock (a trivial handler) and a hand-written grpc-js server answering the
// same EmptyCall, measured alternately, three rounds each after a warm-up; prints calls/s and the median ratio.
// Run: npx vite-node test/core/mock/server/ghz-compare.ts [calls per round, default 20000]
import { Server } from '@grpc/grpc-js';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startMockServer } from '../../../../src/core/mock/server/mock-server';
import { peers } from '../../../helpers/peer-paths';
import { listenInsecure, rawMethod } from '../../../peers/grpc-js-server';
import { fixtureProtos, loadTestSchema } from './echo-mock';

const calls = process.argv[2] ?? '20000';
const empty = new Uint8Array();
const mock = await startMockServer({
  schema: await loadTestSchema(),
  host: '127.0.0.1',
  port: 0,
  handler: async (call, reply) => {
    for await (const _ of call.requests);
    await reply.sendMessage(empty);
    reply.finish({ code: 0, message: '' });
  },
});
const server = new Server();
const emptyCall = rawMethod('/grpc.testing.TestService/EmptyCall');
server.register(
  emptyCall.path,
  (_call: unknown, callback: (error: null, bytes: Buffer) => void) => callback(null, Buffer.alloc(0)),
  emptyCall.responseSerialize,
  emptyCall.requestDeserialize,
  'unary',
);
const grpcJs = await listenInsecure(server);

async function callsPerSecond(port: number): Promise<number> {
  const { stdout } = await promisify(execFile)(peers.ghz, [
    '--insecure',
    ...['--proto', 'grpc/testing/test.proto', '--import-paths', fixtureProtos],
    ...['--call', 'grpc.testing.TestService/EmptyCall', '-c', '50', '-n', calls],
    `127.0.0.1:${port}`,
  ]);
  return Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)![1]));
}

await callsPerSecond(mock.port);
await callsPerSecond(grpcJs.port);
const rounds: { mock: number[]; grpcJs: number[] } = { mock: [], grpcJs: [] };
for (let round = 0; round < 3; round++) {
  rounds.mock.push(await callsPerSecond(mock.port));
  rounds.grpcJs.push(await callsPerSecond(grpcJs.port));
}
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[1]!;
console.log(
  `mock ${rounds.mock.join(', ')} calls/s; grpc-js ${rounds.grpcJs.join(', ')} calls/s; ` +
    `median ratio ${(median(rounds.mock) / median(rounds.grpcJs)).toFixed(2)}`,
);
await mock.close(100);
await grpcJs.stop();
