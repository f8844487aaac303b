import { create, equals, toBinary } from '@bufbuild/protobuf';
import { FileDescriptorProtoSchema, FileDescriptorSetSchema } from '@bufbuild/protobuf/wkt';
import { cp, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { SchemaError } from '../../../src/core/schema/errors';
import { loadSchema } from '../../../src/core/schema/load';
import type { SchemaSource } from '../../../src/shared/schema';
import { protoc } from '../../helpers/protoc';

const protos = new URL('../../fixtures/protos/', import.meta.url).pathname;

async function scratch(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'load-'));
}

/** The message of a load that must fail with a SchemaError. */
async function failure(source: SchemaSource): Promise<string> {
  const error = await loadSchema(source).then(
    () => new Error('expected the load to fail'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SchemaError);
  return (error as SchemaError).message;
}

describe('a proto folder', () => {
  test('loads every .proto below it, the folder being the import root', async () => {
    const root = await scratch();
    await cp(join(protos, 'grpc'), join(root, 'grpc'), { recursive: true });
    const schema = await loadSchema({ kind: 'protoFolder', folder: root });
    expect(schema.services().map((s) => s.fullName)).toEqual(
      expect.arrayContaining(['grpc.testing.TestService', 'grpc.testing.ReconnectService']),
    );
    expect(schema.method('grpc.testing.TestService/FullDuplexCall')?.methodKind).toBe('bidi_streaming');
  });

  test('a folder below the import root names the missing import and where it looked', async () => {
    const root = await scratch();
    await cp(join(protos, 'grpc'), join(root, 'grpc'), { recursive: true });
    const message = await failure({ kind: 'protoFolder', folder: join(root, 'grpc') });
    expect(message).toContain('grpc/testing/empty.proto');
    expect(message).toContain(join(root, 'grpc'));
  });

  test('an empty folder says there is nothing to load', async () => {
    expect(await failure({ kind: 'protoFolder', folder: await scratch() })).toContain(
      'No .proto files found in',
    );
  });
});

describe('a descriptor set', () => {
  test('loads exactly what protoc wrote, imports first', async () => {
    const set = await protoc(['grpc/testing/test.proto'], [protos]);
    const file = join(await scratch(), 'interop.binpb');
    await writeFile(file, toBinary(FileDescriptorSetSchema, set));
    const schema = await loadSchema({ kind: 'descriptorSet', file });
    expect(schema.files.map((f) => f.name)).toEqual([
      'grpc/testing/empty.proto',
      'grpc/testing/messages.proto',
      'grpc/testing/test.proto',
    ]);
    set.file.forEach((f, i) => expect(equals(FileDescriptorProtoSchema, f, schema.files[i]!)).toBe(true));
    expect(schema.toDescriptorSet()).toEqual(toBinary(FileDescriptorSetSchema, set));
  });

  test('a file that is not a descriptor set says so and how to make one', async () => {
    const file = join(await scratch(), 'notes.txt');
    await writeFile(file, 'these are not descriptors\n');
    const message = await failure({ kind: 'descriptorSet', file });
    expect(message).toContain(`${file} is not a binary FileDescriptorSet`);
    expect(message).toContain('protoc --include_imports --descriptor_set_out=FILE');
  });

  test('a set without its imports names each missing file', async () => {
    const set = await protoc(['grpc/testing/test.proto'], [protos]);
    const file = join(await scratch(), 'partial.binpb');
    const withoutImports = create(FileDescriptorSetSchema, {
      file: set.file.filter((f) => f.name === 'grpc/testing/test.proto'),
    });
    await writeFile(file, toBinary(FileDescriptorSetSchema, withoutImports));
    const message = await failure({ kind: 'descriptorSet', file });
    expect(message).toContain('"grpc/testing/empty.proto" (imported by grpc/testing/test.proto)');
    expect(message).toContain('--include_imports');
  });

  test('descriptors that do not fit together say why, never with an empty reason, and how to regenerate them', async () => {
    const set = await protoc(['grpc/testing/test.proto'], [protos]);
    const messages = set.file.find((f) => f.name === 'grpc/testing/messages.proto');
    const repeated = messages?.messageType
      .flatMap((m) => m.field)
      .find((f) => f.name === 'response_parameters');
    // A repeated field referring to its type by a name that is not fully qualified, as lossy tools write it.
    repeated!.typeName = 'ResponseParameters';
    const file = join(await scratch(), 'lossy.binpb');
    await writeFile(file, toBinary(FileDescriptorSetSchema, set));
    expect(await failure({ kind: 'descriptorSet', file })).toBe(
      `The descriptors in ${file} do not fit together: a field refers to a type that is not in them, or not by its fully qualified name.\n` +
        '  Regenerate it with all imports included: protoc --include_imports --descriptor_set_out=FILE, or buf build -o FILE.',
    );
  });

  test('a missing file is named', async () => {
    expect(await failure({ kind: 'descriptorSet', file: '/nowhere/x.binpb' })).toContain(
      'The descriptor set /nowhere/x.binpb does not exist.',
    );
  });
});

describe('proto files', () => {
  test('a relative file name is found under an import path, as protoc and grpcurl find it', async () => {
    const relative = await loadSchema({
      kind: 'protoFiles',
      files: ['grpc/testing/test.proto'],
      importPaths: [protos],
    });
    const absolute = await loadSchema({
      kind: 'protoFiles',
      files: [join(protos, 'grpc/testing/test.proto')],
      importPaths: [protos],
    });
    expect(relative.files.map((f) => f.name)).toEqual(absolute.files.map((f) => f.name));
    expect(relative.method('grpc.testing.TestService/EmptyCall')).toBeDefined();
  });
});

describe('proto files and a descriptor set of the same protos', () => {
  test('give the same schema', async () => {
    const fromFiles = await loadSchema({
      kind: 'protoFiles',
      files: [join(protos, 'grpc/testing/test.proto')],
      importPaths: [protos],
    });
    const file = join(await scratch(), 'again.binpb');
    await writeFile(file, fromFiles.toDescriptorSet());
    const fromSet = await loadSchema({ kind: 'descriptorSet', file });
    expect(fromSet.services()).toEqual(fromFiles.services());
  });
});
