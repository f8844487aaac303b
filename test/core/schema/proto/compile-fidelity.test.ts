import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { clone, equals, toBinary, toJson } from '@bufbuild/protobuf';
import { FileDescriptorProtoSchema, type FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import { describe, expect, it } from 'vitest';
import { bundledProtoRoot } from '../../../../src/core/schema/bundled/root';
import { compileProtos } from '../../../../src/core/schema/proto/compile';
import { protoc } from '../../../helpers/protoc';

const fixtures = join(import.meta.dirname, '../../../fixtures/protos');

async function protoFiles(root: string, under = ''): Promise<string[]> {
  const entries = await readdir(join(root, under), { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.proto'))
    .map((e) => relative(root, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort();
}

function withoutSourceInfo(file: FileDescriptorProto): FileDescriptorProto {
  const copy = clone(FileDescriptorProtoSchema, file);
  copy.sourceCodeInfo = undefined;
  return copy;
}

/** Compiles with protodesk and with protoc and expects byte-identical descriptors (custom options included). */
async function expectSameAsProtoc(names: string[], importPaths: string[]): Promise<void> {
  const [ours, theirs] = await Promise.all([
    compileProtos({ files: names.map((n) => join(importPaths[0] ?? '', n)), importPaths }),
    protoc(names, [...importPaths, bundledProtoRoot()]),
  ]);
  expect(ours.files.map((f) => f.name)).toEqual(theirs.file.map((f) => f.name));
  theirs.file.forEach((expected, index) => {
    const actual = withoutSourceInfo(ours.files[index] as FileDescriptorProto);
    const wanted = withoutSourceInfo(expected);
    if (!equals(FileDescriptorProtoSchema, actual, wanted) || !sameBytes(actual, wanted)) {
      expect(toJson(FileDescriptorProtoSchema, actual)).toEqual(toJson(FileDescriptorProtoSchema, wanted));
      expect(Buffer.from(toBinary(FileDescriptorProtoSchema, actual)).toString('hex')).toBe(Buffer.from(toBinary(FileDescriptorProtoSchema, wanted)).toString('hex'));
    }
  });
}

function sameBytes(a: FileDescriptorProto, b: FileDescriptorProto): boolean {
  return Buffer.from(toBinary(FileDescriptorProtoSchema, a)).equals(Buffer.from(toBinary(FileDescriptorProtoSchema, b)));
}

describe('compileProtos equals protoc', () => {
  it('compiles grpc interop protos like protoc', async () => {
    await expectSameAsProtoc(['grpc/testing/test.proto', 'grpc/testing/messages.proto', 'grpc/testing/empty.proto'], [fixtures]);
  });

  it('compiles every protodesk fixture like protoc', async () => {
    const names = await protoFiles(fixtures, 'protodesk');
    expect(names.length).toBeGreaterThan(5);
    for (const name of names) await expectSameAsProtoc([name], [fixtures]);
  });

  it('compiles every bundled proto like protoc', async () => {
    const root = bundledProtoRoot();
    for (const name of await protoFiles(root)) await expectSameAsProtoc([name], [root]);
  });
});
