import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cli, interopProtoFlags } from './call-harness';
import { protodeskRun } from './load-harness';

const empty = 'grpc.testing.TestService/EmptyCall';

/** A call that never reaches a server: the flags are refused before anything is dialled. */
const offline = (...args: string[]): string[] => [
  'call',
  '127.0.0.1:1',
  empty,
  '--plaintext',
  ...interopProtoFlags,
  ...args,
];

describe('--protocol and --http2 on protodesk call: bad values exit 2 with the valid names', () => {
  test('an unknown protocol names the four there are', async () => {
    expect(await cli(offline('--protocol', 'grpcweb'))).toEqual({
      code: 2,
      out: '',
      err: 'protodesk: --protocol must be one of grpc, grpc-web, grpc-web-text, connect; got "grpcweb".\n',
    });
  });

  test('--http2 without a web protocol says gRPC always uses HTTP/2', async () => {
    const expected = {
      code: 2,
      out: '',
      err: 'protodesk: --http2 is for --protocol grpc-web, grpc-web-text or connect in plaintext; gRPC always uses HTTP/2.\n',
    };
    expect(await cli(offline('--http2'))).toEqual(expected);
    expect(await cli(offline('--protocol', 'grpc', '--http2'))).toEqual(expected);
  });

  test('--help lists the flags, the protocols and one example per protocol', async () => {
    const help = await cli(['call', '--help']);
    expect(help.code).toBe(0);
    // Commander wraps the flag descriptions to the terminal's width.
    const out = help.out.replace(/\s+/g, ' ');
    expect(out).toMatch(
      /--protocol <name> +wire protocol: grpc, grpc-web, grpc-web-text, connect \(default grpc\)/,
    );
    expect(out).toMatch(/--http2 +grpc-web, grpc-web-text and connect in plaintext: HTTP\/2 with prior/);
    for (const protocol of ['grpc-web', 'grpc-web-text', 'connect --http2']) {
      expect(out).toContain(`--protocol ${protocol} `);
    }
    expect(out).toContain(
      'Server reflection always uses gRPC over HTTP/2: for a server that speaks only gRPC-Web',
    );
  });
});

describe('--protocol on protodesk load', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'protodesk-protocol-flags-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test('an unknown protocol, and --http2 with gRPC, are usage errors', async () => {
    const bad = await protodeskRun([
      'load',
      '127.0.0.1:1',
      empty,
      '--plaintext',
      ...interopProtoFlags,
      '--protocol',
      'web',
    ]);
    expect(bad).toEqual({
      code: 2,
      out: '',
      err: 'protodesk: --protocol must be one of grpc, grpc-web, grpc-web-text, connect; got "web".\n',
    });
    const http2 = await protodeskRun([
      'load',
      '127.0.0.1:1',
      empty,
      ...interopProtoFlags,
      '--plaintext',
      '--http2',
    ]);
    expect(http2.code).toBe(2);
    expect(http2.err).toContain('gRPC always uses HTTP/2');
  });

  test.each(['ghz', 'locust'])(
    'the %s export refuses a web protocol, saying why and what to do, and writes nothing',
    async (tool) => {
      const output = join(dir, `${tool}-export`);
      const args = [
        'load',
        '127.0.0.1:1',
        empty,
        '--plaintext',
        ...interopProtoFlags,
        '--protocol',
        'connect',
      ];
      const result = await protodeskRun([...args, '--export', tool, '-o', output]);
      const name = tool === 'ghz' ? 'ghz' : 'Locust';
      expect(result.code).toBe(2);
      expect(result.out).toBe('');
      expect(result.err).toBe(
        `protodesk: ${name} speaks gRPC only, and this request uses Connect.\n` +
          '  Run this load test with Protodesk (protodesk load, or the Load test view), which speaks every protocol; or export a request that uses grpc.\n',
      );
      expect(await readdir(dir)).not.toContain(`${tool}-export`);
    },
  );
});
