// `protodesk call --protocol …` against the real gRPC-Web and Connect peers: grpc-go behind improbable-eng's gRPC-Web
// wrapper (HTTP/1.1, plaintext and TLS) and connect-node (HTTP/1.1 and h2c). A gRPC call reaches neither HTTP/1.1
// server, so an answer there proves the protocol flag reached the engine.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { grpcGoTestdata } from '../helpers/certs';
import { startConnectNode, type ConnectNodeServer } from '../peers/connect-node/server';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import { cli, interopProtoFlags } from './call-harness';

const service = 'grpc.testing.TestService';
const testdata = grpcGoTestdata();

/** grpcurl's pretty layout of a response whose payload is `size` zero bytes. */
const zeroPayload = (size: number): string =>
  `${JSON.stringify({ payload: { body: Buffer.alloc(size).toString('base64') } }, null, 2)}\n`;

let goWeb: GoReflectServer;
let goWebTls: GoReflectServer;
let connect11: ConnectNodeServer;
let connectH2c: ConnectNodeServer;
beforeAll(async () => {
  [goWeb, goWebTls, connect11, connectH2c] = await Promise.all([
    startGoReflect({ grpcWeb: true }),
    startGoReflect({ grpcWeb: true, cert: testdata.cert, key: testdata.key }),
    startConnectNode({ http: '1.1' }),
    startConnectNode({ http: 'h2c' }),
  ]);
});
afterAll(() => Promise.all([goWeb?.stop(), goWebTls?.stop(), connect11?.stop(), connectH2c?.stop()]));

describe('protodesk call over gRPC-Web against grpc-go behind the gRPC-Web wrapper', () => {
  test.each(['grpc-web', 'grpc-web-text'])(
    '%s, plaintext: a unary call prints its response; -v names the protocol and HTTP/1.1',
    async (protocol) => {
      const target = `http://127.0.0.1:${goWeb.port}`;
      const args = ['call', target, `${service}/UnaryCall`, '--protocol', protocol, ...interopProtoFlags];
      const result = await cli([...args, '-v', '-d', '{"responseSize": 3}']);
      expect(result.code, result.err).toBe(0);
      expect(result.out).toBe(zeroPayload(3));
      const name = protocol === 'grpc-web' ? 'gRPC-Web' : 'gRPC-Web (text)';
      expect(result.err).toMatch(
        new RegExp(`^Calling ${service}/UnaryCall on ${target} over ${name.replace(/[()]/g, '\\$&')}\n`),
      );
      expect(result.err).toContain('\nStatus: OK (0)\nSent 1 request (');
      expect(result.err).toMatch(/\nTimings: [^\n]*\nHTTP version: HTTP\/1\.1\n$/);
    },
  );

  test('grpc-web-text over TLS with a custom CA and server name: a server stream, one line per response', async () => {
    const result = await cli([
      'call',
      `https://127.0.0.1:${goWebTls.port}`,
      `${service}/StreamingOutputCall`,
      '--protocol',
      'grpc-web-text',
      '--cacert',
      testdata.ca,
      '--servername',
      'foo.test.google.fr',
      ...interopProtoFlags,
      '--format',
      'jsonl',
      '-d',
      '{"responseParameters": [{"size": 1}, {"size": 2}, {"size": 3}]}',
    ]);
    expect(result).toEqual({
      code: 0,
      out: '{"payload":{"body":"AA=="}}\n{"payload":{"body":"AAA="}}\n{"payload":{"body":"AAAA"}}\n',
      err: '',
    });
  });

  test('a failed status: grpcurl’s ERROR block and exit 64 + code, as for gRPC', async () => {
    const result = await cli([
      'call',
      `http://127.0.0.1:${goWeb.port}`,
      `${service}/UnaryCall`,
      '--protocol',
      'grpc-web',
      ...interopProtoFlags,
      '-d',
      '{"responseStatus": {"code": 9, "message": "not now"}}',
    ]);
    expect(result).toEqual({
      code: 64 + 9,
      out: '',
      err: 'ERROR:\n  Code: FailedPrecondition\n  Message: not now\n',
    });
  });
});

describe('protodesk call over Connect against connect-node', () => {
  test('--http2 (h2c): a bidi call driven from stdin, each response printed; -v says HTTP/2', async () => {
    const stdin = new PassThrough();
    stdin.end('{"responseParameters": [{"size": 1}]}\n{"responseParameters": [{"size": 2}]}\n');
    const args = ['call', connectH2c.url, `${service}/FullDuplexCall`, '--protocol', 'connect', '--http2'];
    const result = await cli([...args, ...interopProtoFlags, '--format', 'jsonl', '-v', '-d', '@-'], stdin);
    expect(result.code, result.err).toBe(0);
    expect(result.out).toBe('{"payload":{"body":"AA=="}}\n{"payload":{"body":"AAA="}}\n');
    expect(result.err).toContain(`Calling ${service}/FullDuplexCall on ${connectH2c.url} over Connect\n`);
    expect(result.err).toMatch(/\nHTTP version: HTTP\/2\n$/);
  });

  test('without --http2 a bidi call is refused before anything is sent, saying to add it', async () => {
    const args = [
      'call',
      connectH2c.url,
      `${service}/FullDuplexCall`,
      '--protocol',
      'connect',
      ...interopProtoFlags,
    ];
    const result = await cli([...args, '-d', '{}']);
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
    expect(result.err).toContain('Connect over HTTP/1.1 carries unary and server-streaming calls only');
    expect(result.err).toContain('--http2');
  });

  test('an HTTP 404 without a gRPC status: UNIMPLEMENTED, exit 76, with the HTTP status in text, -v and JSON', async () => {
    // connect-node answers a path it does not route with a bare 404.
    const target = `${connect11.url}/no-such-route`;
    const args = ['call', target, `${service}/EmptyCall`, '--protocol', 'connect', ...interopProtoFlags];
    const text = await cli(args);
    expect(text.code).toBe(64 + 12);
    expect(text.err).toMatch(/^ERROR:\n {2}Code: Unimplemented\n {2}HTTP status: 404\n {2}Message: .+\n/);
    const verbose = await cli([...args, '-v']);
    expect(verbose.err).toMatch(/\nStatus: UNIMPLEMENTED \(12\), HTTP 404(: .+)?\n/);
    const json = await cli([...args, '--format-error', '--format', 'jsonl']);
    expect(json.code).toBe(64 + 12);
    expect(JSON.parse(json.err)).toMatchObject({ code: 12, httpStatus: 404 });
  });
});

describe('schema by reflection from an HTTP/1.1-only server', () => {
  test.each([
    ['grpc-go behind the gRPC-Web wrapper', 'grpc-web', () => `http://127.0.0.1:${goWeb.port}`],
    ['connect-node on HTTP/1.1', 'connect', () => connect11.url],
  ])(
    '%s: exit 1, reflection needs gRPC over HTTP/2, load .proto files or a descriptor set',
    async (_, protocol, url) => {
      const target = url();
      const display = target.replace('http://', '');
      expect(await cli(['call', target, `${service}/EmptyCall`, '--protocol', protocol])).toEqual({
        code: 1,
        out: '',
        err:
          `protodesk: The server at ${display} speaks HTTP/1.1 only, and server reflection needs gRPC over HTTP/2.\n` +
          '  For a gRPC-Web or Connect server the schema comes from its .proto files or a descriptor set: load those, then call it with the gRPC-Web or Connect protocol (CLI: --protocol grpc-web, grpc-web-text or connect).\n',
      });
    },
  );
});
