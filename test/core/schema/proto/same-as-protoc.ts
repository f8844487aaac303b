import { join } from 'node:path';
import { clone, toBinary, toJson } from '@bufbuild/protobuf';
import { FileDescriptorProtoSchema, type FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import { expect } from 'vitest';
import { bundledProtoRoot } from '../../../../src/core/schema/bundled/root';
import { compileProtos } from '../../../../src/core/schema/proto/compile';
import { protoc } from '../../../helpers/protoc';

export function withoutSourceInfo(file: FileDescriptorProto): FileDescriptorProto {
  const copy = clone(FileDescriptorProtoSchema, file);
  copy.sourceCodeInfo = undefined;
  return copy;
}

function bytesOf(file: FileDescriptorProto): string {
  return Buffer.from(toBinary(FileDescriptorProtoSchema, file)).toString('hex');
}

/**
 * Compiles with protodesk and with protoc and expects byte-identical descriptors (custom options included);
 * returns our files. On a difference, the JSON forms are compared first, for a readable diff.
 * `protocPaths` overrides protoc's import paths (the bundled protos last by default).
 */
export async function expectSameAsProtoc(
  names: string[],
  importPaths: string[],
  protocPaths = [...importPaths, bundledProtoRoot()],
): Promise<FileDescriptorProto[]> {
  const [ours, theirs] = await Promise.all([
    compileProtos({ files: names.map((n) => join(importPaths[0] ?? '', n)), importPaths }),
    protoc(names, protocPaths),
  ]);
  expect(ours.files.map((f) => f.name)).toEqual(theirs.file.map((f) => f.name));
  theirs.file.forEach((expected, index) => {
    const actual = withoutSourceInfo(ours.files[index] as FileDescriptorProto);
    const wanted = withoutSourceInfo(expected);
    if (bytesOf(actual) !== bytesOf(wanted)) {
      expect(toJson(FileDescriptorProtoSchema, actual)).toEqual(toJson(FileDescriptorProtoSchema, wanted));
      expect(bytesOf(actual)).toBe(bytesOf(wanted));
    }
  });
  return ours.files;
}
