import { afterAll, beforeAll, describe } from 'vitest';
import { startJavaReflect, type JavaReflectServer } from '../../peers/java-reflect/server';
import { interopCalls } from './interop-calls';
import { serverMatrix, type RunningServer } from './matrix';
import { javaOracle } from './oracles';

const protos = new URL('../../fixtures/protos/', import.meta.url).pathname;
const bundled = new URL('../../../src/core/schema/bundled/protos/', import.meta.url).pathname;
const certs = new URL('../../fixtures/certs/', import.meta.url).pathname;

const modes = [
  {
    mode: 'plaintext',
    tls: undefined,
    running: (port: number): RunningServer => ({
      target: `127.0.0.1:${port}`,
      tls: { mode: 'plaintext' },
      cliFlags: ['--plaintext'],
    }),
  },
  {
    mode: 'TLS',
    tls: { cert: `${certs}server.pem`, key: `${certs}server.key` },
    running: (port: number): RunningServer => ({
      target: `127.0.0.1:${port}`,
      tls: { mode: 'tls', caFiles: [`${certs}ca.pem`] },
      cliFlags: ['--cacert', `${certs}ca.pem`],
    }),
  },
];

// grpc-java's reflection serves descriptors without json_name (as protoc's Java generator embeds them).
describe.each(modes)('grpc-java interop server with reflection, $mode', ({ tls, running }) => {
  let server: JavaReflectServer;
  beforeAll(async () => {
    server = await startJavaReflect(tls ? { tls } : {});
  });
  afterAll(() => server?.stop());

  serverMatrix(
    {
      protos: { files: ['grpc/testing/test.proto'], importPaths: [protos, bundled] },
      services: ['grpc.testing.TestService'],
      oracle: javaOracle,
      calls: interopCalls,
    },
    () => running(server.port),
  );
});
