// `protodesk call --protocol …` against the real gRPC-Web and Connect peers: grpc-go behind improbable-eng's gRPC-Web
// wrapper (HTTP/1.1) and connect-node (HTTP/1.1 and h2c).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startConnectNode, type ConnectNodeServer } from '../peers/connect-node/server';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import { cli } from './call-harness';

const service = 'grpc.testing.TestService';

let goWeb: GoReflectServer;
let connect11: ConnectNodeServer;
beforeAll(async () => {
  [goWeb, connect11] = await Promise.all([startGoReflect({ grpcWeb: true }), startConnectNode({ http: '1.1' })]);
});
afterAll(() => Promise.all([goWeb?.stop(), connect11?.stop()]));

describe('schema by reflection from an HTTP/1.1-only server', () => {
  test.each([
    ['grpc-go behind the gRPC-Web wrapper', 'grpc-web', () => `http://127.0.0.1:${goWeb.port}`],
    ['connect-node on HTTP/1.1', 'connect', () => connect11.url],
  ])('%s: exit 1, reflection needs gRPC over HTTP/2, load .proto files or a descriptor set', async (_, protocol, url) => {
    const target = url();
    const display = target.replace('http://', '');
    expect(await cli(['call', target, `${service}/EmptyCall`, '--protocol', protocol])).toEqual({
      code: 1,
      out: '',
      err:
        `protodesk: The server at ${display} speaks HTTP/1.1 only, and server reflection needs gRPC over HTTP/2.\n` +
        '  For a gRPC-Web or Connect server the schema comes from its .proto files or a descriptor set: load those, then call it with the grpc-web, grpc-web-text or connect protocol.\n',
    });
  });
});
