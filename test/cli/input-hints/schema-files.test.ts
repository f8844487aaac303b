import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { toBinary } from '@bufbuild/protobuf';
import { FileDescriptorSetSchema } from '@bufbuild/protobuf/wkt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { protoc } from '../../helpers/protoc';
import { protodesk, snapshot } from './harness';

const run = promisify(execFile);

/** `a.proto` with the field `x` as `type`: two versions of one file name. */
const aProto = (type: string) =>
  `syntax = "proto3";\npackage d;\nmessage A { ${type} x = 1; }\nservice S { rpc M(A) returns (A); }\n`;

// Schema files that are not what --proto and --protoset need, through the real executable: a folder, a pipe (never
// opened: reading it would wait for a writer forever), a device (never read: /dev/urandom has no end), a garbage or
// oversized file, and a descriptor set holding two versions of one file.
describe('schema files that are not schema files', () => {
  let dir: string;
  let fifo: string;
  let before: Record<string, string>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'protodesk-hints-'));
    fifo = join(dir, 'schema.fifo');
    await run('mkfifo', [fifo]);
    await Promise.all(['v1', 'v2'].map((version) => mkdir(join(dir, version))));
    await writeFile(join(dir, 'v1', 'a.proto'), aProto('int32'));
    await writeFile(join(dir, 'v2', 'a.proto'), aProto('string'));
    const [v1, v2] = await Promise.all(
      ['v1', 'v2'].map(async (version) =>
        toBinary(FileDescriptorSetSchema, await protoc(['a.proto'], [join(dir, version)])),
      ),
    );
    // Sets joined with `cat`: a valid FileDescriptorSet whose file list repeats the name.
    await writeFile(join(dir, 'different.protoset'), Buffer.concat([v1!, v2!]));
    await writeFile(join(dir, 'same.protoset'), Buffer.concat([v1!, v1!]));
    await writeFile(
      join(dir, 'garbage.protoset'),
      Buffer.from('\x0a\xff\xff\xff\x0fSECRET-LOOKING BYTES', 'latin1'),
    );
    // Sparse: longer than the 256 MiB limit without taking the disk space.
    await writeFile(join(dir, 'huge.protoset'), '');
    await truncate(join(dir, 'huge.protoset'), 257 * 1024 * 1024);
    before = await snapshot(dir);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** The message line, then its hint on an indented line of its own. */
  const schemaFailure = (message: string, hint: string) => ({
    code: 1,
    out: '',
    err: `protodesk: ${message}\n  ${hint}\n`,
  });

  test('--proto of a folder says it is a folder and how to load the files in it', async () => {
    expect(await protodesk(['list', '--proto', dir])).toEqual(
      schemaFailure(
        `${dir} is a folder, not a .proto file.`,
        `Name the .proto files inside it, and add the folder to the import paths so their imports resolve (CLI: --proto FILE -I FOLDER).`,
      ),
    );
  });

  test('--proto of a pipe or a device says it is not a regular file, without waiting for the pipe', async () => {
    const hint = 'Save the .proto text to a regular file and name that file: pipes and devices are not read.';
    expect(await protodesk(['list', '--proto', fifo])).toEqual(
      schemaFailure(`${fifo} is a named pipe (FIFO), not a .proto file.`, hint),
    );
    expect(await protodesk(['list', '--proto', '/dev/zero'])).toEqual(
      schemaFailure(`/dev/zero is a character device, not a .proto file.`, hint),
    );
  });

  test('--protoset of a folder, a pipe or /dev/urandom is refused before reading', async () => {
    expect(await protodesk(['list', '--protoset', dir])).toEqual(
      schemaFailure(
        `${dir} is a folder, not a descriptor set file.`,
        `Name the descriptor set file inside it, or load the .proto files (CLI: --proto FILE -I FOLDER).`,
      ),
    );
    const hint = 'Save the descriptor set to a regular file first and name that file.';
    expect(await protodesk(['list', '--protoset', fifo])).toEqual(
      schemaFailure(`${fifo} is a named pipe (FIFO), not a descriptor set file.`, hint),
    );
    // A heap this small would not survive reading an endless device into memory.
    expect(
      await protodesk(['list', '--protoset', '/dev/urandom'], { nodeFlags: ['--max-old-space-size=64'] }),
    ).toEqual(schemaFailure(`/dev/urandom is a character device, not a descriptor set file.`, hint));
  });

  test('a descriptor set over 256 MiB is refused by its size, unread', async () => {
    const file = join(dir, 'huge.protoset');
    expect(await protodesk(['list', '--protoset', file], { nodeFlags: ['--max-old-space-size=64'] })).toEqual(
      schemaFailure(
        `${file} is 257 MiB: larger than any descriptor set Protodesk reads (256 MiB), so it is probably not one.`,
        `Check the path; a descriptor set holds only schemas (\`protoc --descriptor_set_out\` without --include_source_info keeps it small).`,
      ),
    );
  });

  test('a garbage file is "not a FileDescriptorSet", quoting none of its bytes', async () => {
    const file = join(dir, 'garbage.protoset');
    const result = await protodesk(['list', '--protoset', file]);
    expect(result).toEqual(
      schemaFailure(
        `${file} is not a binary FileDescriptorSet (it does not decode as one).`,
        `Create one with \`protoc --include_imports --descriptor_set_out=FILE\`, \`buf build -o FILE\` or \`protodesk protoset -o FILE\`.`,
      ),
    );
    expect(result.err).not.toContain('SECRET');
  });

  test('a set holding two different versions of one file is an error naming the file', async () => {
    const file = join(dir, 'different.protoset');
    expect(await protodesk(['list', '--protoset', file])).toEqual(
      schemaFailure(
        `${file} holds two different versions of "a.proto": the set was built from .proto files that disagree.`,
        `Build it again in one go from one copy of the .proto files (\`protoc --include_imports --descriptor_set_out=FILE ...\` or \`buf build -o FILE\`) instead of joining sets.`,
      ),
    );
  });

  test('a set holding the same file twice loads', async () => {
    expect(await protodesk(['list', '--protoset', join(dir, 'same.protoset')])).toEqual({
      code: 0,
      out: 'd.S\n',
      err: '',
    });
  });

  // Runs last: whatever the runs above were given, nothing was written, moved or deleted.
  test('every file given is as it was', async () => {
    expect(await snapshot(dir)).toEqual(before);
  });
});
