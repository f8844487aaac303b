import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createFileRegistry,
  toBinary,
  toJson,
  type DescEnum,
  type DescMessage,
  type DescService,
  type FileRegistry,
  type JsonValue,
} from '@bufbuild/protobuf';
import {
  DescriptorProtoSchema,
  EnumDescriptorProtoSchema,
  FileDescriptorSetSchema,
  ServiceDescriptorProtoSchema,
  type FileDescriptorSet,
} from '@bufbuild/protobuf/wkt';
import { Client, credentials, type ClientReadableStream, type ClientDuplexStream } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ServiceInfo } from '../../../src/shared/schema';
import { callAndCollect } from '../../helpers/collect-call';
import { CallEngine } from '../../../src/core/call/engine';
import { describeSymbol } from '../../../src/core/schema/describe';
import { decodeToJson, encodeJson, sampleJson } from '../../../src/core/schema/json';
import { loadSchema } from '../../../src/core/schema/load';
import { methodKind } from '../../../src/core/schema/method-tree';
import { Schema } from '../../../src/core/schema/schema';
import { jsonFormat } from '../../core/schema/json/oracle';
import { schemaShape, type Rename } from '../../core/schema/reflection/schema-shape';
import { runWithGrpcurl } from '../../helpers/grpcurl';
import { protoc } from '../../helpers/protoc';
import { fieldNaming } from '../../peers/js-nest/field-names';
import { nestRequests } from '../../peers/js-nest/requests';
import {
  nestProtoFiles,
  nestProtoRoot,
  startJsNest,
  type JsNestOptions,
  type JsNestServer,
} from '../../peers/js-nest/server';

const bin = new URL('../../../bin/protodesk.js', import.meta.url).pathname;
const plaintext = { mode: 'plaintext' } as const;
const methods = Object.keys(nestRequests);
const notDescriptorProto = (file: string): boolean => file === 'google/protobuf/descriptor.proto';
/** The well-known types come from the engine's own copies, comments included (lossy-repair.test.ts checks them). */
const isWellKnown = (file: string): boolean => file.startsWith('google/protobuf/');

let protocSet: FileDescriptorSet;
let protocSchema: Schema;
beforeAll(async () => {
  protocSet = await protoc(nestProtoFiles, [nestProtoRoot]);
  protocSchema = new Schema(protocSet.file);
});

/** The list a user sees, less what proto-loader cannot serve: file names and comments. */
function listed(services: ServiceInfo[]): unknown {
  return services
    .map(({ name, fullName, methods }) => ({
      name,
      fullName,
      methods: methods.map(({ doc: _doc, ...method }) => method),
    }))
    .sort((a, b) => (a.fullName < b.fullName ? -1 : 1));
}

/** Whether protoc's descriptor of the type or service sets options anywhere inside, map entries' flag aside (proto-loader drops custom options). */
function declaresOptions(desc: DescMessage | DescEnum | DescService): boolean {
  const json = (() => {
    switch (desc.kind) {
      case 'message':
        return toJson(DescriptorProtoSchema, desc.proto);
      case 'enum':
        return toJson(EnumDescriptorProtoSchema, desc.proto);
      case 'service':
        return toJson(ServiceDescriptorProtoSchema, desc.proto);
    }
  })();
  const mapEntryOnly = (value: unknown): boolean => JSON.stringify(value) === '{"mapEntry":true}';
  return JSON.stringify(json, (key, value: unknown) =>
    key === 'options' && mapEntryOnly(value) ? undefined : value,
  ).includes('"options"');
}

/** Calls a method with raw protobuf requests and returns the server's raw responses: the bytes the oracle reads. */
async function rawCall(
  port: number,
  path: string,
  kind: string,
  requests: Uint8Array[],
): Promise<Uint8Array[]> {
  const client = new Client(`127.0.0.1:${port}`, credentials.createInsecure());
  const serialize = (bytes: Uint8Array): Buffer => Buffer.from(bytes);
  const deserialize = (bytes: Buffer): Uint8Array => bytes;
  const collect = (
    stream: ClientReadableStream<Uint8Array> | ClientDuplexStream<Uint8Array, Uint8Array>,
  ): Promise<Uint8Array[]> =>
    new Promise((resolve, reject) => {
      const responses: Uint8Array[] = [];
      stream.on('data', (bytes: Uint8Array) => responses.push(bytes));
      stream.on('error', reject);
      stream.on('end', () => resolve(responses));
    });
  try {
    switch (kind) {
      case 'unary':
      case 'client_stream':
        return [
          await new Promise<Uint8Array>((resolve, reject) => {
            const done = (error: Error | null, response?: Uint8Array): void =>
              error ? reject(error) : resolve(response!);
            if (kind === 'unary')
              return void client.makeUnaryRequest(path, serialize, deserialize, requests[0]!, done);
            const call = client.makeClientStreamRequest(path, serialize, deserialize, done);
            requests.forEach((request) => call.write(request));
            call.end();
          }),
        ];
      case 'server_stream':
        return await collect(client.makeServerStreamRequest(path, serialize, deserialize, requests[0]!));
      default: {
        const call = client.makeBidiStreamRequest(path, serialize, deserialize);
        const responses = collect(call);
        requests.forEach((request) => call.write(request));
        call.end();
        return await responses;
      }
    }
  } finally {
    client.close();
  }
}

describe.each([
  {
    variant: 'protoPath, keepCase: true (as the NestJS docs load protos)',
    options: (): JsNestOptions => ({}),
    rename: fieldNaming(true),
  },
  {
    variant: "protoPath, keepCase: false (proto-loader's default)",
    options: (): JsNestOptions => ({ loaderOptions: { keepCase: false } }),
    rename: fieldNaming(false),
  },
  {
    variant: "packageDefinition from protoc's descriptor set",
    options: (): JsNestOptions => ({ descriptorSet: toBinary(FileDescriptorSetSchema, protocSet) }),
    rename: fieldNaming(true),
  },
])(
  'a NestJS-style grpc-js server with @grpc/reflection ($variant), loaded by reflection',
  ({ options, rename }: { options: () => JsNestOptions; rename: Rename }) => {
    let server: JsNestServer;
    let schema: Schema;
    let engine: CallEngine;
    const target = (): string => `127.0.0.1:${server.port}`;
    const namesKept = rename('a_b') === 'a_b';

    beforeAll(async () => {
      server = await startJsNest(options());
      schema = await loadSchema({ kind: 'reflection', target: target(), tls: plaintext });
      engine = new CallEngine();
    });
    afterAll(async () => {
      engine?.close();
      await server?.stop();
    });

    test("its types are protoc's, message by message (field and oneof names as proto-loader loaded them)", () => {
      expect(schemaShape(schema.registry, undefined, notDescriptorProto)).toEqual(
        schemaShape(protocSchema.registry, rename, notDescriptorProto),
      );
    });

    test('list: the services and methods protoc compiles', () => {
      expect(listed(schema.services())).toEqual(listed(protocSchema.services()));
    });

    // With keepCase: false proto-loader camel-cases field names, so describe cannot print protoc's: not asserted there.
    if (namesKept)
      test("describe: every message, enum and service prints as with protoc's descriptors, unless it has options", () => {
        const protocRegistry: FileRegistry = createFileRegistry(protocSet);
        const described = [...protocRegistry].filter(
          (desc): desc is DescMessage | DescEnum | DescService =>
            desc.kind !== 'extension' && !isWellKnown(desc.file.proto.name) && !declaresOptions(desc),
        );
        expect(described.map((desc) => desc.typeName)).toEqual(
          expect.arrayContaining([
            'shop.orders.v1.Order',
            'shop.orders.v1.ImportSummary',
            'shop.catalog.v1.Product',
            'shop.catalog.v1.CatalogService',
          ]),
        );
        for (const desc of described)
          expect(describeSymbol(schema.registry, desc.typeName)).toBe(
            describeSymbol(protocRegistry, desc.typeName),
          );
      });

    test("samples: each method's sample request is valid for protoc's descriptors, and (names kept) is the one they give", () => {
      for (const method of methods) {
        const sample = sampleJson(schema.method(method)!.input, schema.registry);
        const theirs = protocSchema.method(method)!.input;
        expect(() => encodeJson(protocSchema.registry, theirs, sample)).not.toThrow();
        // Samples fill strings with field names, which keepCase: false camel-cases.
        if (namesKept) expect(sample).toEqual(sampleJson(theirs, protocSchema.registry));
      }
    });

    test("JSON: every request encodes to the bytes protoc's descriptors give, and decodes to the same JSON", () => {
      for (const [method, requests] of Object.entries(nestRequests)) {
        const ours = schema.method(method)!.input;
        const theirs = protocSchema.method(method)!.input;
        for (const request of requests) {
          const bytes = encodeJson(schema.registry, ours, request);
          expect(bytes).toEqual(encodeJson(protocSchema.registry, theirs, request));
          expect(decodeToJson(schema.registry, ours, bytes)).toEqual(
            decodeToJson(protocSchema.registry, theirs, bytes),
          );
        }
      }
    });

    test.each(methods)(
      "%s: the engine shows the responses as Python's json_format prints the server's bytes",
      async (method) => {
        const requests = nestRequests[method]!;
        const desc = protocSchema.method(method)!;
        const call = await callAndCollect(engine, schema, {
          target: target(),
          tls: plaintext,
          method,
          metadata: [],
          requests: requests.map((r) => JSON.stringify(r)),
        });
        expect(call.status).toMatchObject({ code: 0, name: 'OK' });
        const encoded = requests.map((request) => encodeJson(protocSchema.registry, desc.input, request));
        const bytes = await rawCall(server.port, `/${method}`, methodKind(desc), encoded);
        const expected = await jsonFormat(protocSet, desc.output.typeName, bytes);
        expect(bytes.length).toBeGreaterThan(0);
        expect(call.messages.map((json) => JSON.parse(json) as JsonValue)).toEqual(expected);
      },
    );
  },
);

describe('the protodesk executable against the NestJS-style server', () => {
  let server: JsNestServer;
  let folder: string;
  let protoset: string;
  beforeAll(async () => {
    server = await startJsNest();
    folder = await mkdtemp(join(tmpdir(), 'js-nest-'));
    protoset = join(folder, 'shop.binpb');
    await writeFile(protoset, toBinary(FileDescriptorSetSchema, protocSet));
  });
  afterAll(async () => {
    await server?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  /** Runs `protodesk` to its end; resolves with its exit code and output. */
  const protodesk = (args: string[]): Promise<{ code: number | null; out: string; err: string }> =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [bin, ...args]);
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.once('close', (code) => resolve({ code, out, err }));
    });
  const lines = (text: string): string[] => text.split('\n').filter(Boolean).sort();

  test("list, by reflection, prints what it prints from protoc's descriptor set", async () => {
    const target = `127.0.0.1:${server.port}`;
    for (const args of [[], ['shop.orders.v1.OrderService', '--long']]) {
      const reflected = await protodesk(['list', target, ...args, '--plaintext']);
      const fromProtoset = await protodesk(['list', ...args, '--protoset', protoset]);
      expect(reflected).toMatchObject({ code: 0, err: '' });
      expect(fromProtoset.code).toBe(0);
      expect(lines(reflected.out)).toEqual(lines(fromProtoset.out));
    }
  });

  test("describe, by reflection, prints what it prints from protoc's descriptor set; grpcurl 1.9.4 cannot", async () => {
    const target = `127.0.0.1:${server.port}`;
    const reflected = await protodesk(['describe', target, 'shop.orders.v1.Order', '--plaintext']);
    const fromProtoset = await protodesk(['describe', 'shop.orders.v1.Order', '--protoset', protoset]);
    expect(reflected).toMatchObject({ code: 0, err: '' });
    expect(reflected.out).toBe(fromProtoset.out);
    // What the repair is for: grpcurl rejects the same server's descriptors.
    const grpcurl = await runWithGrpcurl(`grpcurl -plaintext ${target} describe shop.orders.v1.Order`);
    expect(grpcurl.code).not.toBe(0);
    expect(grpcurl.stderr).toMatch(/cannot resolve type: "\*\.common\.v1\.Address" not found/);
  });

  test("call, by reflection, prints what it prints from protoc's descriptor set", async () => {
    const target = `127.0.0.1:${server.port}`;
    const data = JSON.stringify(nestRequests['shop.orders.v1.OrderService/SubmitOrder']![0]);
    const reflected = await protodesk([
      'call',
      target,
      'shop.orders.v1.OrderService/SubmitOrder',
      '--plaintext',
      '-d',
      data,
    ]);
    const fromProtoset = await protodesk([
      'call',
      target,
      'shop.orders.v1.OrderService/SubmitOrder',
      '--plaintext',
      '--protoset',
      protoset,
      '-d',
      data,
    ]);
    expect(reflected).toMatchObject({ code: 0, err: '' });
    expect(reflected.out).toBe(fromProtoset.out);
    expect(JSON.parse(reflected.out)).toMatchObject({ orderId: 'o-1', status: 'STATUS_PENDING' });
  });
});
