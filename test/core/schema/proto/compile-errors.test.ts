import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SchemaProblem } from '../../../../src/shared/schema';
import { SchemaError } from '../../../../src/core/schema/errors';
import { compileProtos } from '../../../../src/core/schema/proto/compile';

const dir = join(import.meta.dirname, '../../../fixtures/link-errors');
const at = (file: string, line: number, column: number) => ({ file: join(dir, file), line, column });

/** Compiles fixtures from test/fixtures/link-errors and returns the problems of the SchemaError it must throw. */
async function problemsOf(files: string[], importPaths: string[] = []): Promise<SchemaProblem[]> {
  const error: unknown = await compileProtos({ files: files.map((f) => join(dir, f)), importPaths }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SchemaError);
  return (error as SchemaError).problems;
}

describe('compileProtos errors', () => {
  it('names a missing import, who wants it and every folder searched', async () => {
    expect(await problemsOf(['missing-import.proto'])).toEqual([
      {
        message: 'Import "nope/missing.proto" was not found (imported by "missing-import.proto")',
        location: at('missing-import.proto', 3, 1),
        hint: `Searched: ${dir}, the bundled google/protobuf types. Add the folder that contains "nope/missing.proto" to the import paths.`,
      },
    ]);
  });

  it('reports a requested file that does not exist or is outside the import paths', async () => {
    expect(await problemsOf(['nothere.proto'])).toEqual([
      {
        message: `File not found: ${join(dir, 'nothere.proto')}`,
        hint: 'Check the path; relative paths are looked up in the working directory.',
      },
    ]);
    const relative = await compileProtos({ files: ['nothere.proto'], importPaths: [dir] }).catch(
      (e: SchemaError) => e.problems,
    );
    expect(relative).toEqual([
      {
        message: 'File not found: nothere.proto',
        hint: `Check the path; relative paths are looked up in the working directory and the import paths (${dir}).`,
      },
    ]);
    const elsewhere = join(dir, '../protos');
    expect(await problemsOf(['map-key.proto'], [elsewhere])).toEqual([
      {
        message: `${join(dir, 'map-key.proto')} is not under any import path (import paths: ${elsewhere})`,
        hint: 'Add the folder that contains it (or one of its parents) to the import paths.',
      },
    ]);
  });

  it('says where an undefined type is used and suggests the similar or unimported one', async () => {
    expect(await problemsOf(['undefined-type.proto'])).toEqual([
      {
        message: '"account" is not defined',
        location: at('undefined-type.proto', 6, 3),
        hint: 'Did you mean "errors.Account"?',
      },
      { message: '"Missing" is not defined', location: at('undefined-type.proto', 7, 3) },
    ]);
    expect(await problemsOf(['not-imported.proto', 'defines-thing.proto'])).toEqual([
      {
        message: '"Thing" is not defined',
        location: at('not-imported.proto', 6, 3),
        hint: '"Thing" is defined in "defines-thing.proto", which "not-imported.proto" does not import. Add: import "defines-thing.proto";',
      },
    ]);
  });

  it('reports duplicate symbols, duplicate numbers and reserved numbers together', async () => {
    expect(await problemsOf(['duplicates.proto'])).toEqual([
      { message: '"Twice" is already defined in "errors".', location: at('duplicates.proto', 6, 9) },
      {
        message: 'Field number 1 has already been used in "errors.Numbers" by field "a".',
        location: at('duplicates.proto', 10, 9),
        hint: 'Give each field its own number.',
      },
      {
        message: 'Field "c" uses reserved number 5.',
        location: at('duplicates.proto', 11, 9),
        hint: 'Numbers 5 to 9 are reserved in "errors.Numbers".',
      },
    ]);
  });

  it('rejects a map with a floating point key', async () => {
    expect(await problemsOf(['map-key.proto'])).toEqual([
      {
        message: 'Key in map fields cannot be float/double, bytes or message types.',
        location: at('map-key.proto', 4, 3),
        hint: 'Use an integer, bool or string key.',
      },
    ]);
  });

  it('reports an import cycle with the whole chain', async () => {
    expect(await problemsOf(['cycle-a.proto'])).toEqual([
      {
        message: 'Import cycle: cycle-a.proto -> cycle-b.proto -> cycle-a.proto',
        location: at('cycle-b.proto', 3, 1),
        hint: 'Move the shared definitions into a file that both can import.',
      },
    ]);
  });

  it('rejects an enum as rpc input', async () => {
    expect(await problemsOf(['enum-input.proto'])).toEqual([
      {
        message: '"Kind" is not a message type',
        location: at('enum-input.proto', 10, 12),
        hint: '"Kind" is an enum; a message is required here.',
      },
    ]);
  });

  it('reports unknown options and option values of the wrong type', async () => {
    expect(await problemsOf(['options.proto'])).toEqual([
      {
        message: 'Option "java_pakage" unknown.',
        location: at('options.proto', 3, 1),
        hint: '"google.protobuf.FileOptions" has no field named "java_pakage".',
      },
      {
        message:
          'Option "(not.there)" unknown. Ensure that your proto definition file imports the proto which defines the option.',
        location: at('options.proto', 4, 1),
      },
      {
        message: 'Value must be "true" or "false" for boolean option "java_multiple_files".',
        location: at('options.proto', 5, 30),
      },
      {
        message:
          'Enum type "google.protobuf.FileOptions.OptimizeMode" has no value named "FASTEST" for option "optimize_for".',
        location: at('options.proto', 6, 23),
      },
    ]);
  });

  it('rejects an edition newer than protoc 35.1 knows, naming the editions supported', async () => {
    expect(await problemsOf(['edition-2026.proto'])).toEqual([
      {
        message:
          'Edition "2026" is not supported: Protodesk compiles editions 2023 and 2024, as protoc 35.1 does',
        location: at('edition-2026.proto', 1, 1),
        hint: 'Write edition = "2023"; or edition = "2024"; (or syntax = "proto3"; for a proto3 file).',
      },
    ]);
  });
});
