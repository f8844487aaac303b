import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startGoReflect, type GoReflectServer } from '../../peers/go-reflect/server';
import { protodesk, type RunOptions } from './harness';

const protos = new URL('../../fixtures/protos/', import.meta.url).pathname;
const schema = ['--proto', join(protos, 'grpc/testing/test.proto'), '-I', protos];
const unary = 'grpc.testing.TestService/UnaryCall';

/** A SimpleRequest whose payload is `size` bytes, as JSON text. */
const request = (size: number): string =>
  JSON.stringify({ payload: { body: Buffer.alloc(size, 7).toString('base64') } });

const tooLarge = (number: number, size: string, limit: string) =>
  `protodesk: Request ${number} is too large to send (RESOURCE_EXHAUSTED): ${size} encoded, over the send limit of ${limit}. Nothing was sent.\n` +
  '  Raise the send limit (CLI: --max-send-size <bytes>) if the server accepts messages this large (many accept at most 4 MiB), or send less.\n';

// Request sizes through the real executable: a request over the send limit fails at once, before any connection, with
// its size, the limit and the option to raise it; one the server refuses says it is the server's limit.
describe('requests over a size limit', () => {
  let dir: string;
  let server: GoReflectServer;
  /** A port nothing listens on: a call that got as far as connecting would end UNAVAILABLE. */
  let closedPort: number;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'protodesk-hints-'));
    server = await startGoReflect();
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closedPort = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));
  });
  /** A UnaryCall to the closed port, the schema from .proto files, with more `args`. */
  const unaryToClosedPort = (args: string[], options?: RunOptions) =>
    protodesk(['call', `127.0.0.1:${closedPort}`, unary, '--plaintext', ...schema, ...args], options);
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('--max-send-size: a larger request fails before connecting, naming its size, the limit and the option', async () => {
    // 2,000 payload bytes are 2,006 encoded: 3 bytes of tag and length for the body, 3 for the payload.
    const result = await unaryToClosedPort(['--max-send-size', '1000', '-d', request(2000)]);
    expect(result).toEqual({ code: 2, out: '', err: tooLarge(1, '2,006 bytes', '1,000 bytes') });
  });

  test('a 70 MiB request over the default 64 MiB limit fails fast, in a heap far smaller than the request took before', async () => {
    const file = join(dir, 'seventy.json');
    // 70 MiB of payload, and 10 bytes of tags and 4-byte lengths.
    await writeFile(file, request(70 * 1024 * 1024));
    // Before, a 70 MiB request took 3.5 GB and 17 s and then failed without a hint; a 256 MiB heap ran out of memory.
    const result = await unaryToClosedPort(['-d', `@${file}`], { nodeFlags: ['--max-old-space-size=256'] });
    expect(result).toEqual({
      code: 2,
      out: '',
      err: tooLarge(1, '73,400,330 bytes (70 MiB)', '67,108,864 bytes (64 MiB)'),
    });
  });

  test('in a stream, the request over the limit is refused and named by its number', async () => {
    const result = await protodesk([
      'call',
      `127.0.0.1:${server.port}`,
      'grpc.testing.TestService/FullDuplexCall',
      '--plaintext',
      '--max-send-size',
      '1000',
      '-d',
      `{"responseParameters": [{"size": 1}]} ${request(2000)}`,
      '--format',
      'jsonl',
    ]);
    expect(result.code).toBe(2);
    expect(result.err).toBe(tooLarge(2, '2,006 bytes', '1,000 bytes'));
  });

  test("a request the server refuses by its own limit says it is the server's, not ours", async () => {
    const file = join(dir, 'five.json');
    await writeFile(file, request(5 * 1024 * 1024));
    const result = await protodesk([
      'call',
      `127.0.0.1:${server.port}`,
      unary,
      '--plaintext',
      '-d',
      `@${file}`,
    ]);
    expect(result.code).toBe(64 + 8);
    expect(result.err).toMatch(
      /^ERROR:\n {2}Code: ResourceExhausted\n {2}Message: grpc: received message larger than max \(\d+ vs\. 4194304\)\n/,
    );
    expect(result.err).toContain(
      "  Hint: The server refused a request larger than its own limit (often 4 MiB): send less, or raise the server's maximum receive size.\n",
    );
  });

  test('--max-send-size that is not a positive whole number is a usage error', async () => {
    expect(await unaryToClosedPort(['--max-send-size', '64MB'])).toEqual({
      code: 2,
      out: '',
      err: 'protodesk: --max-send-size must be a positive whole number of bytes; got "64MB".\n',
    });
  });
});
