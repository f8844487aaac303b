import { afterAll, beforeAll, describe } from 'vitest';
import { startGoReflect, type GoReflectServer } from '../../peers/go-reflect/server';
import { grpcGoTestdata } from '../../helpers/certs';
import { interopCalls } from './interop-calls';
import { serverMatrix, type RunningServer } from './matrix';
import { protocJsonOracle } from './oracles';

const protos = new URL('../../fixtures/protos/', import.meta.url).pathname;
const bundled = new URL('../../../src/core/schema/bundled/protos/', import.meta.url).pathname;
const interop = { files: ['grpc/testing/test.proto'], importPaths: [protos, bundled] };

/** grpc-go has no JSON printer of its own in this repository: Python's json_format over protoc's descriptors stands in. */
const oracle = protocJsonOracle(interop);

/** grpc-go v1.85 compiled a newer messages.proto than the newest one published as a .proto (grpc-interop-testing 1.79). */
const skew = {
  symbols: [
    'grpc.testing.ResponseParameters',
    'grpc.testing.StreamingOutputCallResponse',
    'grpc.testing.LoadBalancerStatsRequest',
    'grpc.testing.LoadBalancerStatsResponse',
  ],
  reason:
    'grpc-go v1.85 added fields (fill_peer_socket_address, ...) to these messages after grpc-interop-testing 1.79',
};

const testdata = grpcGoTestdata();
const modes = [
  {
    mode: 'plaintext',
    flags: {},
    running: (port: number): RunningServer => ({
      target: `127.0.0.1:${port}`,
      tls: { mode: 'plaintext' },
      cliFlags: ['--plaintext'],
    }),
  },
  {
    mode: 'TLS',
    flags: { cert: testdata.cert, key: testdata.key },
    running: (port: number): RunningServer => ({
      target: `127.0.0.1:${port}`,
      tls: { mode: 'tls', caFiles: [testdata.ca], serverName: 'foo.test.google.fr' },
      cliFlags: ['--cacert', testdata.ca, '--servername', 'foo.test.google.fr'],
    }),
  },
];

describe.each(modes)('grpc-go interop server with reflection, $mode', ({ flags, running }) => {
  let server: GoReflectServer;
  beforeAll(async () => {
    server = await startGoReflect(flags);
  });
  afterAll(() => server?.stop());

  serverMatrix(
    { protos: interop, services: ['grpc.testing.TestService'], oracle, calls: interopCalls, skew },
    () => running(server.port),
  );
});
