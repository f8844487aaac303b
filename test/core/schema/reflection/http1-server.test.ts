// Reflection always speaks gRPC over HTTP/2. Against a server that speaks HTTP/1.1 only (grpc-go behind improbable-eng's
// gRPC-Web wrapper, in plaintext and over TLS where ALPN offers only http/1.1) it cannot work: the error says so, and
// where the schema comes from instead, rather than guessing that TLS is needed.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SchemaError } from '../../../../src/core/schema/errors';
import { reflectSchema } from '../../../../src/core/schema/reflection/reflect';
import type { TlsSettings } from '../../../../src/shared/schema';
import { grpcGoTestdata } from '../../../helpers/certs';
import { startGoReflect, type GoReflectServer } from '../../../peers/go-reflect/server';

const testdata = grpcGoTestdata();
const hint =
  'For a gRPC-Web or Connect server the schema comes from its .proto files or a descriptor set: load those, ' +
  'then call it with the gRPC-Web or Connect protocol (CLI: --protocol grpc-web, grpc-web-text or connect).';

describe('reflectSchema against a gRPC-Web server on HTTP/1.1', () => {
  let plain: GoReflectServer;
  let secure: GoReflectServer;
  let grpc: GoReflectServer;
  beforeAll(async () => {
    [plain, secure, grpc] = await Promise.all([
      startGoReflect({ grpcWeb: true }),
      startGoReflect({ grpcWeb: true, cert: testdata.cert, key: testdata.key }),
      startGoReflect({ cert: testdata.cert, key: testdata.key }),
    ]);
  });
  afterAll(() => Promise.all([plain?.stop(), secure?.stop(), grpc?.stop()]));

  const problems = async (port: number, tls: TlsSettings) => {
    const error = await reflectSchema({ target: `127.0.0.1:${port}`, tls, timeoutMs: 5_000 }).then(
      () => new Error('expected a failure'),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SchemaError);
    return (error as SchemaError).problems;
  };

  test('plaintext: says reflection needs gRPC over HTTP/2, and to load .proto files or a descriptor set', async () => {
    expect(await problems(plain.port, { mode: 'plaintext' })).toEqual([
      {
        message: `The server at 127.0.0.1:${plain.port} speaks HTTP/1.1 only, and server reflection needs gRPC over HTTP/2.`,
        hint,
      },
    ]);
  });

  test('TLS (ALPN offers only http/1.1): the same, with the certificate verified or not', async () => {
    const verified: TlsSettings = { mode: 'tls', caFiles: [testdata.ca], serverName: 'foo.test.google.fr' };
    const expected = [
      {
        message: `The server at 127.0.0.1:${secure.port} speaks HTTP/1.1 only, and server reflection needs gRPC over HTTP/2.`,
        hint,
      },
    ];
    expect(await problems(secure.port, verified)).toEqual(expected);
    expect(await problems(secure.port, { mode: 'tls', insecure: true })).toEqual(expected);
  });

  test('a gRPC server reached in plaintext is still told to switch TLS on, not called HTTP/1.1', async () => {
    const [problem] = await problems(grpc.port, { mode: 'plaintext' });
    expect(problem?.message).not.toContain('HTTP/1.1');
    expect(problem?.hint).toMatch(/switch TLS on/);
  });
});
