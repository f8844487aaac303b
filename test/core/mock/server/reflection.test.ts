import { fromBinary } from '@bufbuild/protobuf';
import { BinaryReader, BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import { FileDescriptorProtoSchema } from '@bufbuild/protobuf/wkt';
import { Client, credentials } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockServer } from '../../../../src/core/mock/server/mock-server';
import { loadSchema } from '../../../../src/core/schema/load';
import {
  decodeResponse,
  encodeRequest,
  type ReflectionResponse,
} from '../../../../src/core/schema/reflection/codec';
import { fixtureProtos, startEchoMock } from './echo-mock';

const identity = (bytes: Buffer): Buffer => bytes;

/** One reflection stream (grpc-js, raw bytes): sends each request after the previous answer, returns the answers. */
async function reflect(
  address: string,
  version: 'v1' | 'v1alpha',
  requests: Uint8Array[],
): Promise<Uint8Array[]> {
  const client = new Client(address, credentials.createInsecure());
  const stream = client.makeBidiStreamRequest<Buffer, Buffer>(
    `/grpc.reflection.${version}.ServerReflection/ServerReflectionInfo`,
    identity,
    identity,
  );
  const answers: Uint8Array[] = [];
  try {
    for (const request of requests) {
      const answer = new Promise<Buffer>((resolve, reject) => {
        stream.once('data', resolve);
        stream.once('error', reject);
      });
      stream.write(Buffer.from(request));
      answers.push(await answer);
    }
    stream.end();
    return answers;
  } finally {
    client.close();
  }
}

const fileNames = (answer: ReflectionResponse): string[] =>
  answer.kind === 'files'
    ? answer.files.map((bytes) => fromBinary(FileDescriptorProtoSchema, bytes).name)
    : [];

/** ServerReflectionRequest { all_extension_numbers_of_type = 6 } */
const allExtensionNumbers = (typeName: string): Uint8Array =>
  new BinaryWriter().tag(6, WireType.LengthDelimited).string(typeName).finish();
/** ServerReflectionRequest { file_containing_extension = 5 { containing_type = 1; extension_number = 2 } } */
const fileContainingExtension = (typeName: string, number: number): Uint8Array =>
  new BinaryWriter()
    .tag(5, WireType.LengthDelimited)
    .fork()
    .tag(1, WireType.LengthDelimited)
    .string(typeName)
    .tag(2, WireType.Varint)
    .int32(number)
    .join()
    .finish();

/** ExtensionNumberResponse (field 5 of the response): its numbers. */
function extensionNumbers(bytes: Uint8Array): number[] {
  const reader = new BinaryReader(bytes);
  while (reader.pos < reader.len) {
    const [field, wireType] = reader.tag();
    if (field !== 5) {
      reader.skip(wireType, field);
      continue;
    }
    const inner = new BinaryReader(reader.bytes());
    const numbers: number[] = [];
    while (inner.pos < inner.len) {
      const [f, w] = inner.tag();
      if (f === 2 && w === WireType.LengthDelimited) {
        const packed = new BinaryReader(inner.bytes());
        while (packed.pos < packed.len) numbers.push(packed.int32());
      } else inner.skip(w, f);
    }
    return numbers;
  }
  return [];
}

describe('the mock’s reflection service', () => {
  let server: MockServer;
  let address: string;
  beforeAll(async () => {
    const schema = await loadSchema({
      kind: 'protoFiles',
      files: ['grpc/testing/test.proto', 'describe/legacy.proto'],
      importPaths: [fixtureProtos],
    });
    ({ server, address } = await startEchoMock({ schema }));
  });
  afterAll(() => server.close(0));

  for (const version of ['v1', 'v1alpha'] as const) {
    test(`${version}: a symbol's file comes with its imports, each sent once per stream`, async () => {
      const answers = await reflect(address, version, [
        encodeRequest({ kind: 'fileContainingSymbol', symbol: 'grpc.testing.TestService.UnaryCall' }),
        encodeRequest({ kind: 'fileContainingSymbol', symbol: 'grpc.testing.SimpleRequest' }),
        encodeRequest({ kind: 'fileByFilename', filename: 'grpc/testing/test.proto' }),
      ]);
      const [first, second, third] = answers.map(decodeResponse);
      expect(fileNames(first!)).toEqual([
        'grpc/testing/test.proto',
        'grpc/testing/empty.proto',
        'grpc/testing/messages.proto',
      ]);
      // Already sent on this stream: only the file asked for.
      expect(fileNames(second!)).toEqual(['grpc/testing/messages.proto']);
      expect(fileNames(third!)).toEqual(['grpc/testing/test.proto']);
    });

    test(`${version}: unknown files and symbols are NOT_FOUND error responses, and the stream goes on`, async () => {
      const answers = await reflect(address, version, [
        encodeRequest({ kind: 'fileByFilename', filename: 'nope.proto' }),
        encodeRequest({ kind: 'fileContainingSymbol', symbol: 'no.Such' }),
        encodeRequest({ kind: 'listServices' }),
      ]);
      const [file, symbol, list] = answers.map(decodeResponse);
      expect(file).toEqual({
        kind: 'error',
        code: 5,
        message: 'file "nope.proto" is not in this mock\'s schema',
      });
      expect(symbol).toEqual({
        kind: 'error',
        code: 5,
        message: 'symbol "no.Such" is not in this mock\'s schema',
      });
      expect(list).toMatchObject({ kind: 'services' });
      expect((list as { services: string[] }).services).toEqual(
        expect.arrayContaining([
          'grpc.testing.TestService',
          'grpc.health.v1.Health',
          'grpc.reflection.v1alpha.ServerReflection',
        ]),
      );
    });
  }

  test('extensions: the numbers of a message’s extensions, and the file defining one', async () => {
    const answers = await reflect(address, 'v1', [
      allExtensionNumbers('describe.legacy.Order'),
      fileContainingExtension('describe.legacy.Order', 102),
      fileContainingExtension('describe.legacy.Order', 999),
    ]);
    expect(extensionNumbers(answers[0]!)).toEqual([100, 101, 102, 150]);
    expect(fileNames(decodeResponse(answers[1]!))).toEqual(['describe/legacy.proto']);
    expect(decodeResponse(answers[2]!)).toMatchObject({ kind: 'error', code: 5 });
  });

  test('a field and the health service resolve to their files', async () => {
    const answers = await reflect(address, 'v1', [
      encodeRequest({ kind: 'fileContainingSymbol', symbol: 'describe.legacy.Order.note' }),
      encodeRequest({ kind: 'fileContainingSymbol', symbol: 'grpc.health.v1.Health' }),
    ]);
    expect(fileNames(decodeResponse(answers[0]!))).toEqual(['describe/legacy.proto']);
    expect(fileNames(decodeResponse(answers[1]!))).toEqual(['grpc/health/v1/health.proto']);
  });
});
