import { create, createFileRegistry } from '@bufbuild/protobuf';
import { FileDescriptorSetSchema, type FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import { createServer as createHttp2Server } from 'node:http2';
import { createServer, type Server as NetServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SchemaError } from '../../../../src/core/schema/errors';
import { reflectSchema } from '../../../../src/core/schema/reflection/reflect';
import type { TlsSettings } from '../../../../src/shared/schema';
import { startGoReflect, type GoReflectServer } from '../../../peers/go-reflect/server';
import { fieldNaming } from '../../../peers/js-nest/field-names';
import { startJsReflect, type JsReflectServer } from '../../../peers/js-reflect/server';
import { protoc } from '../../../helpers/protoc';
import { schemaShape } from './schema-shape';

const certs = new URL('../../../fixtures/certs/', import.meta.url).pathname;
const fixtures = new URL('../../../fixtures/protos/', import.meta.url).pathname;
const ca = `${certs}ca.pem`;
const plaintext: TlsSettings = { mode: 'plaintext' };
const withCa: TlsSettings = { mode: 'tls', caFiles: [ca] };
const serverTls = { cert: `${certs}server.pem`, key: `${certs}server.key` };

/** The rejection of a promise, which must be a SchemaError. */
async function failure(promise: Promise<unknown>): Promise<SchemaError> {
  const error = await promise.then(
    () => new Error('expected a failure'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SchemaError);
  return error as SchemaError;
}

/** The registry a user's calls are built from; grpc.testing.TestService must be complete in it. */
function testServiceMethods(files: FileDescriptorProto[]): string[] {
  const registry = createFileRegistry(create(FileDescriptorSetSchema, { file: files }));
  return registry.getService('grpc.testing.TestService')?.methods.map((m) => m.name) ?? [];
}

const interopMethods = [
  'EmptyCall',
  'UnaryCall',
  'CacheableUnaryCall',
  'StreamingOutputCall',
  'StreamingInputCall',
  'FullDuplexCall',
  'HalfDuplexCall',
  'UnimplementedCall',
];

describe('reflectSchema against grpc-go', () => {
  const servers: GoReflectServer[] = [];
  const start = async (...args: Parameters<typeof startGoReflect>): Promise<GoReflectServer> => {
    const server = await startGoReflect(...args);
    servers.push(server);
    return server;
  };
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
  });

  test('v1: every service, the complete file set dependencies-first, and a usable registry', async () => {
    const { port } = await start();
    const schema = await reflectSchema({ target: `127.0.0.1:${port}`, tls: plaintext });
    expect(schema.protocol).toBe('v1');
    expect([...schema.services].sort()).toEqual([
      'grpc.health.v1.Health',
      'grpc.reflection.v1.ServerReflection',
      'grpc.reflection.v1alpha.ServerReflection',
      'grpc.testing.TestService',
    ]);
    const names = schema.files.map((f) => f.name);
    expect([...names].sort()).toEqual([
      'grpc/health/v1/health.proto',
      'grpc/reflection/v1/reflection.proto',
      'grpc/reflection/v1alpha/reflection.proto',
      'grpc/testing/empty.proto',
      'grpc/testing/messages.proto',
      'grpc/testing/test.proto',
    ]);
    for (const file of schema.files) {
      for (const dependency of file.dependency)
        expect(names.indexOf(dependency)).toBeLessThan(names.indexOf(file.name));
    }
    expect(testServiceMethods(schema.files)).toEqual(interopMethods);
  });

  test('falls back to v1alpha when the server has only v1alpha', async () => {
    const { port } = await start({ reflection: 'v1alpha' });
    const schema = await reflectSchema({ target: `127.0.0.1:${port}`, tls: plaintext });
    expect(schema.protocol).toBe('v1alpha');
    expect(schema.services).toContain('grpc.reflection.v1alpha.ServerReflection');
    expect(schema.services).not.toContain('grpc.reflection.v1.ServerReflection');
    expect(testServiceMethods(schema.files)).toEqual(interopMethods);
  });

  test('a server without reflection says so and points to the other sources', async () => {
    const { port } = await start({ reflection: 'none' });
    const error = await failure(reflectSchema({ target: `127.0.0.1:${port}`, tls: plaintext }));
    expect(error.message).toBe(
      `The server at 127.0.0.1:${port} does not support gRPC server reflection (tried v1 and v1alpha).\n` +
        '  Load its .proto files or a descriptor set instead.',
    );
  });

  describe('metadata required by the server', () => {
    let port = 0;
    beforeAll(async () => {
      port = (await start({ requireToken: 'test-token' })).port;
    });

    test('without it: unauthenticated, and the hint says metadata may be missing', async () => {
      const error = await failure(reflectSchema({ target: `127.0.0.1:${port}`, tls: plaintext }));
      expect(error.problems).toEqual([
        {
          message: `The server at 127.0.0.1:${port} refused reflection: unauthenticated (missing authorization metadata).`,
          hint: 'Authentication metadata may be missing or wrong: add it to the connection, e.g. authorization: Bearer <token>.',
        },
      ]);
    });

    test('with a wrong value: permission denied', async () => {
      const metadata = [{ key: 'authorization', value: 'Bearer nope' }];
      const error = await failure(reflectSchema({ target: `127.0.0.1:${port}`, tls: plaintext, metadata }));
      expect(error.problems[0]?.message).toBe(
        `The server at 127.0.0.1:${port} refused reflection: permission denied (wrong token).`,
      );
      expect(error.problems[0]?.hint).toMatch(/metadata sent \(e\.g\. authorization\) may be missing/);
    });

    test('with it: works (the key is accepted in any case)', async () => {
      const metadata = [{ key: 'Authorization', value: 'Bearer test-token' }];
      const schema = await reflectSchema({ target: `127.0.0.1:${port}`, tls: plaintext, metadata });
      expect(testServiceMethods(schema.files)).toEqual(interopMethods);
    });

    test('invalid metadata is rejected before anything is sent', async () => {
      const metadata = [{ key: 'bad key', value: 'x' }];
      const error = await failure(reflectSchema({ target: `127.0.0.1:${port}`, tls: plaintext, metadata }));
      expect(error.message).toBe(
        'Metadata row 1: the key "bad key" is not valid.\n  Metadata keys may contain only 0-9 a-z _ . - (letters are lowercased).',
      );
    });
  });

  describe('TLS', () => {
    let tlsPort = 0;
    let otherPort = 0;
    let mutualPort = 0;
    let plainPort = 0;
    beforeAll(async () => {
      tlsPort = (await start(serverTls)).port;
      otherPort = (await start({ cert: `${certs}other.pem`, key: `${certs}other.key` })).port;
      mutualPort = (await start({ ...serverTls, clientCa: ca })).port;
      plainPort = (await start()).port;
    });

    test('with the CA, by IP and by name, and through grpcs://', async () => {
      for (const target of [`127.0.0.1:${tlsPort}`, `localhost:${tlsPort}`]) {
        expect(testServiceMethods((await reflectSchema({ target, tls: withCa })).files)).toEqual(
          interopMethods,
        );
      }
      // grpcs:// alone means TLS with the system roots, which do not trust the test CA.
      const error = await failure(reflectSchema({ target: `grpcs://127.0.0.1:${tlsPort}`, tls: plaintext }));
      expect(error.problems[0]?.message).toBe(
        `The TLS certificate of 127.0.0.1:${tlsPort} is not signed by a trusted CA (unable to verify the first certificate).`,
      );
      expect(error.problems[0]?.hint).toBe(
        'Add the CA that signed the server certificate to the TLS settings, or mark the connection insecure to accept any certificate.',
      );
    });

    test('insecure accepts a certificate from an unknown CA', async () => {
      const schema = await reflectSchema({
        target: `127.0.0.1:${otherPort}`,
        tls: { mode: 'tls', insecure: true },
      });
      expect(testServiceMethods(schema.files)).toEqual(interopMethods);
    });

    test('name mismatch suggests the server name, and works with it', async () => {
      const error = await failure(reflectSchema({ target: `127.0.0.1:${otherPort}`, tls: withCa }));
      expect(error.problems).toEqual([
        {
          message: `The TLS certificate of 127.0.0.1:${otherPort} is not valid for the name 127.0.0.1; it names *.test.example.`,
          hint: 'Set the server name in the TLS settings to a name the certificate holds, e.g. foo.test.example (this also sets the :authority).',
        },
      ]);
      const schema = await reflectSchema({
        target: `127.0.0.1:${otherPort}`,
        tls: { ...withCa, serverName: 'foo.test.example' },
      });
      expect(testServiceMethods(schema.files)).toEqual(interopMethods);
    });

    test('mutual TLS: without a client certificate it says one is required; with it, works', async () => {
      const error = await failure(reflectSchema({ target: `127.0.0.1:${mutualPort}`, tls: withCa }));
      expect(error.problems).toEqual([
        {
          message: `The server at 127.0.0.1:${mutualPort} requires a client certificate (mutual TLS).`,
          hint: 'Set the client certificate and key in the TLS settings.',
        },
      ]);
      const tls: TlsSettings = { ...withCa, certFile: `${certs}client.pem`, keyFile: `${certs}client.key` };
      const schema = await reflectSchema({ target: `127.0.0.1:${mutualPort}`, tls });
      expect(testServiceMethods(schema.files)).toEqual(interopMethods);
    });

    test('mutual TLS with a certificate not made for clients is rejected', async () => {
      const tls: TlsSettings = { ...withCa, certFile: `${certs}other.pem`, keyFile: `${certs}other.key` };
      const error = await failure(reflectSchema({ target: `127.0.0.1:${mutualPort}`, tls }));
      expect(error.problems[0]?.message).toBe(
        `The server at 127.0.0.1:${mutualPort} rejected the client certificate (ssl/tls alert bad certificate).`,
      );
    });

    test('plaintext client, TLS server: suggests switching TLS on', async () => {
      const error = await failure(reflectSchema({ target: `127.0.0.1:${tlsPort}`, tls: plaintext }));
      expect(error.problems[0]?.message).toMatch(
        new RegExp(`^The server at 127\\.0\\.0\\.1:${tlsPort} did not answer gRPC in plaintext \\(`),
      );
      expect(error.problems[0]?.hint).toBe(
        `It probably requires TLS: switch TLS on (or write grpcs://127.0.0.1:${tlsPort}).`,
      );
    });

    test('TLS client, plaintext server: says the server does not speak TLS', async () => {
      const error = await failure(reflectSchema({ target: `127.0.0.1:${plainPort}`, tls: withCa }));
      expect(error.problems).toEqual([
        {
          message: `The server at 127.0.0.1:${plainPort} does not speak TLS (handshake failed: wrong version number).`,
          hint: `Switch TLS off (plaintext) for this server, or write grpc://127.0.0.1:${plainPort}.`,
        },
      ]);
    });
  });
});

describe('reflectSchema against @grpc/reflection (grpc-js)', () => {
  let server: JsReflectServer;
  beforeAll(async () => {
    server = await startJsReflect();
  });
  afterAll(async () => {
    await server.stop();
  });

  test("repairs proto-loader's lossy descriptors into the types protoc compiles", async () => {
    const schema = await reflectSchema({ target: `127.0.0.1:${server.port}`, tls: plaintext });
    expect(schema.protocol).toBe('v1');
    expect(schema.services).toContain('grpc.testing.TestService');
    // @grpc/reflection 1.0.4 serves one file named after the package, holding the whole package; that name stays.
    expect(schema.files.map((f) => f.name)).toEqual(['grpc_testing.proto']);
    expect(testServiceMethods(schema.files)).toEqual(interopMethods);
    // It served the map rpcs_by_peer's entry as LoadBalancerStatsResponse.RpcsByPeer, the name of a message nested beside it.
    const registry = createFileRegistry(create(FileDescriptorSetSchema, { file: schema.files }));
    const stats = registry.getMessage('grpc.testing.LoadBalancerStatsResponse');
    const rpcsByMethod = stats?.fields.find((f) => f.number === 3);
    expect(rpcsByMethod?.fieldKind === 'map' && rpcsByMethod.message?.typeName).toBe(
      'grpc.testing.LoadBalancerStatsResponse.RpcsByPeer',
    );
    // proto-loader's default (keepCase: false) camel-cases field and oneof names; everything else is protoc's.
    const protocSet = await protoc(['grpc/testing/test.proto'], [fixtures]);
    expect(schemaShape(registry)).toEqual(schemaShape(createFileRegistry(protocSet), fieldNaming(false)));
  });
});

describe('reflectSchema connection failures', () => {
  test('unreachable server', async () => {
    const error = await failure(reflectSchema({ target: '127.0.0.1:9', tls: plaintext }));
    expect(error.message).toBe(
      'Cannot reach 127.0.0.1:9: connection refused — is the server running?\n  Check the host and port.',
    );
  });

  test('a server that accepts the connection but never answers: timeout', async () => {
    const silent: NetServer = createServer(() => undefined).listen(0, '127.0.0.1');
    await new Promise((resolve) => silent.once('listening', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const started = Date.now();
      const error = await failure(
        reflectSchema({ target: `127.0.0.1:${port}`, tls: plaintext, timeoutMs: 500 }),
      );
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(error.problems[0]).toEqual({
        message: `Could not connect to 127.0.0.1:${port} within 0.5 s: the server accepted the connection but never spoke HTTP/2.`,
        hint: `Is it a gRPC server, and is this its port? If it needs TLS, switch TLS on (or write grpcs://127.0.0.1:${port}).`,
      });
    } finally {
      silent.close();
    }
  });

  test('an HTTP/2 server that takes the reflection stream but never answers: timeout, with what to do instead', async () => {
    const mute = createHttp2Server();
    mute.on('stream', () => undefined);
    await new Promise<void>((resolve) => mute.listen(0, '127.0.0.1', resolve));
    const { port } = mute.address() as { port: number };
    try {
      const error = await failure(
        reflectSchema({ target: `127.0.0.1:${port}`, tls: plaintext, timeoutMs: 500 }),
      );
      expect(error.problems[0]).toEqual({
        message: `The server at 127.0.0.1:${port} is connected but did not answer reflection within 0.5 s.`,
        hint: 'Its reflection service may be stuck or very slow: load its .proto files or a descriptor set instead.',
      });
    } finally {
      await new Promise((resolve) => mute.close(resolve));
    }
  });

  test('a target that cannot be parsed', async () => {
    const error = await failure(reflectSchema({ target: 'localhost', tls: plaintext }));
    expect(error.message).toBe(
      'The target "localhost" is not host:port.\n  Add the port, e.g. localhost:443 for TLS or localhost:50051.',
    );
  });
});
