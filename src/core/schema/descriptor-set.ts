import { readFile, stat } from 'node:fs/promises';
import { fromBinary, toBinary } from '@bufbuild/protobuf';
import {
  FileDescriptorProtoSchema,
  FileDescriptorSetSchema,
  type FileDescriptorProto,
} from '@bufbuild/protobuf/wkt';
import { fileType } from '../files/file-type';
import { SchemaError } from './errors';
import { describeFileError } from './file-errors';
import { orderByDependencies } from './file-order';

/**
 * The largest descriptor set read. The whole googleapis tree with source info is 82 MiB (and takes 1.3 GB to load);
 * three times that is room for any real schema, while a bigger file is almost certainly something else.
 */
const maxDescriptorSetBytes = 256 * 1024 * 1024;

/** Reads a binary FileDescriptorSet (protoc --descriptor_set_out, buf build -o, grpcurl -protoset-out). */
export async function readDescriptorSet(path: string): Promise<FileDescriptorProto[]> {
  let bytes: Uint8Array;
  try {
    const stats = await stat(path);
    // A pipe or device (/dev/urandom) would block or never end: only regular files are read.
    if (!stats.isFile()) throw notAFile(path, fileType(stats));
    if (stats.size > maxDescriptorSetBytes) throw tooLarge(path, stats.size);
    bytes = await readFile(path);
  } catch (error) {
    if (error instanceof SchemaError) throw error;
    throw new SchemaError([describeFileError(error, path, 'descriptor set')]);
  }
  let files: FileDescriptorProto[];
  try {
    files = fromBinary(FileDescriptorSetSchema, bytes).file;
  } catch {
    // The decoder's reason may quote what it read; the file is not a descriptor set, which is all there is to say.
    throw notADescriptorSet(path, 'it does not decode as one');
  }
  if (files.length === 0 || files.some((f) => !f.name))
    throw notADescriptorSet(path, 'it holds no named files');
  return orderByDependencies(withoutDuplicates(files, path), path);
}

/**
 * One copy of each file: sets concatenated with `cat` repeat the files they share. Identical copies are dropped; two
 * different files under one name cannot both be used, and picking one would silently use the wrong definitions.
 */
function withoutDuplicates(files: FileDescriptorProto[], path: string): FileDescriptorProto[] {
  const byName = new Map<string, FileDescriptorProto>();
  const conflicts = new Set<string>();
  for (const file of files) {
    const first = byName.get(file.name);
    if (!first) byName.set(file.name, file);
    else if (!sameFile(first, file)) conflicts.add(file.name);
  }
  if (conflicts.size > 0) {
    const names = [...conflicts].map((name) => `"${name}"`).join(', ');
    throw new SchemaError([
      {
        message: `${path} holds two different versions of ${names}: the set was built from .proto files that disagree.`,
        hint: 'Build it again in one go from one copy of the .proto files (`protoc --include_imports --descriptor_set_out=FILE ...` or `buf build -o FILE`) instead of joining sets.',
      },
    ]);
  }
  return byName.size === files.length ? files : [...byName.values()];
}

function sameFile(a: FileDescriptorProto, b: FileDescriptorProto): boolean {
  return Buffer.from(toBinary(FileDescriptorProtoSchema, a)).equals(toBinary(FileDescriptorProtoSchema, b));
}

function notAFile(path: string, type: string): SchemaError {
  return new SchemaError([
    {
      message: `${path} is ${type}, not a descriptor set file.`,
      hint:
        type === 'a folder'
          ? 'Name the descriptor set file inside it, or load the .proto files (CLI: --proto FILE -I FOLDER).'
          : 'Save the descriptor set to a regular file first and name that file.',
    },
  ]);
}

function tooLarge(path: string, size: number): SchemaError {
  return new SchemaError([
    {
      message: `${path} is ${Math.round(size / (1024 * 1024))} MiB: larger than any descriptor set Protodesk reads (${maxDescriptorSetBytes / (1024 * 1024)} MiB), so it is probably not one.`,
      hint: 'Check the path; a descriptor set holds only schemas (`protoc --descriptor_set_out` without --include_source_info keeps it small).',
    },
  ]);
}

function notADescriptorSet(path: string, reason: string): SchemaError {
  return new SchemaError([
    {
      message: `${path} is not a binary FileDescriptorSet (${reason}).`,
      hint: 'Create one with `protoc --include_imports --descriptor_set_out=FILE`, `buf build -o FILE` or `protodesk protoset -o FILE`.',
    },
  ]);
}
