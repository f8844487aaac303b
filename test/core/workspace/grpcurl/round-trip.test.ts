import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CallRequest } from '../../../../src/shared/call';
import type { SchemaSource } from '../../../../src/shared/schema';
import type { GrpcurlImport } from '../../../../src/shared/workspace';
import { formatGrpcurlCommand } from '../../../../src/core/workspace/grpcurl/format-command';
import { parseGrpcurlCommand } from '../../../../src/core/workspace/grpcurl/parse-command';
import { grpcGoTestdata } from '../../../helpers/certs';
import { runWithGrpcurl, type ShellResult } from '../../../helpers/grpcurl';
import { startGoReflect, type GoReflectServer } from '../../../peers/go-reflect/server';

const protos = new URL('../../../fixtures/protos/', import.meta.url).pathname;
const source: SchemaSource = {
  kind: 'protoFiles',
  files: [join(protos, 'grpc/testing/test.proto')],
  importPaths: [protos],
};

// Export to grpcurl, run it for real against grpc-go, import the same command back: the call must work and the request
// must come back unchanged.
describe('grpcurl commands against grpc-go, and back', () => {
  const servers: GoReflectServer[] = [];
  let plaintextPort = 0;
  let tlsPort = 0;
  let testdata: ReturnType<typeof grpcGoTestdata>;

  beforeAll(async () => {
    testdata = grpcGoTestdata();
    // Reflection off: grpcurl must get the schema from the -proto flags.
    const [plain, tls] = await Promise.all([
      startGoReflect({ reflection: 'none' }),
      startGoReflect({ reflection: 'none', cert: testdata.cert, key: testdata.key }),
    ]);
    servers.push(plain, tls);
    plaintextPort = plain.port;
    tlsPort = tls.port;
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  const unary = (target: string, tls: CallRequest['tls'], body: object): CallRequest => ({
    target,
    tls,
    method: 'grpc.testing.TestService/UnaryCall',
    // grpc-go's interop server echoes this header back, so grpcurl -v shows that it was sent.
    metadata: [{ key: 'x-grpc-test-echo-initial', value: `it's "quoted" & $HOME` }],
    requests: [JSON.stringify(body, null, 2)],
    options: { deadlineMs: 10_000, emitDefaults: true },
  });

  /** Runs the command with -v (headers printed) and checks it parses back into the request it came from. */
  async function runAndReimport(request: CallRequest): Promise<ShellResult & { imported: GrpcurlImport }> {
    const command = formatGrpcurlCommand({ request, source });
    expect(command).not.toContain('\n');
    const imported = parseGrpcurlCommand(command);
    expect(imported.request).toEqual({
      method: request.method,
      target: request.target,
      metadata: request.metadata,
      body: JSON.parse(request.requests[0]!),
      options: { deadlineMs: 10_000, emitDefaults: true },
    });
    expect(imported.source).toEqual(source);
    expect(imported.warnings).toEqual([]);
    return { ...(await runWithGrpcurl(command.replace(/^grpcurl /, 'grpcurl -v '))), imported };
  }

  test('plaintext UnaryCall with a payload and metadata: grpcurl succeeds and the command imports back unchanged', async () => {
    const request = unary(
      `127.0.0.1:${plaintextPort}`,
      { mode: 'plaintext' },
      {
        responseSize: 3,
        payload: { body: 'AAECAw==' },
        fillUsername: false,
      },
    );
    const result = await runAndReimport(request);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`x-grpc-test-echo-initial: it's "quoted" & $HOME`);
    const contents = /Response contents:\n([\s\S]*?)\n\nResponse trailers/.exec(result.stdout)?.[1] ?? '';
    // -emit-defaults: empty fields are printed too.
    expect(JSON.parse(contents)).toMatchObject({ payload: { body: 'AAAA' }, username: '', oauthScope: '' });
  });

  test('TLS with a custom CA and server name: grpcurl verifies, and the profile comes back', async () => {
    const tls = { mode: 'tls' as const, caFiles: [testdata.ca], serverName: 'foo.test.google.fr' };
    const request = unary(`127.0.0.1:${tlsPort}`, tls, { responseSize: 1 });
    const result = await runAndReimport(request);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('"body": "AA=="');
    expect(result.imported.tlsProfile).toEqual({
      mode: 'customCa',
      caFiles: [testdata.ca],
      serverName: 'foo.test.google.fr',
    });
  });

  test('a failing status comes back as grpcurl’s exit code 64 + code', async () => {
    const request = unary(
      `127.0.0.1:${plaintextPort}`,
      { mode: 'plaintext' },
      {
        responseStatus: { code: 5, message: "no 'such' thing" },
      },
    );
    const result = await runAndReimport(request);
    expect(result.code).toBe(64 + 5);
    expect(result.stderr).toContain('Code: NotFound');
    expect(result.stderr).toContain("Message: no 'such' thing");
  });
});
