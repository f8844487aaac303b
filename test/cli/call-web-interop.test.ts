/**
 * grpc's interop cases that gRPC-Web can carry (grpc/grpc doc/interop-test-descriptions.md), through the `protodesk`
 * executable, against grpc-go's interop TestService behind improbable-eng's gRPC-Web wrapper (HTTP/1.1, plaintext and
 * TLS), in binary and text mode: each description's assertions checked on what the CLI prints and its exit code.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { grpcGoTestdata } from '../helpers/certs';
import {
  ECHO_INITIAL,
  ECHO_TRAILING,
  LARGE_REQUEST,
  LARGE_RESPONSE,
  payload,
  RESPONSE_SIZES,
  SERVICE,
  SLEEP_US,
  SPECIAL_MESSAGE,
  STATUS_MESSAGE,
  zeros,
} from '../integration/interop-cases';
import { startGoReflect, type GoReflectFlags, type GoReflectServer } from '../peers/go-reflect/server';
import { protodeskRun } from './load-harness';

const protos = new URL('../fixtures/protos/', import.meta.url).pathname;
const interopProtos = ['--proto', join(protos, 'grpc/testing/test.proto'), '-I', protos];
const testdata = grpcGoTestdata();

const modes: { mode: string; server: GoReflectFlags; scheme: string; flags: string[] }[] = [
  { mode: 'plaintext', server: { grpcWeb: true }, scheme: 'http', flags: [] },
  {
    mode: 'TLS',
    server: { grpcWeb: true, cert: testdata.cert, key: testdata.key },
    scheme: 'https',
    flags: ['--cacert', testdata.ca, '--servername', 'foo.test.google.fr'],
  },
];
const protocols = [
  { protocol: 'grpc-web', contentType: 'application/grpc-web+proto' },
  { protocol: 'grpc-web-text', contentType: 'application/grpc-web-text' },
];

/** A response whose payload is `size` zero bytes: the golden response (COMPRESSABLE, the zero value, is left out). */
const golden = (size: number) => ({ payload: { body: zeros(size) } });
/** grpcurl's pretty layout of the golden response. */
const pretty = (size: number): string => `${JSON.stringify(golden(size), null, 2)}\n`;

// The large request is too long for a command-line argument (Linux caps one at 128 KiB): -d @file reads it.
let largeRequest: string;
let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'call-web-interop-'));
  largeRequest = join(scratch, 'large-request.json');
  await writeFile(
    largeRequest,
    JSON.stringify({ responseSize: LARGE_RESPONSE, payload: payload(LARGE_REQUEST) }),
  );
});
afterAll(() => scratch && rm(scratch, { recursive: true, force: true }));

/** The lines of a `-v` block (`Response headers received:` …) up to the blank line that ends it. */
function block(err: string, title: string): string[] {
  const start = err.indexOf(`\n${title}:\n`);
  expect(start, `no "${title}" in:\n${err}`).toBeGreaterThanOrEqual(0);
  return err
    .slice(start + title.length + 3)
    .split('\n\n')[0]!
    .split('\n');
}

describe.each(modes)(
  'gRPC-Web interop cases through protodesk call, grpc-go behind the wrapper, $mode',
  ({ server: serverFlags, scheme, flags }) => {
    let server: GoReflectServer;
    beforeAll(async () => {
      server = await startGoReflect(serverFlags);
    });
    afterAll(() => server?.stop());

    describe.each(protocols)('$protocol', ({ protocol, contentType }) => {
      /** Runs `protodesk call <url> grpc.testing.TestService/<method> --protocol … <TLS flags> --proto … <extra>`. */
      const call = (method: string, ...extra: string[]) =>
        protodeskRun([
          'call',
          `${scheme}://127.0.0.1:${server.port}`,
          `${SERVICE}/${method}`,
          '--protocol',
          protocol,
          ...flags,
          ...interopProtos,
          ...extra,
        ]);

      test('empty_unary: {} back, 0 bytes each way, over the protocol’s content type and HTTP/1.1', async () => {
        const result = await call('EmptyCall', '-v', '-d', '{}');
        expect(result.code, result.err).toBe(0);
        expect(result.out).toBe('{}\n');
        expect(block(result.err, 'Response headers received')).toContain(`content-type: ${contentType}`);
        expect(result.err).toContain(
          '\nStatus: OK (0)\nSent 1 request (0 bytes) and received 1 response (0 bytes)\n',
        );
        expect(result.err).toMatch(/\nHTTP version: HTTP\/1\.1\n$/);
      });

      test(`large_unary: a ${LARGE_REQUEST}-byte request, a ${LARGE_RESPONSE}-byte zero payload printed whole`, async () => {
        const result = await call('UnaryCall', '-d', `@${largeRequest}`);
        expect(result.code, result.err).toBe(0);
        expect(result.err).toBe('');
        expect(result.out).toBe(pretty(LARGE_RESPONSE));
      });

      test('server_streaming: four responses of the asked sizes, one line each, in order', async () => {
        const request = { responseParameters: RESPONSE_SIZES.map((size) => ({ size })) };
        const result = await call('StreamingOutputCall', '--format', 'jsonl', '-d', JSON.stringify(request));
        expect(result.code, result.err).toBe(0);
        const lines = result.out.split('\n');
        expect(lines.pop()).toBe('');
        const bodies = lines.map((line) =>
          Buffer.from((JSON.parse(line) as ReturnType<typeof golden>).payload.body, 'base64'),
        );
        expect(bodies.map((body) => body.length)).toEqual(RESPONSE_SIZES);
        expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual(RESPONSE_SIZES.map(golden));
      });

      test('custom_metadata: -H metadata echoed, the ASCII key in the headers, the -bin key in the trailers', async () => {
        const headers = [ECHO_INITIAL, ECHO_TRAILING].flatMap(({ key, value }) => ['-H', `${key}: ${value}`]);
        const result = await call('UnaryCall', ...headers, '-v', '-d', `@${largeRequest}`);
        expect(result.code, result.err).toBe(0);
        expect(result.out).toBe(pretty(LARGE_RESPONSE));
        expect(block(result.err, 'Response headers received')).toContain(
          `${ECHO_INITIAL.key}: ${ECHO_INITIAL.value}`,
        );
        // -v prints a -bin value as base64, the way -H takes it: q6ur is 0xababab.
        expect(block(result.err, 'Response trailers received')).toEqual([
          `${ECHO_TRAILING.key}: ${ECHO_TRAILING.value}`,
        ]);
        expect(result.err).toContain('\nStatus: OK (0)\n');
      });

      test('status_code_and_message: code 2 and its message in grpcurl’s ERROR block, exit 64 + 2', async () => {
        const request = { responseStatus: { code: 2, message: STATUS_MESSAGE } };
        expect(await call('UnaryCall', '-d', JSON.stringify(request))).toEqual({
          code: 64 + 2,
          out: '',
          err: `ERROR:\n  Code: Unknown\n  Message: ${STATUS_MESSAGE}\n`,
        });
      });

      test('special_status_message: whitespace, a BMP and a non-BMP character survive to the terminal', async () => {
        const request = { responseStatus: { code: 2, message: SPECIAL_MESSAGE } };
        expect(await call('UnaryCall', '-d', JSON.stringify(request))).toEqual({
          code: 64 + 2,
          out: '',
          err: `ERROR:\n  Code: Unknown\n  Message: ${SPECIAL_MESSAGE}\n`,
        });
      });

      test('unimplemented_method: UNIMPLEMENTED, exit 64 + 12', async () => {
        expect(await call('UnimplementedCall', '-d', '{}')).toEqual({
          code: 64 + 12,
          out: '',
          err: 'ERROR:\n  Code: Unimplemented\n  Message: method UnimplementedCall not implemented\n',
        });
      });

      // HTTP/1.1 carries no bidi call: the server sleeps in a server stream instead, its response due after SLEEP_US.
      test('timeout_on_sleeping_server: --deadline 1ms ends DEADLINE_EXCEEDED, nothing printed, exit 64 + 4', async () => {
        const request = { responseParameters: [{ size: 1, intervalUs: SLEEP_US }] };
        const result = await call('StreamingOutputCall', '--deadline', '1ms', '-d', JSON.stringify(request));
        expect(result.code, result.err).toBe(64 + 4);
        expect(result.out).toBe('');
        expect(result.err).toMatch(
          // Protodesk's own deadline timer, or grpc-go's, which the wrapper reports.
          /^ERROR:\n {2}Code: DeadlineExceeded\n {2}Message: (No response within the 0\.001 s deadline\.|context deadline exceeded)\n {2}Hint: The deadline passed before the call finished: raise the deadline, or check why the server is slow\.\n$/,
        );
      });
    });
  },
);
