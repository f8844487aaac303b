import {
  Client,
  credentials,
  status,
  type ClientDuplexStream,
  type ClientReadableStream,
  type ServiceError,
  type StatusObject,
} from '@grpc/grpc-js';
import {
  create,
  createFileRegistry,
  equals,
  fromBinary,
  fromJson,
  isFieldSet,
  toBinary,
  toJson,
  type DescMessage,
  type FileRegistry,
  type JsonValue,
} from '@bufbuild/protobuf';
import {
  AnySchema,
  anyPack,
  FieldDescriptorProtoSchema,
  FileDescriptorProtoSchema,
  FileDescriptorSetSchema,
  type FileDescriptorProto,
} from '@bufbuild/protobuf/wkt';
import { readFileSync } from 'node:fs';
import { descriptorFields, withoutJsonNames } from '../../helpers/descriptor-fields';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { reflectSchema } from '../../../src/core/schema/reflection/reflect';
import { protoc } from '../../helpers/protoc';
import { javaJson, javaJsonText, javaParse } from '../../peers/java-reflect/json-printer';
import { startJavaReflect, type JavaReflectServer } from '../../peers/java-reflect/server';

const protos = new URL('../../fixtures/protos/', import.meta.url).pathname;
const certs = new URL('../../fixtures/certs/', import.meta.url).pathname;
const interopFiles = ['grpc/testing/empty.proto', 'grpc/testing/messages.proto', 'grpc/testing/test.proto'];

// The grpc-java peer and Java's JSON oracle, checked against themselves and against protoc: real JVMs, real calls.
describe('grpc-java peer (test/peers/java-reflect)', () => {
  let plain: JavaReflectServer;
  let secure: JavaReflectServer;
  /** protoc's descriptors of grpc's interop protos (the same files grpc-java 1.79.0 was generated from). */
  let protocFiles: FileDescriptorProto[];
  let registry: FileRegistry;

  const servers: JavaReflectServer[] = [];
  const start = async (...args: Parameters<typeof startJavaReflect>): Promise<JavaReflectServer> => {
    const server = await startJavaReflect(...args);
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    const [set, a, b] = await Promise.all([
      protoc(['grpc/testing/test.proto'], [protos]),
      start(),
      start({ tls: { cert: `${certs}server.pem`, key: `${certs}server.key` } }),
    ]);
    [plain, secure, protocFiles] = [a, b, set.file];
    registry = createFileRegistry(set);
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  const schema = (typeName: string): DescMessage => {
    const message = registry.getMessage(typeName);
    if (!message) throw new Error(`${typeName} is not in protoc's descriptors`);
    return message;
  };
  /** Encodes a message given in canonical JSON, with protoc's descriptors (which carry json_name). */
  const encode = (typeName: string, json: JsonValue): Uint8Array =>
    toBinary(schema(typeName), fromJson(schema(typeName), json));
  const plaintextClient = (): Client => new Client(`127.0.0.1:${plain.port}`, credentials.createInsecure());
  const tlsClient = (): Client =>
    new Client(`127.0.0.1:${secure.port}`, credentials.createSsl(readFileSync(`${certs}ca.pem`)));

  test('UnaryCall: Java answers a request we encoded, and javaJson prints its payload', async () => {
    const client = plaintextClient();
    try {
      const response = await unary(
        client,
        '/grpc.testing.TestService/UnaryCall',
        encode('grpc.testing.SimpleRequest', { responseSize: 3 }),
      );
      // grpc-java's interop payloads are zeros; COMPRESSABLE is the enum's zero value, so JSON omits it.
      expect(await javaJson('grpc.testing.SimpleResponse', [response])).toEqual([
        { payload: { body: 'AAAA' } },
      ]);
      expect(
        toJson(
          schema('grpc.testing.SimpleResponse'),
          fromBinary(schema('grpc.testing.SimpleResponse'), response),
        ),
      ).toEqual({
        payload: { body: 'AAAA' },
      });
    } finally {
      client.close();
    }
  });

  test('StreamingOutputCall: one response per parameter, in order', async () => {
    const client = plaintextClient();
    try {
      const request = encode('grpc.testing.StreamingOutputCallRequest', {
        responseParameters: [{ size: 1 }, { size: 2 }, { size: 3 }, { size: 0 }],
      });
      const responses = await serverStream(client, '/grpc.testing.TestService/StreamingOutputCall', request);
      expect(await javaJson('grpc.testing.StreamingOutputCallResponse', responses)).toEqual([
        { payload: { body: 'AA==' } },
        { payload: { body: 'AAA=' } },
        { payload: { body: 'AAAA' } },
        { payload: {} },
      ]);
    } finally {
      client.close();
    }
  });

  test('TLS: the test CA verifies the server as 127.0.0.1; a plaintext client gets no answer from it', async () => {
    const client = tlsClient();
    try {
      const response = await unary(
        client,
        '/grpc.testing.TestService/UnaryCall',
        encode('grpc.testing.SimpleRequest', { responseSize: 2 }),
      );
      expect(await javaJson('grpc.testing.SimpleResponse', [response])).toEqual([
        { payload: { body: 'AAA=' } },
      ]);
    } finally {
      client.close();
    }
    const wrong = new Client(`127.0.0.1:${secure.port}`, credentials.createInsecure());
    try {
      const error = await unary(wrong, '/grpc.testing.TestService/EmptyCall', new Uint8Array()).then(
        () => undefined,
        (e: ServiceError) => e,
      );
      expect(error?.code).toBe(status.UNAVAILABLE);
    } finally {
      wrong.close();
    }
  });

  test('health: the server-wide status is SERVING', async () => {
    const client = plaintextClient();
    try {
      const response = await unary(client, '/grpc.health.v1.Health/Check', new Uint8Array());
      // HealthCheckResponse { status: SERVING (1) }, field 1 as a varint.
      expect([...response]).toEqual([0x08, 0x01]);
    } finally {
      client.close();
    }
  });

  test('javaJson: defaults and proto names on request, exactly like @bufbuild/protobuf with protoc descriptors', async () => {
    const typeName = 'grpc.testing.SimpleResponse';
    const set = encode(typeName, {
      oauthScope: 'scope',
      serverId: 'java',
      grpclbRouteType: 'GRPCLB_ROUTE_TYPE_BACKEND',
    });
    const empty = new Uint8Array();
    const options = [
      {},
      { emitDefaults: true },
      { protoNames: true },
      { emitDefaults: true, protoNames: true },
    ];
    const printed = await Promise.all(options.map((o) => javaJson(typeName, [set, empty], o)));
    expect(printed[0]).toEqual([
      { oauthScope: 'scope', serverId: 'java', grpclbRouteType: 'GRPCLB_ROUTE_TYPE_BACKEND' },
      {},
    ]);
    expect(printed[1]?.[1]).toEqual({
      username: '',
      oauthScope: '',
      serverId: '',
      grpclbRouteType: 'GRPCLB_ROUTE_TYPE_UNKNOWN',
      hostname: '',
    });
    expect(printed[2]?.[0]).toEqual({
      oauth_scope: 'scope',
      server_id: 'java',
      grpclb_route_type: 'GRPCLB_ROUTE_TYPE_BACKEND',
    });
    options.forEach((o, i) => {
      const ours = [set, empty].map((bytes) =>
        toJson(schema(typeName), fromBinary(schema(typeName), bytes), {
          alwaysEmitImplicit: o.emitDefaults,
          useProtoFieldName: o.protoNames,
        }),
      );
      expect(printed[i]).toEqual(ours);
    });
    // The exact texts are JsonFormat's compact output, field order as declared.
    expect(await javaJsonText(typeName, [set])).toEqual([
      '{"oauthScope":"scope","serverId":"java","grpclbRouteType":"GRPCLB_ROUTE_TYPE_BACKEND"}',
    ]);
  });

  test("javaJsonText: non-ASCII survives the round trip; Java escapes <>&' and U+2028", async () => {
    const typeName = 'grpc.testing.SimpleResponse';
    const username = 'h\u017e\u{1F434}<>&\'"\\\u2028';
    const [text] = await javaJsonText(typeName, [encode(typeName, { username })]);
    expect(text).toBe('{"username":"h\u017e\u{1F434}\\u003c\\u003e\\u0026\\u0027\\"\\\\\\u2028"}');
    expect(JSON.parse(text!)).toEqual({ username });
  });

  test('javaJson: an Any holding an interop message prints with @type, through the type registry', async () => {
    const inner = fromJson(schema('grpc.testing.SimpleRequest'), { responseSize: 3, fillUsername: true });
    const any = toBinary(AnySchema, anyPack(schema('grpc.testing.SimpleRequest'), inner));
    expect(await javaJson('google.protobuf.Any', [any])).toEqual([
      { '@type': 'type.googleapis.com/grpc.testing.SimpleRequest', responseSize: 3, fillUsername: true },
    ]);
  });

  test('javaParse: JSON names and proto names give our bytes; an empty or unknown name is refused', async () => {
    const typeName = 'grpc.testing.SimpleRequest';
    const results = await javaParse(typeName, [
      '{"responseSize": 3, "payload": {"body": "YWJj"}}',
      '{"response_size": 3, "payload": {"body": "YWJj"}}',
      '{"": ""}',
      '{"responseSize": 3, "noSuchField": 1}',
    ]);
    const ours = encode(typeName, { responseSize: 3, payload: { body: 'YWJj' } });
    expect(results[0]).toEqual({ bytes: ours });
    expect(results[1]).toEqual({ bytes: ours });
    expect(results[2]).toEqual({
      error: expect.stringContaining('Cannot find field:  in message grpc.testing.SimpleRequest'),
    });
    expect(results[3]).toEqual({ error: expect.stringContaining('Cannot find field: noSuchField') });
    const lenient = await javaParse(typeName, ['{"responseSize": 3, "noSuchField": 1}'], {
      ignoreUnknownFields: true,
    });
    expect(lenient).toEqual([{ bytes: encode(typeName, { responseSize: 3 }) }]);
  });

  test("reflection: the interop files without json_name, otherwise exactly protoc's", async () => {
    const reflected = await reflectSchema({ target: `127.0.0.1:${plain.port}`, tls: { mode: 'plaintext' } });
    expect(reflected.protocol).toBe('v1');
    expect([...reflected.services].sort()).toEqual([
      'grpc.health.v1.Health',
      'grpc.reflection.v1.ServerReflection',
      'grpc.reflection.v1alpha.ServerReflection',
      'grpc.testing.TestService',
    ]);
    for (const name of interopFiles) {
      const java = reflected.files.find((f) => f.name === name);
      const ours = protocFiles.find((f) => f.name === name);
      if (!java || !ours) throw new Error(`${name} is missing`);
      // protoc writes json_name on every field; grpc-java's generated code embeds descriptors without it.
      expect(
        descriptorFields(ours).every((f) => isFieldSet(f, FieldDescriptorProtoSchema.field.jsonName)),
      ).toBe(true);
      expect(
        descriptorFields(java).filter((f) => isFieldSet(f, FieldDescriptorProtoSchema.field.jsonName)),
      ).toEqual([]);
      expect(equals(FileDescriptorProtoSchema, withoutJsonNames(java), withoutJsonNames(ours))).toBe(true);
    }
    // Not a vacuous check: messages.proto has dozens of fields, among them multi-word ones whose JSON name differs.
    const messages = reflected.files.find((f) => f.name === 'grpc/testing/messages.proto');
    expect(descriptorFields(messages!).length).toBeGreaterThan(50);
    expect(descriptorFields(messages!).map((f) => f.name)).toContain('response_size');
    // The whole of it is reflected: every file, not only grpc.testing's, lacks json_name.
    expect(
      reflected.files
        .flatMap(descriptorFields)
        .filter((f) => isFieldSet(f, FieldDescriptorProtoSchema.field.jsonName)),
    ).toEqual([]);
  });

  test('reflection over TLS, and the v1alpha service answers too', async () => {
    const reflected = await reflectSchema({
      target: `127.0.0.1:${secure.port}`,
      tls: { mode: 'tls', caFiles: [`${certs}ca.pem`] },
    });
    expect(reflected.files.map((f) => f.name)).toEqual(expect.arrayContaining(interopFiles));
    // v1alpha, raw, with its request and response types taken from what the server reflected.
    const javaRegistry = createFileRegistry(create(FileDescriptorSetSchema, { file: reflected.files }));
    const requestType = javaRegistry.getMessage('grpc.reflection.v1alpha.ServerReflectionRequest');
    const responseType = javaRegistry.getMessage('grpc.reflection.v1alpha.ServerReflectionResponse');
    if (!requestType || !responseType) throw new Error('v1alpha reflection types were not reflected');
    const client = tlsClient();
    try {
      // Proto field names: these descriptors have no json_name, and @bufbuild/protobuf takes JSON names only from it.
      const request = toBinary(requestType, fromJson(requestType, { list_services: '*' }));
      const [response] = await bidiOnce(
        client,
        '/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo',
        request,
      );
      const json = toJson(responseType, fromBinary(responseType, response!), { useProtoFieldName: true }) as {
        list_services_response?: { service: { name: string }[] };
      };
      expect(json.list_services_response?.service.map((s) => s.name).sort()).toEqual(
        [...reflected.services].sort(),
      );
    } finally {
      client.close();
    }
  });
});

const serialize = (bytes: Uint8Array): Buffer => Buffer.from(bytes);
const deserialize = (bytes: Buffer): Uint8Array => new Uint8Array(bytes);
const deadline = (): { deadline: number } => ({ deadline: Date.now() + 10_000 });

/** A unary call with bytes we encoded ourselves. */
function unary(client: Client, path: string, request: Uint8Array): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    client.makeUnaryRequest(path, serialize, deserialize, request, deadline(), (error, response) =>
      error || !response ? reject(error ?? new Error('no response')) : resolve(response),
    );
  });
}

/** A server-streaming call: every response, once the server ends the call with OK. */
function serverStream(client: Client, path: string, request: Uint8Array): Promise<Uint8Array[]> {
  return collect(client.makeServerStreamRequest(path, serialize, deserialize, request, deadline()));
}

/** A bidi call that sends one request, half-closes, and collects the answers. */
function bidiOnce(client: Client, path: string, request: Uint8Array): Promise<Uint8Array[]> {
  const call = client.makeBidiStreamRequest(path, serialize, deserialize, deadline());
  const responses = collect(call);
  call.end(request);
  return responses;
}

/** The responses of a call, once every one has been read and the status is OK; the call's error otherwise. */
function collect(
  call: ClientReadableStream<Uint8Array> | ClientDuplexStream<Uint8Array, Uint8Array>,
): Promise<Uint8Array[]> {
  return new Promise((resolve, reject) => {
    const responses: Uint8Array[] = [];
    let ended = false;
    let ok = false;
    const settle = (): void => {
      if (ended && ok) resolve(responses);
    };
    call.on('data', (response: Uint8Array) => responses.push(response));
    call.on('error', reject);
    call.on('end', () => {
      ended = true;
      settle();
    });
    call.on('status', (s: StatusObject) => {
      ok = s.code === status.OK;
      settle();
    });
  });
}
