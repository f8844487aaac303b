import { clone, equals, fromBinary, toBinary } from '@bufbuild/protobuf';
import { FileDescriptorProtoSchema, SourceCodeInfoSchema } from '@bufbuild/protobuf/wkt';
import type { AnyDesc } from '@bufbuild/protobuf';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { bundledProtoRoot } from '../../../src/core/schema/bundled/root';
import {
  decodeFileDescriptor,
  encodeFileDescriptor,
  sourceInfoBytes,
} from '../../../src/core/schema/compact-source-info';
import { docComments } from '../../../src/core/schema/docs';
import { compileProtos } from '../../../src/core/schema/proto/compile';
import { Schema } from '../../../src/core/schema/schema';
import { protoc } from '../../helpers/protoc';

const folder = join(import.meta.dirname, '../../fixtures/protos');

async function compiled() {
  return (await compileProtos({ files: [join(folder, 'docs/library.proto')], importPaths: [folder] })).files;
}

test('compiled source info reads back as protoc writes it: every commented location, its span and comments', async () => {
  const ours = await compiled();
  const theirs = await protoc(['docs/library.proto'], [folder, bundledProtoRoot()], { sourceInfo: true });
  let compared = 0;
  for (const file of ours) {
    const expected = theirs.file.find((f) => f.name === file.name);
    const locations = file.sourceCodeInfo?.location ?? [];
    for (const location of locations) {
      const wanted = expected?.sourceCodeInfo?.location.find(
        (l) => l.path.join('.') === location.path.join('.'),
      );
      expect(wanted && equals(SourceCodeInfoSchema.nestedMessages[0]!, location, wanted)).toBe(true);
      compared++;
    }
  }
  expect(compared).toBeGreaterThan(10);
});

test('a file encodes and decodes with its source info compact, byte for byte what toBinary gives', async () => {
  for (const file of await compiled()) {
    const plain = clone(FileDescriptorProtoSchema, file);
    const encoded = encodeFileDescriptor(file);
    expect(equals(FileDescriptorProtoSchema, fromBinary(FileDescriptorProtoSchema, encoded), plain)).toBe(
      true,
    );
    const decoded = decodeFileDescriptor(toBinary(FileDescriptorProtoSchema, plain));
    expect(equals(FileDescriptorProtoSchema, decoded, plain)).toBe(true);
    expect(sourceInfoBytes(decoded)).toEqual(toBinary(SourceCodeInfoSchema, plain.sourceCodeInfo!));
  }
});

test('assigning source info replaces the compact copy', async () => {
  const [file] = await compiled();
  file!.sourceCodeInfo = undefined;
  expect(file!.sourceCodeInfo).toBeUndefined();
  expect(sourceInfoBytes(file!)).toBeUndefined();
  expect(encodeFileDescriptor(file!)).toEqual(toBinary(FileDescriptorProtoSchema, file!));
});

test('comments read from compact source info are the ones read from the expanded copy', async () => {
  const files = await compiled();
  const compact = new Schema(files).registry;
  const expanded = new Schema(files.map((f) => clone(FileDescriptorProtoSchema, f))).registry;
  const inside = (desc: AnyDesc): AnyDesc[] => {
    if (desc.kind === 'message') return [desc, ...desc.fields, ...desc.oneofs];
    if (desc.kind === 'enum') return [desc, ...desc.values];
    if (desc.kind === 'service') return [desc, ...desc.methods];
    return [desc];
  };
  let commented = 0;
  for (const type of compact) {
    const twin = expanded.get(type.typeName);
    if (!twin) throw new Error(`${type.typeName} is missing`);
    const [ours, theirs] = [inside(type), inside(twin)];
    expect(ours.length).toBe(theirs.length);
    ours.forEach((desc, i) => {
      expect(docComments(desc)).toEqual(docComments(theirs[i]!));
      if (docComments(desc).leading) commented++;
    });
  }
  expect(commented).toBeGreaterThan(5);
});
