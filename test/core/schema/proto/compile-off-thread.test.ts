import { equals } from '@bufbuild/protobuf';
import { FileDescriptorProtoSchema } from '@bufbuild/protobuf/wkt';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { bundledProtoRoot } from '../../../../src/core/schema/bundled/root';
import { findProtoFiles } from '../../../../src/core/schema/proto-folder';
import {
  compileProtos,
  type CompiledProtos,
  type CompileRequest,
} from '../../../../src/core/schema/proto/compile';
import { compileInWorker } from '../../../../src/core/schema/proto/compile-off-thread';
import { Schema } from '../../../../src/core/schema/schema';

const fixtures = join(import.meta.dirname, '../../../fixtures');

/** What a compile ends with: its files and roots, or its error's problems. */
async function outcome(
  compile: Promise<CompiledProtos>,
): Promise<{ compiled: CompiledProtos } | { problems: unknown }> {
  return compile.then(
    (compiled) => ({ compiled }),
    (error: { problems?: unknown }) => ({ problems: error.problems }),
  );
}

async function sameInWorker(request: CompileRequest): Promise<void> {
  const inline = await outcome(compileProtos(request));
  const worker = await outcome(compileInWorker(request));
  if ('problems' in inline) {
    expect(inline.problems).toBeDefined();
    // Run from sources, the worker is dist/'s and searches dist/protos; a bundle's worker shares its engine's folder.
    const searched = JSON.stringify(worker).replaceAll(
      join(process.cwd(), 'dist/protos/'),
      bundledProtoRoot(),
    );
    expect(JSON.parse(searched)).toEqual(inline);
    return;
  }
  if (!('compiled' in worker)) throw new Error(`the worker failed: ${JSON.stringify(worker)}`);
  const [a, b] = [inline.compiled, worker.compiled];
  expect(b.roots).toEqual(a.roots);
  expect(b.files.length).toBe(a.files.length);
  a.files.forEach((file, i) =>
    expect(equals(FileDescriptorProtoSchema, file, b.files[i] ?? file)).toBe(true),
  );
}

describe('compiling in the worker', () => {
  test('gives the very descriptors an inline compile gives, imports and source info included', async () => {
    const folder = join(fixtures, 'protos');
    const files = await findProtoFiles(folder);
    for (const file of files) await sameInWorker({ files: [file], importPaths: [folder] });
  });

  test('gives the same problems, at the same file:line:column, for every broken and badly linked fixture', async () => {
    for (const name of ['broken-protos', 'link-errors']) {
      const folder = join(fixtures, name);
      for (const file of await readdir(folder))
        await sameInWorker({ files: [join(folder, file)], importPaths: [] });
    }
  });

  test('resolves relative paths against the working directory, as inline', async () => {
    const folder = join(fixtures, 'protos');
    const file = relative(process.cwd(), join(folder, 'grpc/testing/test.proto'));
    await sameInWorker({ files: [file, 'nothere.proto'], importPaths: [relative(process.cwd(), folder)] });
    await sameInWorker({ files: [file], importPaths: [relative(process.cwd(), folder)] });
  });
});

describe('a schema built in slices', () => {
  test('has the services, types and imports of one built in one go', async () => {
    const folder = join(fixtures, 'protos');
    const { files } = await compileProtos({
      files: await findProtoFiles(join(folder, 'grpc')),
      importPaths: [folder],
    });
    const whole = new Schema(files);
    const sliced = await Schema.inSlices(files);
    expect(sliced.services()).toEqual(whole.services());
    expect([...sliced.registry].map((t) => t.typeName).sort()).toEqual(
      [...whole.registry].map((t) => t.typeName).sort(),
    );
    for (const file of whole.registry.files) {
      expect(sliced.registry.getFile(file.proto.name)?.dependencies.map((d) => d.proto.name)).toEqual(
        file.dependencies.map((d) => d.proto.name),
      );
    }
    const method = sliced.method('grpc.testing.TestService/UnaryCall');
    expect(method?.input).toBe(sliced.message('grpc.testing.SimpleRequest'));
  });
});
