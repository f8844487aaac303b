import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startGoReflect, type GoReflectFlags, type GoReflectServer } from '../peers/go-reflect/server';
import { grpcGoTestdata } from '../helpers/certs';
import { startEchoServer, type EchoServer } from '../peers/js-echo/server';
import { richProtoRoot } from '../peers/js-rich/details';
import { startJsRich, type JsRichServer } from '../peers/js-rich/server';
import { cli, startCli } from './call-harness';

const protos = new URL('../fixtures/protos/', import.meta.url).pathname;
const interopProtos = ['--proto', join(protos, 'grpc/testing/test.proto'), '-I', protos];
const testdata = grpcGoTestdata();
const service = 'grpc.testing.TestService';

/** `size` zero bytes as canonical JSON writes a bytes field. */
const zeros = (size: number): string => Buffer.alloc(size).toString('base64');
/** grpcurl's pretty layout of a response whose payload is `size` zero bytes. */
const zeroPayload = (size: number): string =>
  `${JSON.stringify({ payload: { body: zeros(size) } }, null, 2)}\n`;

const REQUEST_SIZES = [27182, 8, 1828, 45904];
const RESPONSE_SIZES = [31415, 9, 2653, 58979];
const SPECIAL_MESSAGE = '\t\ntest with whitespace\r\nand Unicode BMP ☺ and non-BMP 😈\t\n';

const modes: { mode: string; server: GoReflectFlags; flags: string[] }[] = [
  { mode: 'plaintext', server: {}, flags: ['-plaintext'] },
  {
    mode: 'TLS',
    server: { cert: testdata.cert, key: testdata.key },
    flags: ['-cacert', testdata.ca, '-servername', 'foo.test.google.fr'],
  },
];

describe.each(modes)(
  'grpc interop cases through protodesk call, $mode, schema by reflection',
  ({ server: serverFlags, flags }) => {
    let server: GoReflectServer;
    let target: string;
    beforeAll(async () => {
      server = await startGoReflect(serverFlags);
      target = `127.0.0.1:${server.port}`;
    });
    afterAll(() => server?.stop());

    /** `protodesk call <target> grpc.testing.TestService/<method> <flags> <extra>` */
    const call = (method: string, ...extra: string[]): string[] => [
      'call',
      target,
      `${service}/${method}`,
      ...flags,
      ...extra,
    ];

    test('empty_unary: no -d sends {} and prints {}', async () => {
      expect(await cli(call('EmptyCall'))).toEqual({ code: 0, out: '{}\n', err: '' });
    });

    test('large_unary: a 271828-byte request, a 314159-byte response, printed whole', async () => {
      const result = await cli(
        call('UnaryCall', '-d', JSON.stringify({ responseSize: 314159, payload: { body: zeros(271828) } })),
      );
      expect(result).toEqual({ code: 0, out: zeroPayload(314159), err: '' });
    });

    test('client_streaming: several JSON objects in -d, concatenated and one per line, are the request stream', async () => {
      const requests = REQUEST_SIZES.map((size) => JSON.stringify({ payload: { body: zeros(size) } }));
      const data = `${requests[0]}${requests[1]}\n${requests[2]}\n\n  ${requests[3]}\n`;
      expect(await cli(call('StreamingInputCall', '-d', data))).toEqual({
        code: 0,
        out: '{\n  "aggregatedPayloadSize": 74922\n}\n',
        err: '',
      });
    });

    test('server_streaming: each response printed as it arrives, one compact line each with --format jsonl', async () => {
      const result = await cli(
        call(
          'StreamingOutputCall',
          '--format',
          'jsonl',
          '-d',
          JSON.stringify({ responseParameters: RESPONSE_SIZES.map((size) => ({ size })) }),
        ),
      );
      expect(result.code).toBe(0);
      expect(result.out).toBe(
        RESPONSE_SIZES.map((size) => `${JSON.stringify({ payload: { body: zeros(size) } })}\n`).join(''),
      );
    });

    test('ping_pong: -d @- sends each JSON object the moment it arrives on stdin', async () => {
      const stdin = new PassThrough();
      const run = startCli(call('FullDuplexCall', '-d', '@-'), stdin);
      for (let i = 0; i < 4; i++) {
        stdin.write(
          `${JSON.stringify({ responseParameters: [{ size: RESPONSE_SIZES[i] }], payload: { body: zeros(REQUEST_SIZES[i]!) } })}\n`,
        );
        const expected = RESPONSE_SIZES.slice(0, i + 1)
          .map(zeroPayload)
          .join('');
        // The response to this request arrives while stdin is still open: it was sent before stdin ended.
        await run.until((r) => r.out === expected);
      }
      stdin.end();
      expect(await run.done).toBe(0);
      expect(run.err).toBe('');
    });

    test('empty_stream: a bidi call with an empty stdin sends nothing, gets nothing, ends OK', async () => {
      const stdin = new PassThrough();
      stdin.end();
      expect(await cli(call('FullDuplexCall', '-d', '@-'), stdin)).toEqual({ code: 0, out: '', err: '' });
    });

    test('custom_metadata: -H sends metadata; -v shows the echoed header and -bin trailer', async () => {
      const headers = [
        '-H',
        'x-grpc-test-echo-initial: test_initial_metadata_value',
        '-H',
        'x-grpc-test-echo-trailing-bin: q6ur',
      ];
      const requests = {
        UnaryCall: '{"responseSize": 1}',
        FullDuplexCall: '{"responseParameters": [{"size": 1}]}',
      };
      for (const [method, data] of Object.entries(requests)) {
        const result = await cli(call(method, ...headers, '-v', '-d', data));
        expect(result.code).toBe(0);
        expect(result.out).toBe(zeroPayload(1));
        expect(result.err).toContain(
          '\nResponse headers received:\ncontent-type: application/grpc\nx-grpc-test-echo-initial: test_initial_metadata_value\n',
        );
        expect(result.err).toContain('\nResponse trailers received:\nx-grpc-test-echo-trailing-bin: q6ur\n');
        expect(result.err).toContain('\nStatus: OK (0)\nSent 1 request (');
        expect(result.err).toMatch(/received 1 response \(5 bytes\)\nTimings: .*total \d+\.\d ms\n/);
      }
    });

    test('status_code_and_message: grpcurl’s ERROR block, exit 64 + 2', async () => {
      for (const method of ['UnaryCall', 'FullDuplexCall']) {
        const result = await cli(
          call(method, '-d', '{"responseStatus": {"code": 2, "message": "test status message"}}'),
        );
        expect(result).toEqual({
          code: 66,
          out: '',
          err: 'ERROR:\n  Code: Unknown\n  Message: test status message\n',
        });
      }
    });

    test('special_status_message: whitespace and Unicode survive to the terminal', async () => {
      const result = await cli(
        call('UnaryCall', '-d', JSON.stringify({ responseStatus: { code: 2, message: SPECIAL_MESSAGE } })),
      );
      expect(result).toEqual({
        code: 66,
        out: '',
        err: `ERROR:\n  Code: Unknown\n  Message: ${SPECIAL_MESSAGE}\n`,
      });
    });

    test('unimplemented_method: exit 64 + 12', async () => {
      const result = await cli(call('UnimplementedCall'));
      expect(result).toEqual({
        code: 76,
        out: '',
        err: 'ERROR:\n  Code: Unimplemented\n  Message: method UnimplementedCall not implemented\n',
      });
    });

    test('unimplemented_service (known from the .proto files, absent on the server): exit 64 + 12', async () => {
      const result = await cli([
        'call',
        target,
        'grpc.testing.UnimplementedService/UnimplementedCall',
        ...flags,
        ...interopProtos,
      ]);
      expect(result).toEqual({
        code: 76,
        out: '',
        err: 'ERROR:\n  Code: Unimplemented\n  Message: unknown service grpc.testing.UnimplementedService\n',
      });
    });

    test('cancel_after_first_response: Ctrl-C cancels the running call, exit 64 + 1', async () => {
      const stdin = new PassThrough();
      const run = startCli(call('FullDuplexCall', '-d', '@-'), stdin);
      stdin.write(JSON.stringify({ responseParameters: [{ size: 31415 }], payload: { body: zeros(27182) } }));
      await run.until((r) => r.out === zeroPayload(31415));
      run.interrupt();
      expect(await run.done).toBe(65);
      expect(run.err).toBe('ERROR:\n  Code: Canceled\n  Message: Cancelled on client\n');
    });

    test('timeout_on_sleeping_server: --deadline on a call the server never finishes, exit 64 + 4', async () => {
      const stdin = new PassThrough();
      stdin.write(JSON.stringify({ payload: { body: zeros(27182) } }));
      // grpc's 1 ms: with longer deadlines grpc-go may reset the stream at its own deadline first, which grpc-js reports as CANCELLED.
      const result = await cli(call('FullDuplexCall', '-d', '@-', '--deadline', '1ms'), stdin);
      expect(result.code).toBe(68);
      expect(result.out).toBe('');
      expect(result.err).toMatch(
        // Protodesk's words when grpc-js's timer fires first, grpc-go's text when the server's does; with reflection, 1 ms runs out
        // while the schema is fetched (the deadline bounds the whole command, as grpcurl's -max-time does).
        /^ERROR:\n {2}Code: DeadlineExceeded\n {2}Message: (No response within the 0\.001 s deadline.*|context deadline exceeded|The deadline passed while asking \S+ for its schema by reflection\..*)\n {2}Hint: (The deadline passed before the call finished: raise the deadline, or check why the server is slow|Raise --deadline, or give the schema with --proto or --protoset so no reflection is needed)\.\n$/,
      );
    });

    test("grpcurl's -max-time (seconds) is a deadline too", async () => {
      const stdin = new PassThrough();
      const result = await cli(call('FullDuplexCall', '-max-time', '0.001', '-d', '@-'), stdin);
      expect(result.code).toBe(68);
      expect(result.err).toContain('Code: DeadlineExceeded');
    });
  },
);

describe('protodesk call: schema sources, formats and flags', () => {
  let server: GoReflectServer;
  let target: string;
  beforeAll(async () => {
    server = await startGoReflect();
    target = `127.0.0.1:${server.port}`;
  });
  afterAll(() => server?.stop());

  const unary = (...extra: string[]): string[] => [
    'call',
    target,
    `${service}/UnaryCall`,
    '--plaintext',
    ...extra,
  ];

  test('the same call prints the same with reflection, --proto files and a --protoset', async () => {
    const data = ['-d', '{"responseSize": 3}'];
    const reflected = await cli(unary(...data));
    expect(reflected).toEqual({ code: 0, out: zeroPayload(3), err: '' });
    expect(await cli(unary(...data, ...interopProtos))).toEqual(reflected);
    const set = join(await import('node:os').then((os) => os.tmpdir()), `call-${process.pid}.binpb`);
    expect((await cli(['protoset', '-o', set, ...interopProtos])).code).toBe(0);
    expect(await cli(unary(...data, '--protoset', set))).toEqual(reflected);
  });

  test('grpc:// means plaintext without --plaintext', async () => {
    expect(await cli(['call', `grpc://${target}`, `${service}/EmptyCall`])).toEqual({
      code: 0,
      out: '{}\n',
      err: '',
    });
  });

  test('--emit-defaults prints fields that hold their default value', async () => {
    const plain = await cli(unary('-d', '{"responseSize": 0}'));
    expect(plain.out).toBe('{\n  "payload": {}\n}\n');
    const all = await cli(unary('--emit-defaults', '-d', '{"responseSize": 0}'));
    expect(JSON.parse(all.out)).toEqual({
      payload: { type: 'COMPRESSABLE', body: '' },
      username: '',
      oauthScope: '',
      serverId: '',
      grpclbRouteType: 'GRPCLB_ROUTE_TYPE_UNKNOWN',
      hostname: '',
    });
  });

  test('--proto-names prints the .proto field names, and -d takes either spelling', async () => {
    const result = await cli(
      unary('--proto-names', '--emit-defaults', '-d', '{"response_size": 1, "fill_username": false}'),
    );
    expect(JSON.parse(result.out)).toEqual({
      payload: { type: 'COMPRESSABLE', body: 'AA==' },
      username: '',
      oauth_scope: '',
      server_id: '',
      grpclb_route_type: 'GRPCLB_ROUTE_TYPE_UNKNOWN',
      hostname: '',
    });
  });

  test('-d @file reads the requests from a file', async () => {
    const { mkdtemp, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const file = join(await mkdtemp(join(tmpdir(), 'call-')), 'requests.jsonl');
    await writeFile(file, '{"payload": {"body": "AAAA"}}\n{"payload": {"body": "AAAAAAAA"}}\n');
    const result = await cli([
      'call',
      target,
      `${service}/StreamingInputCall`,
      '--plaintext',
      '--format',
      'jsonl',
      '-d',
      `@${file}`,
    ]);
    expect(result).toEqual({ code: 0, out: '{"aggregatedPayloadSize":9}\n', err: '' });
  });

  test('--format-error prints the failed status as JSON', async () => {
    const result = await cli(
      unary('--format-error', '-d', '{"responseStatus": {"code": 3, "message": "no"}}'),
    );
    expect(result).toEqual({ code: 67, out: '', err: '{\n  "code": 3,\n  "message": "no"\n}\n' });
  });

  test('--max-msg-sz below the response size fails the call with RESOURCE_EXHAUSTED', async () => {
    const result = await cli(unary('--max-msg-sz', '100', '-d', '{"responseSize": 1000}'));
    expect(result.code).toBe(64 + 8);
    expect(result.err).toMatch(/^ERROR:\n {2}Code: ResourceExhausted\n/);
  });

  test('an unreachable server ends UNAVAILABLE (exit 64 + 14) with what to do', async () => {
    const { createServer } = await import('node:net');
    const probe = createServer();
    const port = await new Promise<number>((resolve) =>
      probe.listen(0, '127.0.0.1', () => resolve((probe.address() as { port: number }).port)),
    );
    await new Promise((resolve) => probe.close(resolve));
    const result = await cli([
      'call',
      `127.0.0.1:${port}`,
      `${service}/EmptyCall`,
      '--plaintext',
      ...interopProtos,
    ]);
    expect(result).toEqual({
      code: 78,
      out: '',
      err: `ERROR:\n  Code: Unavailable\n  Message: Cannot reach 127.0.0.1:${port}: connection refused — is the server running?\n  Hint: Check the host and port.\n`,
    });
  });
});

describe('protodesk call: what the server sees of the call flags', () => {
  let server: EchoServer;
  beforeAll(async () => {
    server = await startEchoServer('127.0.0.1:0');
  });
  afterAll(() => server?.stop());

  test('-H and --rpc-header go with the call; --authority and --user-agent arrive; --gzip and --keepalive-time work', async () => {
    const result = await cli([
      'call',
      `127.0.0.1:${server.port}`,
      `${service}/EmptyCall`,
      '-plaintext',
      ...interopProtos,
      '-v',
      '-H',
      'x-one: 1',
      '-rpc-header',
      'x-two: 2',
      '-authority',
      'example.test',
      '-user-agent',
      'cli-test/1.0',
      '--gzip',
      '-keepalive-time',
      '30',
    ]);
    expect(result.code).toBe(0);
    expect(result.out).toBe('{}\n');
    expect(result.err).toContain('Request metadata to send:\nx-one: 1\nx-two: 2\n');
    expect(result.err).toContain(
      'x-echo-x-one: 1\nx-echo-x-two: 2\nx-authority: example.test\nx-user-agent: cli-test/1.0 grpc-node-js/',
    );
  });
});

describe('protodesk call: rich error details', () => {
  let server: JsRichServer;
  beforeAll(async () => {
    server = await startJsRich();
  });
  afterAll(() => server?.stop());

  const fail = (kind: string, ...extra: string[]) =>
    cli([
      'call',
      `127.0.0.1:${server.port}`,
      'rich.Errors/Fail',
      '--plaintext',
      '--proto',
      join(richProtoRoot, 'rich/errors.proto'),
      '-I',
      richProtoRoot,
      '-d',
      JSON.stringify({ kind }),
      ...extra,
    ]);

  test('each google.rpc.Status detail printed decoded, numbered as grpcurl does', async () => {
    const result = await fail('bad-request');
    expect(result.code).toBe(64 + 3);
    expect(result.err).toBe(
      [
        'ERROR:',
        '  Code: InvalidArgument',
        '  Message: the request has 2 invalid fields',
        '  Details:',
        '  1)\t{',
        '    \t  "@type": "type.googleapis.com/google.rpc.BadRequest",',
        '    \t  "fieldViolations": [',
        '    \t    {',
        '    \t      "field": "name",',
        '    \t      "description": "must not be empty"',
        '    \t    },',
        '    \t    {',
        '    \t      "field": "pets[1].age",',
        '    \t      "description": "must be at least 0",',
        '    \t      "reason": "NEGATIVE_AGE"',
        '    \t    }',
        '    \t  ]',
        '    \t}',
        '',
      ].join('\n'),
    );
  });

  test('--format-error --format jsonl prints the whole google.rpc.Status on one line', async () => {
    const result = await fail('retry', '--format-error', '--format', 'jsonl');
    expect(result).toEqual({
      code: 64 + 14,
      out: '',
      err: '{"code":14,"message":"try again in a moment","details":[{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"1.500s"}]}\n',
    });
  });
});

describe('protodesk call: TLS problems', () => {
  let server: GoReflectServer;
  let target: string;
  beforeAll(async () => {
    server = await startGoReflect({ cert: testdata.cert, key: testdata.key });
    target = `127.0.0.1:${server.port}`;
  });
  afterAll(() => server?.stop());

  test('an unknown CA: UNAVAILABLE with the fix', async () => {
    const result = await cli([
      'call',
      target,
      `${service}/EmptyCall`,
      '--servername',
      'foo.test.google.fr',
      ...interopProtos,
    ]);
    expect(result.code).toBe(78);
    expect(result.err).toContain(`  Message: The TLS certificate of ${target} is not signed by a trusted CA`);
    expect(result.err).toContain('  Hint: Add the CA that signed the server certificate to the TLS settings');
  });

  test('a plaintext client against a TLS server: UNAVAILABLE, says to switch TLS on', async () => {
    const result = await cli(['call', target, `${service}/EmptyCall`, '--plaintext', ...interopProtos]);
    expect(result.code).toBe(78);
    expect(result.err).toContain(
      `  Hint: It probably requires TLS: switch TLS on (or write grpcs://${target}).`,
    );
  });

  test('--insecure accepts the certificate, and -v says it was not verified', async () => {
    const result = await cli(['call', target, `${service}/EmptyCall`, '--insecure', '-v']);
    expect(result.code).toBe(0);
    expect(result.out).toBe('{}\n');
    expect(result.err).toContain('TLS: the server certificate was not verified (--insecure).\n');
  });
});

describe('protodesk call: usage errors exit 2 before anything is sent', () => {
  const offline = (...args: string[]): string[] => [
    'call',
    '127.0.0.1:1',
    ...args,
    '--plaintext',
    ...interopProtos,
  ];

  test('a bad duration', async () => {
    expect(await cli(offline(`${service}/EmptyCall`, '--deadline', 'soon'))).toEqual({
      code: 2,
      out: '',
      err: 'protodesk: --deadline must be a duration such as 200ms, 5s, 1.5s or 1m; got "soon".\n',
    });
  });

  test('a missing -d file', async () => {
    expect(await cli(offline(`${service}/EmptyCall`, '-d', '@/nonexistent/requests.json'))).toEqual({
      code: 2,
      out: '',
      err: 'protodesk: -d @/nonexistent/requests.json: cannot read the request file (no such file).\n',
    });
  });

  test('an unknown method or service, naming what there is', async () => {
    const method = await cli(offline(`${service}/Nope`));
    expect(method.code).toBe(2);
    expect(method.err).toBe(
      'protodesk: The service grpc.testing.TestService has no method "Nope". Methods: EmptyCall, UnaryCall, CacheableUnaryCall, StreamingOutputCall, StreamingInputCall, FullDuplexCall, HalfDuplexCall, UnimplementedCall.\n',
    );
    const svc = await cli(offline('grpc.testing.Nope/Call'));
    expect(svc.code).toBe(2);
    expect(svc.err).toMatch(
      /^protodesk: There is no service "grpc.testing.Nope". Services: .*grpc\.testing\.TestService/,
    );
  });

  test('request JSON that does not fit the message: the field path and where it is', async () => {
    expect(await cli(offline(`${service}/UnaryCall`, '-d', '{"responseSize": "big"}'))).toEqual({
      code: 2,
      out: '',
      err: 'protodesk: request 1 in -d, line 1, column 18: responseSize: expected int32, got "big"\n',
    });
  });

  test('invalid JSON in the third streamed request: counted in the whole input', async () => {
    const stdin = new PassThrough();
    stdin.end('{}\n{}\n{"payload": {"body": "AA=="},}\n');
    const result = await cli(offline(`${service}/StreamingInputCall`, '-d', '@-'), stdin);
    expect(result).toEqual({
      code: 2,
      out: '',
      err: 'protodesk: request 3 in stdin: Invalid JSON at line 3, column 30: trailing comma before "}" is not allowed\n',
    });
  });

  test('two requests for a unary method', async () => {
    expect(await cli(offline(`${service}/UnaryCall`, '-d', '{}{}'))).toEqual({
      code: 2,
      out: '',
      err: 'protodesk: grpc.testing.TestService/UnaryCall takes one request, but -d holds 2 JSON values.\n',
    });
  });

  test('a bad target, bad metadata, an unreadable CA file (even when reflecting) and an unsupported format', async () => {
    const badTarget = await cli([
      'call',
      'localhost',
      `${service}/EmptyCall`,
      '--plaintext',
      ...interopProtos,
    ]);
    expect(badTarget).toEqual({
      code: 2,
      out: '',
      err: 'protodesk: The target "localhost" is not host:port.\n  Add the port, e.g. localhost:443 for TLS or localhost:50051.\n',
    });
    const badHeader = await cli(offline(`${service}/EmptyCall`, '-H', 'grpc-timeout: 1'));
    expect(badHeader.code).toBe(2);
    expect(badHeader.err).toBe(
      'protodesk: Metadata row 1: the key "grpc-timeout" is reserved by gRPC.\n  Keys starting with grpc- are set by gRPC itself; use another name.\n',
    );
    const badCa = await cli([
      'call',
      '127.0.0.1:1',
      `${service}/EmptyCall`,
      '--cacert',
      '/nonexistent/ca.pem',
    ]);
    expect(badCa).toEqual({
      code: 2,
      out: '',
      err: 'protodesk: Cannot read the CA certificate file /nonexistent/ca.pem: no such file.\n  Check the path in the TLS settings.\n',
    });
    const format = await cli(offline(`${service}/EmptyCall`, '-format', 'text'));
    expect(format).toEqual({
      code: 2,
      out: '',
      err: 'protodesk: --format must be json or jsonl; got "text".\n',
    });
  });
});
