import { afterAll, beforeAll, describe } from 'vitest';
import { javaJson, javaParse } from '../../peers/java-reflect/json-printer';
import { startJavaReflect, type JavaReflectServer } from '../../peers/java-reflect/server';
import { interopCalls } from './interop-calls';
import { serverMatrix, type JsonOracle, type RunningServer } from './matrix';

const protos = new URL('../../fixtures/protos/', import.meta.url).pathname;
const bundled = new URL('../../../src/core/schema/bundled/protos/', import.meta.url).pathname;
const certs = new URL('../../fixtures/certs/', import.meta.url).pathname;

/** grpc-java's own printer and parser: com.google.protobuf.util.JsonFormat over the interop's generated classes. */
const oracle: JsonOracle = {
  name: "Java's JsonFormat",
  print: (type, messages, options) => javaJson(type, messages, options),
  parse: async (type, json) => {
    const [result] = await javaParse(type, [JSON.stringify(json)]);
    if (!result || 'error' in result)
      throw new Error(`JsonFormat refused ${JSON.stringify(json)}: ${result?.error}`);
    return result.bytes;
  },
};

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
      oracle,
      calls: interopCalls,
    },
    () => running(server.port),
  );
});
