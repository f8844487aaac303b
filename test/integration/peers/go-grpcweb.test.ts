import { create, toBinary, toJson, type FileRegistry } from '@bufbuild/protobuf';
import { Code, ConnectError, type Transport } from '@connectrpc/connect';
import { createGrpcWebTransport } from '@connectrpc/connect-node';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { grpcGoTestdata } from '../../helpers/certs';
import { interopMethods, interopRegistry, type InteropMethods } from '../../helpers/interop-registry';
import { startGoReflect, type GoReflectServer } from '../../peers/go-reflect/server';

const SERVER_NAME = 'foo.test.google.fr';

// grpc-go's interop TestService behind improbable-eng's gRPC-Web wrapper (go-reflect -grpcweb), called by a bare
// connect-node gRPC-Web client: the peer the engine's gRPC-Web tests rely on, proven by a client that is not ours.
describe('grpc-go behind the gRPC-Web wrapper (test/peers/go-reflect -grpcweb)', () => {
  const testdata = grpcGoTestdata();
  let plain: GoReflectServer;
  let secure: GoReflectServer;
  let registry: FileRegistry;
  let methods: InteropMethods;

  beforeAll(async () => {
    [plain, secure, registry] = await Promise.all([
      startGoReflect({ grpcWeb: true }),
      startGoReflect({ grpcWeb: true, cert: testdata.cert, key: testdata.key }),
      interopRegistry(),
    ]);
    methods = interopMethods(registry);
  });
  afterAll(() => Promise.all([plain?.stop(), secure?.stop()]));

  const transports = (): Record<string, Transport> => ({
    plaintext: createGrpcWebTransport({ baseUrl: `http://127.0.0.1:${plain.port}`, httpVersion: '1.1' }),
    TLS: createGrpcWebTransport({
      baseUrl: `https://127.0.0.1:${secure.port}`,
      httpVersion: '1.1',
      nodeOptions: { ca: readFileSync(testdata.ca), servername: SERVER_NAME },
    }),
  });

  for (const mode of ['plaintext', 'TLS']) {
    test(`${mode}: EmptyCall and UnaryCall answer, and a failing UnaryCall carries its status`, async () => {
      const transport = transports()[mode]!;
      const empty = await transport.unary(methods.emptyCall, undefined, undefined, undefined, {});
      expect(empty.message.$typeName).toBe('grpc.testing.Empty');

      const input = { responseSize: 314, payload: { body: new Uint8Array(27) } };
      const answer = await transport.unary(methods.unaryCall, undefined, undefined, undefined, input);
      expect(toJson(methods.unaryCall.output, answer.message)).toEqual({
        payload: { body: Buffer.alloc(314).toString('base64') },
      });
      expect(answer.header.get('content-type')).toBe('application/grpc-web+proto');

      const failing = transport.unary(methods.unaryCall, undefined, undefined, undefined, {
        responseStatus: { code: Code.InvalidArgument, message: 'no, thanks' },
      });
      await expect(failing).rejects.toThrow(ConnectError);
      await expect(failing).rejects.toMatchObject({ code: Code.InvalidArgument, rawMessage: 'no, thanks' });
    });
  }

  test('TLS: ALPN offers only http/1.1, so a client asking for h2 first falls back', async () => {
    const protocol = await new Promise<string | false | null>((resolve, reject) => {
      const socket = connect({
        host: '127.0.0.1',
        port: secure.port,
        ca: readFileSync(testdata.ca),
        servername: SERVER_NAME,
        ALPNProtocols: ['h2', 'http/1.1'],
      });
      socket.once('secureConnect', () => {
        resolve(socket.alpnProtocol);
        socket.end();
      });
      socket.once('error', reject);
    });
    expect(protocol).toBe('http/1.1');
  });

  test('plaintext: the text mode (application/grpc-web-text) answers in base64', async () => {
    const message = toBinary(methods.unaryCall.input, create(methods.unaryCall.input, { responseSize: 5 }));
    const frame = Buffer.concat([Buffer.from([0, 0, 0, 0, message.length]), message]);
    const { contentType, body } = await post(
      plain.port,
      '/grpc.testing.TestService/UnaryCall',
      'application/grpc-web-text',
      frame.toString('base64'),
    );
    expect(contentType).toBe('application/grpc-web-text');
    // Each flushed chunk is base64 on its own, so padding may end a chunk mid-body: decode chunk by chunk.
    const bytes = Buffer.concat(body.split(/(?<==)(?=[^=])/).map((chunk) => Buffer.from(chunk, 'base64')));
    // A message frame (flag 0) holding the 5-byte payload, then the trailer frame (flag 0x80) with grpc-status 0.
    expect(bytes[0]).toBe(0);
    const length = bytes.readUInt32BE(1);
    const trailer = bytes.subarray(5 + length);
    expect(trailer[0]).toBe(0x80);
    expect(trailer.subarray(5).toString()).toMatch(/grpc-status: ?0\r\n/);
  });
});

/** One HTTP/1.1 POST with node:http: the response's content type and body text. */
function post(
  port: number,
  path: string,
  contentType: string,
  body: string,
): Promise<{ contentType: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { 'content-type': contentType, 'x-grpc-web': '1' },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ contentType: response.headers['content-type'], body: text }));
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}
